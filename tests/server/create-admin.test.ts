import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The staff-account command as an operator runs it after `npm ci --omit=dev && npm run build`: plain Node, the
// command bundled with the server (server/create-admin.js). Its pieces are tested in scripts/create-admin.test.ts.

describe('npm run admin:create (the built command)', () => {
  const run = promisify(execFile)
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-admin-create-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const command = (args: string[], extraEnv: Record<string, string> = {}) => {
    // A plain environment: not the test runner's (its worker settings would reach the child), and always the
    // embedded database in a directory of its own.
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...extraEnv }
    return run(process.execPath, ['server/create-admin.js', ...args], {
      env,
      timeout: 120_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    )
  }

  it('migrates a new database, creates the account, then promotes it on a second run', async () => {
    const first = await command(['--email', 'staff@isoko.rw', '--name', 'Isoko Staff'], {
      ADMIN_PASSWORD: 'Imigongo-Art-2026',
    })
    expect(first).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Created the admin account staff@isoko.rw'),
    })
    const second = await command(['--email=staff@isoko.rw'])
    expect(second).toMatchObject({ code: 0, stdout: expect.stringContaining('is now an admin') })
  }, 240_000)

  it('fails with a clear message and a non-zero status', async () => {
    expect(await command([])).toMatchObject({ code: 2, stderr: expect.stringContaining('--email is required.') })
    expect(await command(['--email', 'nopass@isoko.rw'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No password: pass --password, set ADMIN_PASSWORD'),
    })
  }, 240_000)
})
