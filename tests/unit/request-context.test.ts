import { createRequestHandler, type ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { routeContext } from '#tests/routes.ts'

// The request context and the surface guards through React Router's own request handler (middleware, actions,
// loaders and the document, as the server runs them), on routes built from the app's own modules: the session is
// looked up at most once per request, and a surface's layout refuses a form post before any page action runs.

const ORIGIN = 'http://127.0.0.1:3000'
const PASSWORD = 'Kitenge-Blue-42'

let t: TestDatabase
let accounts: AccountsContext
let handler: (request: Request) => Promise<Response>
let sessionLookups = 0
/** Whether the unguarded stand-in page's action ran (a page that forgot to check: the layout must not let it). */
let strayActionRan = false
const cookies: Record<string, string> = {}

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module']

async function buildHandler() {
  const root = await import('#app/root.tsx')
  const storefront = await import('#app/routes/storefront/layout.tsx')
  const customerLayout = await import('#app/routes/account/customer-layout.tsx')
  const profile = await import('#app/routes/account/customer-profile.tsx')
  const adminLayout = await import('#app/routes/admin/layout.tsx')
  const vendorLayout = await import('#app/routes/vendor/layout.tsx')
  const stray: RouteModule = {
    default: () => null,
    loader: () => ({ ok: true }),
    action: () => {
      strayActionRan = true
      return { ok: true }
    },
  }
  const routes: [string, string | undefined, string | undefined, RouteModule][] = [
    ['root', undefined, '', root as unknown as RouteModule],
    ['storefront', 'root', undefined, storefront as unknown as RouteModule],
    ['customer', 'storefront', undefined, customerLayout as unknown as RouteModule],
    ['profile', 'customer', 'customer-dashboard/profile', profile as unknown as RouteModule],
    ['customer-stray', 'customer', 'customer-dashboard/stray', stray],
    ['admin', 'storefront', 'admin', adminLayout as unknown as RouteModule],
    ['admin-stray', 'admin', 'stray', stray],
    ['vendor', 'storefront', undefined, vendorLayout as unknown as RouteModule],
    ['vendor-stray', 'vendor', 'vendor-dashboard/stray', stray],
  ]
  const build: ServerBuild = {
    entry: {
      module: {
        // The document itself is not under test: what ran before it is.
        default: (_request, status, headers) => new Response('document', { status, headers }),
      },
    },
    routes: Object.fromEntries(routes.map(([id, parentId, path, module]) => [id, { id, parentId, path, module }])),
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: Object.fromEntries(
        routes.map(([id, parentId, path, module]) => [
          id,
          {
            id,
            parentId,
            path,
            module: `/${id}.js`,
            hasAction: 'action' in module,
            hasLoader: 'loader' in module,
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary: 'ErrorBoundary' in module,
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_middleware: true, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
  const handle = createRequestHandler(build, 'production')
  return (request: Request) => handle(request, routeContext(accounts))
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  const { createAccountsContext, createAccountDirect, signInWithPassword } = await import(
    '#app/modules/accounts/accounts.server.ts'
  )
  const { createCustomer } = await import('#app/modules/customers/customers.server.ts')
  accounts = createAccountsContext(t.ctx.db)
  for (const role of ['customer', 'vendor', 'admin'] as const) {
    const email = `${role}@example.rw`
    const created = await createAccountDirect(accounts, { name: role, email, password: PASSWORD, role })
    if (!created.ok) throw new Error(`account ${email}: ${created.reason}`)
    if (role === 'customer') {
      await createCustomer(t.ctx, { firstName: 'Aline', lastName: 'U', email, userId: created.userId })
    }
    const signedIn = await signInWithPassword(
      accounts,
      { request: new Request(`${ORIGIN}/customer-login`), clientAddress: '10.9.9.9' },
      { email, password: PASSWORD },
    )
    if (!signedIn.ok) throw new Error(`sign-in ${email}: ${signedIn.reason}`)
    cookies[role] = signedIn.cookies.map((c) => c.split(';')[0]).join('; ')
  }
  // Every session lookup of the routes goes through this one auth instance: count them.
  const getSession = accounts.auth.api.getSession
  accounts.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    sessionLookups++
    return getSession(...args)
  }) as typeof getSession
  handler = await buildHandler()
})

afterAll(async () => {
  await t?.close()
})

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
}

describe('one session lookup per request', () => {
  it('a page under a guarded layout: the guard, the root loader and the page loader share one lookup', async () => {
    sessionLookups = 0
    const response = await handler(
      new Request(`${ORIGIN}/customer-dashboard/profile`, { headers: { cookie: cookies.customer ?? '' } }),
    )
    expect(response.status).toBe(200)
    expect(sessionLookups).toBe(1)
  })

  it('a refused form post: the guard, the action and every loader after it share one lookup', async () => {
    sessionLookups = 0
    const response = await handler(
      post('/customer-dashboard/profile', { firstName: '', lastName: '', phone: 'not a phone' }, cookies.customer),
    )
    expect(response.status).toBe(400)
    expect(sessionLookups).toBe(1)
  })
})

describe('the surfaces’ layouts guard every form post', () => {
  const cases = [
    { path: '/customer-dashboard/stray', login: '/customer-login', wrong: 'vendor', home: '/vendor-dashboard' },
    { path: '/vendor-dashboard/stray', login: '/vendor-login', wrong: 'customer', home: '/customer-dashboard' },
    { path: '/admin/stray', login: '/customer-login', wrong: 'customer', home: '/customer-dashboard' },
  ] as const
  for (const { path, login, wrong, home } of cases) {
    it(`${path}: a visitor is sent to sign in and a ${wrong} home, before the page's action runs`, async () => {
      strayActionRan = false
      const visitor = await handler(post(path, { intent: 'anything' }))
      expect(visitor.status).toBe(302)
      expect(visitor.headers.get('Location')).toBe(`${login}?redirectTo=${encodeURIComponent(path)}`)
      const other = await handler(post(path, { intent: 'anything' }, cookies[wrong]))
      expect(other.status).toBe(302)
      expect(other.headers.get('Location')).toBe(home)
      expect(strayActionRan).toBe(false)
    })
  }

  it('lets the right account through to the action', async () => {
    strayActionRan = false
    const response = await handler(post('/admin/stray', { intent: 'anything' }, cookies.admin))
    expect(response.status).toBe(200)
    expect(strayActionRan).toBe(true)
  })
})
