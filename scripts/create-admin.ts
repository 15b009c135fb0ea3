// Creates a staff account from the command line, or gives an existing account the admin role:
//
//   npm run admin:create -- --email someone@example.rw [--name "Aline Uwase"] [--password ...]
//
// Without --password the password comes from the ADMIN_PASSWORD environment variable, else it is asked for on the
// terminal (not shown while typed). A password given with --password stays in the shell's history: prefer the
// prompt or ADMIN_PASSWORD. The database is the one the server uses (DATABASE_URL, else PGlite in DATA_DIR); it is
// migrated first. Exit status 0 on success, 1 when the account could not be made, 2 for a wrong command line.
import { z } from 'zod'
import { PasswordSchema } from '#app/modules/accounts/accounts.schemas.ts'
import { type AccountsContext, createAccountDirect, setRoleByEmail } from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'

export const USAGE = `Usage: npm run admin:create -- --email someone@example.rw [--name "Full Name"] [--password ...]

Creates an Isoko staff (admin) account, or makes an existing account an admin.
The password is read from --password, else from ADMIN_PASSWORD, else asked for on the terminal.`

export type CreateAdminArgs = { email: string; name?: string; password?: string }

/** Reads the command line; `help` when asked for it, an error message when it cannot be understood. */
export function parseArgs(
  argv: string[],
): { ok: true; args: CreateAdminArgs } | { ok: false; help: true } | { ok: false; help: false; message: string } {
  const values: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--help' || arg === '-h') return { ok: false, help: true }
    const m = arg.match(/^--(email|name|password)(?:=(.*))?$/)
    if (!m) return { ok: false, help: false, message: `Unknown argument: ${arg}` }
    const key = m[1] as string
    const value = m[2] ?? argv[++i]
    if (value === undefined || (m[2] === undefined && value.startsWith('--'))) {
      return { ok: false, help: false, message: `--${key} needs a value.` }
    }
    values[key] = value
  }
  if (!values.email) return { ok: false, help: false, message: '--email is required.' }
  return { ok: true, args: { email: values.email, name: values.name, password: values.password } }
}

const EmailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254))

/** The password rules' messages (catalogue ids of PasswordSchema), in English for the terminal. */
const passwordMessages: Record<string, string> = {
  'account.error.passwordShort': 'The password is too short: use at least 8 characters.',
  'account.error.passwordLong': 'The password is too long: use at most 128 characters.',
  'account.error.passwordCommon': 'The password is one of the most common ones: choose one that is harder to guess.',
  'account.error.passwordControl': 'The password contains control characters (tabs, line breaks): remove them.',
  'account.error.passwordBlank': 'The password is only spaces.',
  'account.error.passwordRepeated': 'The password is one character repeated: choose one that is harder to guess.',
  'account.error.passwordDemo': 'That is the public demo password: choose your own.',
}

export type CreateAdminOutcome =
  | { ok: true; action: 'created' | 'promoted'; email: string; userId?: string }
  | { ok: false; message: string }

/**
 * Makes `email` a staff account: gives an existing account the admin role (its password stays as it is), or
 * creates one with the password that `readPassword` gives (checked with the same rules as the sign-up forms).
 */
export async function createAdmin(
  ctx: AccountsContext,
  input: { email: string; name?: string; readPassword: () => Promise<string | null> },
): Promise<CreateAdminOutcome> {
  const email = EmailSchema.safeParse(input.email)
  if (!email.success) return { ok: false, message: `Not an e-mail address: ${input.email}` }
  const name = input.name?.trim() || 'Isoko Staff'
  if (name.length > 80) return { ok: false, message: 'The name is too long: use at most 80 characters.' }
  if (await setRoleByEmail(ctx, email.data, 'admin')) return { ok: true, action: 'promoted', email: email.data }

  const password = await input.readPassword()
  if (password == null) {
    return {
      ok: false,
      message: 'No password: pass --password, set ADMIN_PASSWORD, or run the command on a terminal to be asked.',
    }
  }
  const checked = PasswordSchema.safeParse(password)
  if (!checked.success) {
    const id = checked.error.issues[0]?.message ?? ''
    return { ok: false, message: passwordMessages[id] ?? `The password was refused (${id}).` }
  }
  const created = await createAccountDirect(ctx, { name, email: email.data, password: checked.data, role: 'admin' })
  if (created.ok) return { ok: true, action: 'created', email: email.data, userId: created.userId }
  // Someone made the account in the meantime: it becomes an admin like any existing one.
  if (created.reason === 'email-taken' && (await setRoleByEmail(ctx, email.data, 'admin'))) {
    return { ok: true, action: 'promoted', email: email.data }
  }
  if (created.reason === 'weak-password')
    return { ok: false, message: passwordMessages['account.error.passwordShort'] as string }
  return { ok: false, message: `The account could not be created (${created.reason}).` }
}

/** What was typed ahead of a question (both passwords pasted at once): the next question's answer. */
let typedAhead = ''

/**
 * Reads a line from the terminal without showing it; null when there is no terminal to ask on. Ctrl-C cancels,
 * backspace erases.
 */
export function promptHidden(question: string): Promise<string | null> {
  const { stdin, stdout } = process
  if (!stdin.isTTY || !stdout.isTTY) return Promise.resolve(null)
  stdout.write(question)
  return new Promise((resolve, reject) => {
    let value = ''
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      stdout.write('\n')
    }
    /** Takes typed characters; true when the line is complete. */
    const take = (chunk: string): boolean => {
      const chars = [...chunk]
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i] as string
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          // A line ending in \r\n is one line, not an answer and an empty one.
          const next = ch === '\r' && chars[i + 1] === '\n' ? i + 2 : i + 1
          typedAhead = chars.slice(next).join('')
          finish()
          resolve(value)
          return true
        }
        if (ch === '\u0003') {
          typedAhead = ''
          finish()
          reject(new Error('Cancelled: nothing was created.'))
          return true
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
        else if (ch >= ' ') value += ch
      }
      return false
    }
    const onData = (chunk: string) => {
      take(chunk)
    }
    stdin.setRawMode(true)
    stdin.setEncoding('utf8')
    stdin.on('data', onData)
    const ahead = typedAhead
    typedAhead = ''
    if (!take(ahead)) stdin.resume()
  })
}

/** --password, else ADMIN_PASSWORD, else asked twice on the terminal; null when none of these is possible. */
export function passwordReader(args: CreateAdminArgs, env: NodeJS.ProcessEnv = process.env) {
  return async (): Promise<string | null> => {
    if (args.password !== undefined) return args.password
    if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD
    const first = await promptHidden('Password for the new admin account: ')
    if (first == null) return null
    const second = await promptHidden('The same password again: ')
    if (first !== second) throw new Error('The two passwords differ: nothing was created.')
    return first
  }
}

/** The command itself: its exit status. `npm run admin:create` runs it from the build (server/create-admin.js). */
export async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2))
  if (!parsed.ok) {
    if (parsed.help) {
      console.log(USAGE)
      return 0
    }
    console.error(`${parsed.message}\n\n${USAGE}`)
    return 2
  }
  if (!EmailSchema.safeParse(parsed.args.email).success) {
    console.error(`Not an e-mail address: ${parsed.args.email}`)
    return 1
  }
  const { connectConfiguredDatabase } = await import('#app/lib/db.server.ts')
  const connection = connectConfiguredDatabase()
  try {
    await connection.migrate()
    const ctx: AccountsContext = {
      db: connection.db,
      auth: createAuth({
        db: connection.db,
        // Only hashes the password here: the session better-auth makes with the account is never handed out.
        secret: 'admin-create-only-secret-never-used-for-a-session',
        attemptsPerMinute: 1000,
        publicUrl: 'http://localhost:3000',
        sendPasswordReset: async () => {},
      }),
    }
    const outcome = await createAdmin(ctx, {
      email: parsed.args.email,
      name: parsed.args.name,
      readPassword: passwordReader(parsed.args),
    })
    if (!outcome.ok) {
      console.error(outcome.message)
      return 1
    }
    console.log(
      outcome.action === 'created'
        ? `Created the admin account ${outcome.email}. It signs in on /customer-login and lands on /admin.`
        : `${outcome.email} already had an account: it is now an admin (its password is unchanged).`,
    )
    return 0
  } finally {
    await connection.close()
  }
}
