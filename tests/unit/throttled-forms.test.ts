import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsContext, createAccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { callRoute, routeContext } from '#tests/routes.ts'

// The throttled forms through their routes (loaders and actions as the server calls them), on a database of this
// file's own: the answer past the limit is a 429 with the minutes to wait and what was typed, never a 500.

const ORIGIN = 'http://127.0.0.1:3000'

let t: TestDatabase
let accounts: AccountsContext

type Handler = (args: never) => unknown

/** What a loader or action answers, whether it returns or throws it. */
async function answer(handler: Handler, request: Request, clientAddress: string) {
  const out = await callRoute(handler, { request, params: {}, context: routeContext(accounts, { clientAddress }) })
  if (out instanceof Response) return { status: out.status, data: null as unknown, headers: out.headers }
  const value = out as { init?: { status?: number; headers?: HeadersInit }; data?: unknown; type?: string } | null
  if (value?.type === 'DataWithResponseInit') {
    return { status: value.init?.status ?? 200, data: value.data, headers: new Headers(value.init?.headers) }
  }
  return { status: 200, data: out, headers: new Headers() }
}

function post(path: string, fields: Record<string, string>): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  })
}

/** A customer account signed in; its session cookie. */
async function signedInCustomer(email: string): Promise<string> {
  const { createAccountDirect, signInWithPassword } = await import('#app/modules/accounts/accounts.server.ts')
  const { createCustomer } = await import('#app/modules/customers/customers.server.ts')
  const password = 'Kitenge-Blue-42'
  const created = await createAccountDirect(accounts, { name: 'Ruth', email, password, role: 'customer' })
  if (!created.ok) throw new Error(created.reason)
  await createCustomer(t.ctx, { firstName: 'Ruth', lastName: 'K', email, userId: created.userId })
  const signedIn = await signInWithPassword(
    accounts,
    { request: new Request(`${ORIGIN}/customer-login`), clientAddress: '10.8.4.1' },
    { email, password },
  )
  if (!signedIn.ok) throw new Error(signedIn.reason)
  return signedIn.cookies.map((c) => c.split(';')[0]).join('; ')
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  // The routes get this file's own database through their request context, as the server gives its own.
  accounts = createAccountsContext(t.ctx.db)
})
afterAll(() => t?.close())

describe('throttled forms', () => {
  it('refuses the sixth contact message in an hour from one address with 429, keeping what was typed', async () => {
    const { action } = await import('#app/routes/storefront/help.tsx')
    const fields = { name: 'Aline', email: 'aline@example.rw', subject: 'Delivery', message: 'How long to Huye?' }
    for (let i = 0; i < 5; i++) {
      expect((await answer(action, post('/help', fields), '10.8.0.1')).status).toBe(200)
    }
    const refused = await answer(action, post('/help', fields), '10.8.0.1')
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ ok: false, wait: expect.any(Number), values: fields })
    expect((refused.data as { wait: number }).wait).toBeLessThanOrEqual(60)
    expect((await answer(action, post('/help', fields), '10.8.0.2')).status).toBe(200)
  })

  it('refuses the sixth newsletter subscription in an hour from one address with 429, and sends no e-mail for it', async () => {
    const { action } = await import('#app/routes/api/newsletter.ts')
    const subscribe = (n: number) =>
      answer(action, post('/api/newsletter', { email: `reader${n}@example.rw`, js: '1' }), '10.8.1.1')
    for (let i = 0; i < 5; i++) expect(await subscribe(i)).toMatchObject({ status: 200, data: { ok: true } })
    expect(await subscribe(5)).toMatchObject({
      status: 429,
      data: { ok: false, code: 'limited', minutes: expect.any(Number) },
    })
    expect(await listMessages(t.ctx, { recipient: 'reader5@example.rw' })).toEqual([])
    const [mail] = await listMessages(t.ctx, { recipient: 'reader0@example.rw' })
    expect(mail?.body).toMatch(/\/newsletter\/confirm\?token=/)
  })

  it('answers a 429 with Retry-After past 120 searches a minute from one address; browsing without q is not counted', async () => {
    const { loader } = await import('#app/routes/storefront/products.tsx')
    const search = () => answer(loader, new Request(`${ORIGIN}/products?q=kitenge`), '10.8.2.1')
    let last = await search()
    for (let i = 1; i < 121 && last.status === 200; i++) last = await search()
    // Past the minute's end the count starts again, so the 121st may land in a new minute: try once more then.
    if (last.status === 200) {
      for (let i = 0; i < 121 && last.status === 200; i++) last = await search()
    }
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('Retry-After'))).toBeGreaterThan(0)
    const browse = await answer(loader, new Request(`${ORIGIN}/products`), '10.8.2.1')
    expect(browse.status).toBe(200)
  })

  it('refuses the eleventh return request in an hour with 429 before any photo is encoded, keeping what was typed', async () => {
    const cookie = await signedInCustomer('returner@example.rw')
    const { action } = await import('#app/routes/account/customer-return.tsx')
    const fields = { quantity: '1', reason: 'wrong_size', resolution: 'refund', note: 'Too small at the shoulders.' }
    const ask = (address: string) => {
      const body = new FormData()
      for (const [k, v] of Object.entries(fields)) body.set(k, v)
      const request = new Request(`${ORIGIN}/customer-dashboard/orders/ISK-NONE/return/1`, {
        method: 'POST',
        body,
        headers: { cookie },
      })
      return callRoute(action, {
        request,
        params: { number: 'ISK-NONE', lineId: '1' },
        context: routeContext(accounts, { clientAddress: address }),
      }).then(
        (out) => out,
        (thrown: unknown) => thrown,
      )
    }
    const statusOf = (out: unknown) =>
      out instanceof Response ? out.status : ((out as { init?: { status?: number } } | null)?.init?.status ?? 200)
    // No such order: each request is counted, then answered 404.
    for (let i = 0; i < 10; i++) expect(statusOf(await ask(`10.8.4.${i + 2}`))).toBe(404)
    const refused = await ask('10.8.4.99')
    expect(statusOf(refused)).toBe(429)
    expect((refused as { data: unknown }).data).toMatchObject({
      errors: { form: 'throttle.tooMany' },
      values: { quantity: '1', note: 'Too small at the shoulders.' },
      messageValues: { minutes: expect.any(Number) },
    })
  })

  it('refuses the sixth support chat an account starts in an hour with 429, keeping what was typed', async () => {
    const cookie = await signedInCustomer('chatty@example.rw')
    const { action } = await import('#app/routes/account/customer-support.tsx')
    const fields = { subject: 'Where is my parcel?', message: 'It was due on Monday in Huye.' }
    const start = (address: string) =>
      answer(
        action,
        new Request(`${ORIGIN}/customer-dashboard/support`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
        }),
        address,
      )
    // From five addresses: the account's own limit refuses the sixth.
    for (let i = 0; i < 5; i++) expect((await start(`10.8.5.${i}`)).status).toBe(302)
    const refused = await start('10.8.5.99')
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ errors: { form: 'throttle.tooMany' }, values: fields })
  })

  it('refuses a sign-in held back by failures with 429 and the minutes to wait', async () => {
    const { action } = await import('#app/routes/account/customer-login.tsx')
    const attempt = (address: string) =>
      answer(action, post('/customer-login', { email: 'someone@example.rw', password: 'wrong-guess-1' }), address)
    for (let i = 0; i < 5; i++) expect((await attempt(`10.8.3.${i}`)).status).toBe(400)
    const refused = await attempt('10.8.3.9')
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({
      errors: { form: 'account.error.locked' },
      values: { email: 'someone@example.rw' },
      messageValues: { minutes: 1 },
    })
  })
})
