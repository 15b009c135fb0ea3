import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addressFields } from '#app/modules/customers/customers.schemas.ts'
import { storeSettingsFields } from '#app/modules/vendors/store-settings.schemas.ts'
import {
  type Attempt,
  COMMON_QUERY,
  CookieJar,
  encodedPairs,
  encodeValue,
  failuresOf,
  HOSTILE,
  type Hostile,
  MULTIPART_ONLY,
  multipartBody,
  ODD_NAMES,
  rotated,
  sendAll,
  slowest,
  unescapeHtml,
} from './fuzz-kit.ts'
import { freePort, type RunningServer, startServer, tempDataDir } from './harness.ts'

// The fuzz of forms and query parameters (issue 11): every public route of app/routes.ts, as a visitor, a customer,
// a vendor and an admin where it matters, is sent hostile query strings, forms (URL-encoded and multipart, with
// every field its action reads), other body types and malformed cookies. No answer may be a 5xx, and the server
// may log no unexpected error. The built server runs once, on the demo catalogue, with one real order, address and
// conversation, so that pages with ids are reached with real ones as well as unknown and garbage ones.

const data = tempDataDir()
let server: RunningServer
let base = ''

type Role = 'anonymous' | 'customer' | 'vendor' | 'admin'
const jars: Record<Role, CookieJar> = {
  anonymous: new CookieJar(),
  customer: new CookieJar(),
  vendor: new CookieJar(),
  admin: new CookieJar(),
}

/** Real ids found in the seeded data (and made by the set-up), for the pages that take one. */
const real = {
  slug: '',
  productId: '',
  variantId: '',
  addressId: '',
  orderNumber: '',
  conversationId: '',
  vendorOrderId: '',
  vendorProductId: '',
  vendorVariantId: '',
  vendorConversationId: '',
  reviewId: '',
  photoId: '',
  categoryId: '',
}

const CUSTOMER_PASSWORD = `Fuzz-${randomUUID().slice(0, 8)}-Pass9`

async function seed(env: Record<string, string>) {
  // The demo catalogue without encoding its pictures (rows still name them): a minute less.
  const child = spawn(process.execPath, ['--import', 'tsx', 'db/seed/index.ts', '--demo-if-empty', '--no-pictures'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  })
  let output = ''
  child.stdout.on('data', (c) => {
    output += c
  })
  child.stderr.on('data', (c) => {
    output += c
  })
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`the seed failed:\n${output}`)
}

/** A request as one visitor, keeping the cookies it is sent (the set-up's requests, not the fuzz's). */
async function as(role: Role, method: string, path: string, form?: Record<string, string>) {
  const response = await fetch(base + path, {
    method,
    redirect: 'manual',
    headers: {
      cookie: jars[role].header(),
      ...(form ? { origin: base, 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  })
  jars[role].store(response)
  return { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() }
}

function first(text: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(text)
  if (!match?.[1]) throw new Error(`set-up: no ${what} found`)
  return unescapeHtml(match[1])
}

/** A customer with a saved address, one cash-on-delivery order from store 1 and a conversation with it. */
async function setUpCustomer() {
  const email = `fuzz-${randomUUID().slice(0, 8)}@example.rw`
  const signup = await as('customer', 'POST', '/customer-signup', {
    firstName: 'Fuzz',
    lastName: 'Tester',
    email,
    password: CUSTOMER_PASSWORD,
    confirmPassword: CUSTOMER_PASSWORD,
  })
  expect(signup.status, signup.text.slice(0, 500)).toBe(302)

  // Store 1's products come in sizes and colours, so its cards lead to the product page: add from there, by the
  // size and colour the page offers first, as a shopper does; the cart then names the variant.
  const store = await as('anonymous', 'GET', '/vendor/1')
  const slugs = [...new Set([...store.text.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1] as string))]
  for (const slug of slugs.slice(0, 12)) {
    const page = await as('anonymous', 'GET', `/products/${slug}`)
    const productId = /name="productId" value="(\d+)"/.exec(page.text)?.[1]
    if (!productId) continue
    const values = (name: string) =>
      [...page.text.matchAll(/<input[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes(`name="${name}"`))
        .map((tag) => unescapeHtml(/value="([^"]*)"/.exec(tag)?.[1] ?? ''))
    const colours = values('colour')
    const sizes = values('size')
    for (const colour of colours.length > 0 ? colours : ['']) {
      for (const size of sizes.length > 0 ? sizes : ['']) {
        const choice = { intent: 'add', productId, colour, size, quantity: '1', js: '1' }
        const added = await as('customer', 'POST', '/api/cart', choice)
        if (added.status === 200 && JSON.parse(added.text).ok) {
          const cart = await as('customer', 'GET', '/cart')
          real.variantId = first(cart.text, /name="variantId" value="(\d+)"/, 'variant id in the cart')
          break
        }
      }
      if (real.variantId) break
    }
    if (real.variantId) break
  }
  expect(real.variantId, 'an in-stock variant of store 1').not.toBe('')

  const address = await as('customer', 'POST', '/customer-dashboard/addresses/new?from=checkout', {
    label: 'Home',
    recipient: 'Fuzz Tester',
    phone: '0788 123 456',
    province: 'Kigali',
    district: 'Kicukiro',
    sector: 'Niboye',
    cell: 'Niboye',
    landmark: 'Blue gate',
    isDefault: 'on',
  })
  real.addressId = first(address.location, /address=(\d+)/, 'address id')
  const steps: Record<string, string>[] = [
    { intent: 'address', addressId: real.addressId },
    { intent: 'delivery', delivery: 'standard' },
    { intent: 'payment', method: 'cod' },
  ]
  for (const step of steps) {
    const answer = await as('customer', 'POST', '/checkout', step)
    expect(answer.status, `checkout ${step.intent}: ${answer.text.slice(0, 300)}`).toBe(302)
  }
  const review = await as('customer', 'GET', '/checkout?step=review')
  const placed = await as('customer', 'POST', '/checkout', {
    intent: 'place',
    checkoutKey: first(review.text, /name="checkoutKey" value="([^"]+)"/, 'checkout key'),
    seen: first(review.text, /name="seen" value="([^"]+)"/, 'seen lines'),
  })
  real.orderNumber = first(placed.location, /(ISK-\d+)/, `order number in ${placed.status} ${placed.location}`)

  const message = await as('customer', 'POST', '/customer-dashboard/messages/new?store=1', {
    body: 'Hello, is this still in stock?',
  })
  real.conversationId = first(message.location, /messages\/(\d+)/, 'conversation id')

  const products = await as('anonymous', 'GET', '/products')
  real.slug = first(products.text, /href="\/products\/([a-z0-9-]+)"/, 'product slug')
  const product = await as('anonymous', 'GET', `/products/${real.slug}`)
  real.productId = first(product.text, /name="productId" value="(\d+)"/, 'product id')
}

async function setUpVendorAndAdmin() {
  const vendor = await as('vendor', 'POST', '/vendor-login', { email: 'vendor@isoko.rw', password: 'Isoko-Demo-2026' })
  expect(vendor.status).toBe(302)
  const admin = await as('admin', 'POST', '/customer-login', { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  expect(admin.status).toBe(302)

  const orders = await as('vendor', 'GET', '/vendor-dashboard/orders')
  real.vendorOrderId = first(orders.text, /href="\/vendor-dashboard\/orders\/(\d+)"/, 'vendor order id')
  const products = await as('vendor', 'GET', '/vendor-dashboard/products')
  real.vendorProductId = first(products.text, /href="\/vendor-dashboard\/products\/(\d+)"/, 'vendor product id')
  const editor = await as('vendor', 'GET', `/vendor-dashboard/products/${real.vendorProductId}`)
  real.photoId = first(editor.text, /name="photoId" value="(\d+)"/, 'photo id')
  real.categoryId = first(editor.text, /<option value="(\d+)"/, 'category id')
  const inventory = await as('vendor', 'GET', '/vendor-dashboard/inventory')
  real.vendorVariantId = first(inventory.text, /name="variantId" value="(\d+)"/, 'inventory variant id')
  const reviews = await as('vendor', 'GET', '/vendor-dashboard/reviews')
  real.reviewId = first(reviews.text, /name="reviewId" value="(\d+)"/, 'review id')
  const messages = await as('vendor', 'GET', '/vendor-dashboard/messages')
  real.vendorConversationId = first(messages.text, /href="\/vendor-dashboard\/messages\/(\d+)"/, 'conversation id')
}

beforeAll(async () => {
  const env = {
    DATA_DIR: data.dir,
    SIMULATOR_PORT: String(await freePort()),
    THROTTLE_SCALE: '1000',
    AUTH_ATTEMPTS_PER_MINUTE: '100000',
  }
  await seed(env)
  server = await startServer(env)
  base = server.url
  await setUpCustomer()
  await setUpVendorAndAdmin()
}, 240_000)

afterAll(async () => {
  await server?.stop()
  data.remove()
})

// ---------------------------------------------------------------------------------------------------------------
// The routes (app/routes.ts), with the query names each page reads and the fields each action reads.

type Form = {
  /** The `intent` values the action knows; each is tried with every hostile value in the other fields. */
  intents?: string[]
  fields: string[]
  /** A form the action would mostly accept: each field in turn is made hostile, so that checks further in run. */
  valid?: Record<string, string>
  roles?: Role[]
}
type Target = { path: string; roles: Role[]; query?: string[]; form?: Form; callback?: 'json' }

const VISITORS: Role[] = ['anonymous', 'customer']
const CUSTOMER: Role[] = ['customer', 'anonymous', 'vendor']
const VENDOR: Role[] = ['vendor', 'anonymous', 'customer']
const ADMIN: Role[] = ['admin', 'anonymous', 'customer']
const UNKNOWN_ID = '999999999'
/** Path parameters nobody should send: the pages answer 404 (or 400), never 500. */
const GARBAGE_IDS = ['-1', 'abc', '2147483648', '99999999999999999999', '%C3%BC%F0%9F%98%80', '%E0%A4%A']

// The forms' own field lists, so that a field added to a form is fuzzed too.
const ADDRESS_FIELDS = [...addressFields, 'isDefault']
const VALID_ADDRESS = {
  label: 'Work',
  recipient: 'Fuzz Tester',
  phone: '0788 123 456',
  province: 'Kigali',
  district: 'Gasabo',
  sector: 'Kimironko',
  cell: 'Bibare',
  landmark: 'Near the market',
}
const PRODUCT_FIELDS = [
  'title',
  'description',
  'categoryId',
  'price',
  'compareAtPrice',
  'badge',
  'status',
  'variants[0].id',
  'variants[0].size',
  'variants[0].colour',
  'variants[0].sku',
  'variants[0].stock',
  'photoId',
  'direction',
  'alt',
]
const PRODUCT_INTENTS = [
  'save',
  'addVariant',
  'removeVariant:0',
  'removeVariant:99999999999',
  'uploadPhotos',
  'movePhoto',
  'mainPhoto',
  'deletePhoto',
  'photoAlt',
]
const THREAD: Form = { intents: ['reply', 'report'], fields: ['body', 'reason'] }

function targets(): { main: Target[]; ids: Target[]; last: Target[] } {
  const main: Target[] = [
    // Resource routes.
    {
      path: '/api/cart',
      roles: VISITORS,
      form: {
        intents: ['add', 'set', 'remove', 'clear'],
        fields: ['variantId', 'quantity', 'js', 'redirectTo'],
        valid: { variantId: real.variantId, quantity: '1', js: '1', redirectTo: '/cart' },
      },
    },
    {
      path: '/api/favorites',
      roles: VISITORS,
      form: {
        intents: ['toggle', 'add', 'remove'],
        fields: ['productId', 'js', 'redirectTo'],
        valid: { productId: real.productId, js: '1', redirectTo: '/favorites' },
      },
    },
    {
      path: '/api/follow',
      roles: VISITORS,
      form: {
        intents: ['follow', 'unfollow'],
        fields: ['vendorId', 'js', 'redirectTo'],
        valid: { vendorId: '2', js: '1', redirectTo: '/vendors' },
      },
    },
    {
      path: '/api/newsletter',
      roles: VISITORS,
      form: {
        fields: ['email', 'js', 'redirectTo'],
        valid: { email: 'fuzz-news@example.rw', js: '', redirectTo: '/' },
      },
    },
    { path: '/api/payments/momo/callback/unknown-reference', roles: ['anonymous'], callback: 'json' },
    { path: `/api/payments/momo/callback/${real.orderNumber}`, roles: ['anonymous'], callback: 'json' },
    { path: '/api/payments/airtel/callback', roles: ['anonymous'], callback: 'json' },
    { path: '/api/payments/card/webhook', roles: ['anonymous'], callback: 'json' },
    {
      path: '/api/sms/delivery-report?key=not-the-secret',
      roles: ['anonymous'],
      form: { fields: ['id', 'status', 'failureReason', 'phoneNumber', 'networkCode', 'retryCount'] },
    },
    { path: '/healthz', roles: ['anonymous'] },
    { path: '/vendor-dashboard/inventory.csv', roles: VENDOR, query: ['filter', 'q'] },
    { path: '/auth/customer/signup', roles: ['anonymous'] },
    { path: '/auth/vendor/signup', roles: ['anonymous'] },
    { path: '/auth/customer/login', roles: ['anonymous'] },
    { path: '/auth/vendor/login', roles: ['anonymous'] },

    // The storefront.
    { path: '/', roles: ['anonymous', 'customer', 'vendor', 'admin'] },
    {
      path: '/products',
      roles: VISITORS,
      query: ['q', 'category', 'subcategory', 'min', 'max', 'sort', 'sale', 'page'],
    },
    { path: `/products/${real.slug}`, roles: VISITORS, query: ['size', 'colour', 'variant'] },
    { path: '/products/no-such-product', roles: ['anonymous'] },
    { path: '/vendors', roles: VISITORS, query: ['q', 'category', 'district', 'sort', 'page', 'region'] },
    { path: '/vendor', roles: ['anonymous'], query: ['q', 'sort', 'page'] },
    { path: '/vendor/1', roles: VISITORS, query: ['q', 'sort', 'page'] },
    { path: `/vendor/${UNKNOWN_ID}`, roles: ['anonymous'] },
    { path: '/cart', roles: VISITORS },
    { path: '/favorites', roles: VISITORS },
    {
      path: '/checkout',
      roles: CUSTOMER,
      query: ['step', 'address'],
      form: {
        intents: ['address', 'delivery', 'payment', 'place'],
        fields: ['addressId', 'delivery', 'method', 'phone', 'checkoutKey', 'seen'],
        valid: {
          addressId: real.addressId,
          delivery: 'standard',
          method: 'momo',
          phone: '0788123456',
          checkoutKey: randomUUID(),
          seen: '[]',
        },
      },
    },
    {
      path: `/checkout/pay/${real.orderNumber}`,
      roles: CUSTOMER,
      form: { intents: ['pay'], fields: ['method', 'phone'], valid: { method: 'momo', phone: '0788123456' } },
    },
    {
      path: `/checkout/pay/${real.orderNumber}/return`,
      roles: CUSTOMER,
      query: ['status', 'tx_ref', 'transaction_id'],
    },
    {
      path: '/help',
      roles: VISITORS,
      form: {
        fields: ['name', 'email', 'subject', 'message'],
        valid: {
          name: 'Fuzz',
          email: 'fuzz@example.rw',
          subject: 'Order',
          message: 'A question about my order, please.',
        },
      },
    },
    { path: '/newsletter/confirm', roles: ['anonymous'], query: ['token'], form: { fields: ['token'] } },
    { path: '/privacy-policy', roles: ['anonymous'] },
    { path: '/terms', roles: ['anonymous'] },
    { path: '/returns', roles: ['anonymous'] },
    { path: '/refund-policy', roles: ['anonymous'] },
    { path: '/about', roles: ['anonymous'] },
    { path: '/no-such-page', roles: VISITORS },
    { path: '/a/b/c/d/e', roles: ['anonymous'] },

    // Accounts.
    {
      path: '/customer-login',
      roles: VISITORS,
      query: ['redirectTo'],
      form: {
        fields: ['email', 'password', 'redirectTo'],
        valid: { email: 'nobody@example.rw', password: 'Not-The-Password-1', redirectTo: '/' },
        roles: ['anonymous'],
      },
    },
    {
      path: '/vendor-login',
      roles: VISITORS,
      query: ['redirectTo'],
      form: { fields: ['email', 'password', 'redirectTo'], roles: ['anonymous'] },
    },
    {
      path: '/customer-signup',
      roles: VISITORS,
      query: ['redirectTo'],
      form: {
        fields: ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'redirectTo'],
        valid: {
          firstName: 'Ann',
          lastName: 'Fuzz',
          email: 'fuzz-signup@example.rw',
          password: 'Signup-Fuzz-2026',
          confirmPassword: 'Signup-Fuzz-2026',
        },
        roles: ['anonymous'],
      },
    },
    {
      path: '/vendor-onboarding',
      roles: VISITORS,
      form: {
        fields: [
          'ownerName',
          'businessName',
          'email',
          'phone',
          'businessAddress',
          'businessDescription',
          'district',
          'categories',
          'password',
          'confirmPassword',
        ],
        valid: {
          ownerName: 'Fuzz Owner',
          businessName: 'Fuzz Boutique',
          email: 'fuzz-vendor@example.rw',
          phone: '0788 555 123',
          businessAddress: 'KG 11 Ave, Kigali',
          businessDescription: 'Clothes and shoes for the whole family, made in Kigali.',
          district: 'Gasabo',
          categories: 'women',
          password: 'Vendor-Fuzz-2026',
          confirmPassword: 'Vendor-Fuzz-2026',
        },
        roles: ['anonymous'],
      },
    },
    { path: '/forgot-password', roles: VISITORS, form: { fields: ['email'], valid: { email: 'nobody@example.rw' } } },
    {
      path: '/reset-password?token=not-a-token',
      roles: VISITORS,
      query: ['token'],
      form: { fields: ['password', 'confirmPassword'], roles: ['anonymous'] },
    },
    { path: '/delete-account', roles: CUSTOMER },
    { path: '/customer-dashboard', roles: CUSTOMER },
    {
      path: '/customer-dashboard/profile',
      roles: CUSTOMER,
      form: {
        fields: ['firstName', 'lastName', 'phone'],
        valid: { firstName: 'Fuzz', lastName: 'Tester', phone: '0788 123 456' },
      },
    },
    {
      path: '/customer-dashboard/addresses',
      roles: CUSTOMER,
      form: { intents: ['delete', 'default'], fields: ['addressId'] },
    },
    {
      path: '/customer-dashboard/addresses/new',
      roles: CUSTOMER,
      query: ['cascade', 'from', ...ADDRESS_FIELDS],
      form: { fields: ADDRESS_FIELDS, valid: VALID_ADDRESS },
    },
    {
      path: `/customer-dashboard/addresses/${real.addressId}`,
      roles: CUSTOMER,
      query: ['cascade', ...ADDRESS_FIELDS],
      form: { fields: ADDRESS_FIELDS, valid: { ...VALID_ADDRESS, label: 'Home' } },
    },
    {
      path: '/customer-dashboard/password',
      roles: CUSTOMER,
      form: { fields: ['currentPassword', 'password', 'confirmPassword'] },
    },
    { path: '/customer-dashboard/orders', roles: CUSTOMER, query: ['page'] },
    { path: `/customer-dashboard/orders/${real.orderNumber}`, roles: CUSTOMER, query: ['placed'] },
    { path: '/customer-dashboard/messages', roles: CUSTOMER, query: ['page'] },
    {
      path: '/customer-dashboard/messages/new?store=1',
      roles: CUSTOMER,
      query: ['store'],
      form: { fields: ['body'], valid: { body: 'Do you have this in blue?' } },
    },
    { path: `/customer-dashboard/messages/${real.conversationId}`, roles: CUSTOMER, form: THREAD },
    { path: '/customer-dashboard/reviews', roles: CUSTOMER, query: ['page'] },
    {
      path: `/customer-dashboard/reviews/${real.productId}`,
      roles: CUSTOMER,
      form: { fields: ['rating', 'body'], valid: { rating: '5', body: 'Lovely fabric, fits well.' } },
    },

    // The vendor's workspace.
    { path: '/vendor-dashboard', roles: VENDOR },
    {
      path: '/vendor-dashboard/settings',
      roles: VENDOR,
      query: ['saved'],
      form: {
        intents: ['settings', 'logo', 'banner', 'remove-logo', 'remove-banner'],
        fields: [...storeSettingsFields, 'file'],
        valid: {
          name: 'Fuzz Fashion House',
          description: 'Clothes for every day, sewn in Kigali.',
          about: 'We sew and sell.',
          district: 'Gasabo',
          specialties: 'Dresses, Shirts',
          returns: '7 days',
          shipping: 'Kigali in 2 days',
          warranty: 'None',
          responseTime: 'day',
        },
      },
    },
    { path: '/vendor-dashboard/orders', roles: VENDOR, query: ['status', 'page'] },
    {
      path: `/vendor-dashboard/orders/${real.vendorOrderId}`,
      roles: VENDOR,
      form: { intents: ['packed', 'dispatched', 'delivered', 'cash'], fields: ['note'] },
    },
    { path: '/vendor-dashboard/analytics', roles: VENDOR, query: ['days'] },
    {
      path: '/vendor-dashboard/inventory',
      roles: VENDOR,
      query: ['filter', 'q', 'page', 'saved', 'updated'],
      form: {
        intents: ['stock', 'preview', 'apply'],
        fields: ['variantId', 'stock', 'csv', 'file'],
        valid: { variantId: real.vendorVariantId, stock: '7', csv: 'sku,stock\nX-1,3\n' },
      },
    },
    { path: '/vendor-dashboard/messages', roles: VENDOR, query: ['page'] },
    { path: `/vendor-dashboard/messages/${real.vendorConversationId}`, roles: VENDOR, form: THREAD },
    {
      path: '/vendor-dashboard/reviews',
      roles: VENDOR,
      query: ['filter', 'page'],
      form: { fields: ['reviewId', 'reply'], valid: { reviewId: real.reviewId, reply: 'Thank you for your words!' } },
    },
    { path: '/vendor-dashboard/products', roles: VENDOR, query: ['status', 'q', 'page'] },
    {
      path: '/vendor-dashboard/products/new',
      roles: VENDOR,
      form: {
        intents: PRODUCT_INTENTS,
        fields: PRODUCT_FIELDS,
        valid: {
          title: 'Fuzz kitenge dress',
          description: 'A dress in kitenge print, sewn in Kigali.',
          categoryId: real.categoryId,
          price: '25000',
          status: 'draft',
          'variants[0].size': 'M',
          'variants[0].sku': 'FUZZ-DRESS-M',
          'variants[0].stock': '4',
        },
      },
    },
    {
      path: `/vendor-dashboard/products/${real.vendorProductId}`,
      roles: VENDOR,
      form: { intents: PRODUCT_INTENTS, fields: PRODUCT_FIELDS, valid: { photoId: real.photoId, alt: 'Front view' } },
    },

    // The admin console.
    { path: '/admin', roles: ADMIN, query: ['status', 'q', 'page', 'sort'] },
    {
      path: `/admin/stores/${UNKNOWN_ID}`,
      roles: ADMIN,
      form: {
        intents: ['approve', 'reject', 'suspend', 'reinstate', 'verify', 'unverify'],
        fields: ['reason'],
        valid: { reason: 'Checked by the fuzz.' },
      },
    },
    { path: '/admin/stores', roles: ADMIN, query: ['status', 'q', 'page'] },
    { path: '/admin/customers', roles: ADMIN, query: ['q', 'page'] },
    {
      path: '/admin/products',
      roles: ADMIN,
      query: ['view', 'q', 'store', 'page'],
      form: {
        intents: ['hide', 'unhide', 'reviewed'],
        fields: ['productId', 'reason'],
        valid: { productId: UNKNOWN_ID, reason: 'Checked by the fuzz.' },
      },
    },
    {
      path: '/admin/categories',
      roles: ADMIN,
      form: {
        intents: ['add', 'rename', 'move', 'hide', 'show'],
        fields: ['categoryId', 'parentId', 'en', 'rw', 'fr'],
        valid: { categoryId: UNKNOWN_ID, parentId: UNKNOWN_ID, en: 'Fuzz' },
      },
    },
    { path: '/admin/support', roles: ADMIN, query: ['page'] },
    { path: '/admin/newsletter', roles: ADMIN, query: ['page'] },
    { path: '/admin/mailbox', roles: ADMIN, query: ['to'] },
    { path: '/admin/orders', roles: ADMIN, query: ['status', 'q', 'page'] },
    { path: `/admin/orders/${real.orderNumber}`, roles: ADMIN },
    { path: '/admin/conversations', roles: ADMIN, query: ['page'] },
    { path: `/admin/conversations/${real.conversationId}`, roles: ADMIN },
  ]

  // Every page with an id in its path, again with an unknown id and with garbage ones.
  const withIds: [string, Role[], Form | undefined][] = [
    ['/products/:id', VISITORS, undefined],
    ['/vendor/:id', VISITORS, undefined],
    ['/checkout/pay/:id', CUSTOMER, { intents: ['pay', 'cancel'], fields: ['method', 'phone'] }],
    ['/checkout/pay/:id/return', CUSTOMER, undefined],
    ['/customer-dashboard/addresses/:id', CUSTOMER, { fields: ADDRESS_FIELDS, valid: VALID_ADDRESS }],
    ['/customer-dashboard/orders/:id', CUSTOMER, { intents: ['cancel'], fields: [] }],
    ['/customer-dashboard/messages/:id', CUSTOMER, THREAD],
    ['/customer-dashboard/reviews/:id', CUSTOMER, { fields: ['rating', 'body'], valid: { rating: '5', body: 'Good' } }],
    ['/vendor-dashboard/orders/:id', VENDOR, { intents: ['packed', 'cash'], fields: [] }],
    ['/vendor-dashboard/messages/:id', VENDOR, THREAD],
    ['/vendor-dashboard/products/:id', VENDOR, { intents: PRODUCT_INTENTS, fields: PRODUCT_FIELDS }],
    ['/admin/orders/:id', ADMIN, undefined],
    ['/admin/stores/:id', ADMIN, { intents: ['verify', 'approve'], fields: ['reason'] }],
    ['/admin/conversations/:id', ADMIN, undefined],
    ['/api/payments/momo/callback/:id', ['anonymous'], undefined],
  ]
  const ids: Target[] = []
  for (const [pattern, roles, form] of withIds) {
    for (const id of [UNKNOWN_ID, 'ISK-999999', ...GARBAGE_IDS]) {
      ids.push({
        path: pattern.replace(':id', id),
        roles: roles.slice(0, 1),
        form: form && { ...form, valid: undefined },
      })
    }
  }

  // Last: the requests that may end the sessions or the order the other pages use.
  const last: Target[] = [
    {
      path: `/customer-dashboard/orders/${real.orderNumber}`,
      roles: ['customer'],
      form: { intents: ['cancel'], fields: [] },
    },
    { path: `/checkout/pay/${real.orderNumber}`, roles: ['customer'], form: { intents: ['cancel'], fields: [] } },
    { path: '/delete-account', roles: ['customer'], form: { fields: ['password', 'confirm'] } },
    { path: '/sign-out', roles: ['anonymous', 'customer', 'vendor', 'admin'], form: { fields: ['redirectTo'] } },
  ]
  return { main, ids, last }
}

// ---------------------------------------------------------------------------------------------------------------
// What is sent.

const MALFORMED_COOKIES =
  'isoko_guest=%E0%A4%A; isoko_checkout=%%%; isoko_flash=garbage; better-auth.session_token=%FF; isoko.session_token=%FF; "quoted=1; =novalue; noequals'
/** Well-formed cookies with values the server never signed. */
const FORGED_COOKIES =
  'isoko_guest=abc.def; isoko_checkout=eyJrZXkiOjF9.forged; isoko_flash=e30; isoko.session_token=forged.token; isoko_locale=zz-ZZ; isoko.session_data=e30'

/** The visitor's own cookies followed by others (a repeated name keeps the visitor's first). */
function cookies(role: Role, extra?: string): Record<string, string> {
  const own = jars[role].header()
  const value = [own, extra].filter(Boolean).join('; ')
  return value ? { cookie: value } : {}
}

function withQuery(path: string, query: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}

/** Query and form values that pass the request guards (NUL and control characters are refused there). */
const PASSING = HOSTILE.filter((h) => !['nul', 'controls', 'header-injection'].includes(h.name))
const REFUSED = HOSTILE.filter((h) => ['nul', 'controls', 'header-injection'].includes(h.name))
const QUERY_ROUNDS = 2

/**
 * GETs of one page. `full` for the page's main visitor: hostile values in rounds over the page's own query names
 * and the common ones, arrays, odd names, long values, hostile headers and cookies. Otherwise a few of them.
 */
function getAttempts(target: Target, role: Role, full: boolean): Attempt[] {
  const own = [...new Set([...(target.query ?? []), 'q', 'page', 'redirectTo'])]
  const names = [...new Set([...own, ...COMMON_QUERY])]
  const get = (label: string, path: string, headers: Record<string, string> = cookies(role)): Attempt => ({
    label: `${role} ${label}`,
    method: 'GET',
    path,
    headers,
  })
  const rounds = full ? QUERY_ROUNDS : 1
  const attempts = [get('plain', target.path)]
  for (let r = 0; r < rounds; r++) {
    attempts.push(get(`query round ${r + 1}`, withQuery(target.path, rotated(names, PASSING, r, rounds))))
  }
  attempts.push(get('malformed cookies', target.path, cookies(role, MALFORMED_COOKIES)))
  if (!full) return attempts
  // Each of the page's own names long, together about 12 KB (Node refuses headers over 16 KB with 431 itself).
  const long = 'x'.repeat(Math.floor(9000 / own.length)) + encodeURIComponent('é'.repeat(Math.floor(500 / own.length)))
  attempts.push(
    get('query NUL and controls', withQuery(target.path, rotated(names, REFUSED, 0, 1))),
    get(
      'query arrays and odd names',
      withQuery(
        target.path,
        [...names.map((n, i) => `${n}=${i}&${n}=-${i}`), ...ODD_NAMES.map((n) => `${n}=x`)].join('&'),
      ),
    ),
    get('query long values', withQuery(target.path, own.map((n) => `${n}=${long}`).join('&'))),
    get('hostile accept-language', target.path, {
      ...cookies(role),
      'accept-language': `zz-ZZ;q=abc, *;q=-1, ${'x'.repeat(2000)}`,
    }),
    get('forged cookies', target.path, { cookie: FORGED_COOKIES }),
    get(
      '10 KB and 300 cookies',
      target.path,
      cookies(role, `big=${'a'.repeat(10 * 1024)}; ${Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; ')}`),
    ),
  )
  return attempts
}

const MULTIPART_VALUES: readonly Hostile[] = [
  ...MULTIPART_ONLY,
  ...HOSTILE.filter((h) => ['nul', 'controls', 'unicode', 'int32-overflow', 'huge-integer', 'empty'].includes(h.name)),
]
/** What each field of a nearly valid form is made, one field at a time (two values per field, in turn). */
const ONE_FIELD_VALUES: readonly Hostile[] = HOSTILE.filter((h) =>
  [
    'int32-overflow',
    'unicode',
    'infinite',
    'invalid-percent',
    'negative',
    'huge-integer',
    'empty',
    'markup',
    'lone-surrogate',
    'fraction',
  ].includes(h.name),
)
const URL_ENCODED = 'application/x-www-form-urlencoded'

function isFilePage(path: string): boolean {
  return /^\/vendor-dashboard\/(products\/[^/?]+|settings|inventory)(\?|$)/.test(path)
}

/**
 * POSTs to one page's action. `full` for the page's main visitor: for each intent, hostile values in rounds over
 * every field and one multipart body; a nearly valid form with each field made hostile in turn; NUL, arrays, long
 * and oversized forms, hostile intents and odd names; bodies that are not forms; other methods; hostile cookies.
 */
function postAttempts(target: Target, role: Role, full: boolean): Attempt[] {
  const form = target.form
  const fields = form?.fields.length ? form.fields : ['x']
  const intents = form?.intents ?? [undefined]
  const attempts: Attempt[] = []
  const post = (
    label: string,
    body: string | Uint8Array<ArrayBuffer> | undefined,
    type?: string,
    extra?: Record<string, string>,
  ) => {
    const headers: Record<string, string> = { origin: base, ...cookies(role), ...extra }
    if (type) headers['content-type'] = type
    const attempt: Attempt = { label: `${role} ${label}`, method: 'POST', path: target.path, headers, body }
    attempts.push(attempt)
    return attempt
  }
  const withIntent = (intent: string | undefined, pairs: string) =>
    intent === undefined ? pairs : `intent=${encodeURIComponent(intent)}&${pairs}`

  if (!full) {
    post(`${intents[0] ?? 'form'} round 1`, withIntent(intents[0], rotated(fields, PASSING, 0, 1)), URL_ENCODED)
    post('json body', JSON.stringify({ intent: intents[0] ?? 'x' }), 'application/json')
    return attempts
  }

  const rounds = Math.min(3, Math.max(2, Math.ceil(PASSING.length / fields.length)))
  for (const intent of intents) {
    const tag = intent ?? 'form'
    for (let r = 0; r < rounds; r++)
      post(`${tag} round ${r + 1}`, withIntent(intent, rotated(fields, PASSING, r, rounds)), URL_ENCODED)
    const parts: [string, string | Uint8Array][] = intent === undefined ? [] : [['intent', intent]]
    fields.forEach((f, i) => {
      const h = MULTIPART_VALUES[i % MULTIPART_VALUES.length] as Hostile
      parts.push([f, h.bytes ?? h.value ?? ''])
    })
    const multipart = multipartBody(parts)
    post(`${tag} multipart`, multipart.body, multipart.contentType)
  }

  if (form?.valid) {
    const valid: Record<string, string> = { ...form.valid, ...(intents[0] === undefined ? {} : { intent: intents[0] }) }
    Object.keys(form.valid).forEach((field, i) => {
      for (const k of [0, 1]) {
        const h = ONE_FIELD_VALUES[(i * 2 + k) % ONE_FIELD_VALUES.length] as Hostile
        const body = Object.entries(valid)
          .map(([key, v]) => `${encodeURIComponent(key)}=${key === field ? encodeValue(h) : encodeURIComponent(v)}`)
          .join('&')
        post(`valid but ${field} ${h.name}`, body, URL_ENCODED)
      }
      if (isFilePage(target.path)) {
        const nul = multipartBody(
          Object.entries(valid).map(([key, v]) => [key, key === field ? `${v}\u0000\u0001` : v]),
        )
        post(`valid but ${field} NUL (multipart)`, nul.body, nul.contentType)
      }
    })
  }

  const first = intents[0]
  post('NUL', withIntent(first, rotated(fields, REFUSED, 0, 1)), URL_ENCODED)
  post(
    'arrays',
    `${withIntent(first, encodedPairs(fields, 'a'))}&${withIntent(first, encodedPairs(fields, '-1'))}`,
    URL_ENCODED,
  )
  const each = Math.floor((60 * 1024) / fields.length) - 20
  post(
    '60 KB of fields',
    withIntent(first, encodedPairs(fields, 'é'.repeat(each / 6).padEnd(each / 3, 'x'))),
    URL_ENCODED,
  )
  post('100 KB', withIntent(first, encodedPairs(fields, 'x'.repeat(100 * 1024))), URL_ENCODED).mayReset = true
  if (form?.intents) {
    for (const intent of ['', '__proto__', 'Ìsökò 😀', `${form.intents[0]}x`, '9'.repeat(30)]) {
      post(
        `intent ${JSON.stringify(intent)}`,
        `intent=${encodeURIComponent(intent)}&${encodedPairs(fields, 'x')}`,
        URL_ENCODED,
      )
    }
    post('two intents', `intent=${form.intents.join('&intent=')}&${encodedPairs(fields, 'x')}`, URL_ENCODED)
  }
  post('odd names', ODD_NAMES.map((n) => `${encodeURIComponent(n)}=x`).join('&'), URL_ENCODED)
  // Bodies that are not a form at all.
  post('json body', JSON.stringify({ intent: first ?? 'x', [fields[0] ?? 'x']: 1 }), 'application/json')
  post('malformed json', '{"intent":', 'application/json')
  post('text body', 'intent=add', 'text/plain')
  post('no body, no type', undefined)
  post('body without a type', new TextEncoder().encode(withIntent(first, encodedPairs(fields, '1'))))
  post('multipart without a boundary', 'x', 'multipart/form-data')
  post('multipart garbage', 'garbage\r\n--zz--', 'multipart/form-data; boundary=zz')
  post(
    'multipart cut short',
    '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    'multipart/form-data; boundary=zz',
  )
  post('latin-1 form', withIntent(first, encodedPairs(fields, '%E9%FF')), `${URL_ENCODED}; charset=latin1`)
  post('malformed cookies', withIntent(first, encodedPairs(fields, 'x')), URL_ENCODED, cookies(role, MALFORMED_COOKIES))
  post('forged cookies', withIntent(first, encodedPairs(fields, 'x')), URL_ENCODED, { cookie: FORGED_COOKIES })
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    attempts.push({
      label: `${role} ${method}`,
      method,
      path: target.path,
      headers: { origin: base, ...cookies(role), 'content-type': URL_ENCODED },
      body: withIntent(first, encodedPairs(fields, 'x')),
    })
  }
  return attempts
}

/** Provider callbacks: JSON shaped like each provider's, with every value made hostile. */
function callbackAttempts(target: Target): Attempt[] {
  const attempts: Attempt[] = []
  const json = (label: string, body: string) =>
    attempts.push({
      label: `callback ${label}`,
      method: 'POST',
      path: target.path,
      headers: { 'content-type': 'application/json', 'x-callback-signature': 'forged' },
      body,
    })
  for (const h of HOSTILE) {
    const v = h.value ?? h.raw ?? ''
    const n = Number(v)
    json(
      h.name,
      JSON.stringify({
        referenceId: v,
        externalId: v,
        status: v,
        financialTransactionId: v,
        amount: Number.isFinite(n) ? n : v,
        transaction: { id: v, status_code: v, message: v, airtel_money_id: v },
        event: v,
        data: { id: Number.isFinite(n) ? n : v, tx_ref: v, status: v, amount: v },
      }),
    )
  }
  json('not an object', '[1,2,3]')
  json('null', 'null')
  json('deep', `${'['.repeat(5000)}${']'.repeat(5000)}`)
  json('malformed', '{"referenceId":')
  json('big number', '{"amount":1e400,"data":{"id":99999999999999999999999}}')
  attempts.push({
    label: 'callback 100 KB',
    method: 'POST',
    path: target.path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ referenceId: 'x'.repeat(100 * 1024) }),
    mayReset: true,
  })
  attempts.push({
    label: 'callback form body',
    method: 'POST',
    path: target.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'referenceId=a&status=SUCCESSFUL',
  })
  attempts.push({ label: 'callback PUT', method: 'PUT', path: target.path, body: '{}' })
  return attempts
}

/** Once for the whole site: what Node itself refuses before any route, and the odd methods. */
function OVERSIZED(): Attempt[] {
  return [
    { label: '100 KB query', method: 'GET', path: `/products?q=${'x'.repeat(100 * 1024)}`, mayReset: true },
    { label: '100 KB path', method: 'GET', path: `/products/${'x'.repeat(100 * 1024)}`, mayReset: true },
    { label: 'HEAD', method: 'HEAD', path: '/products?q=%E0%A4%A' },
    { label: 'OPTIONS', method: 'OPTIONS', path: '/api/cart' },
  ]
}

function attemptsFor(list: readonly Target[], phase: 'get' | 'post', depth: 'full' | 'light' = 'full'): Attempt[] {
  const attempts: Attempt[] = []
  for (const target of list) {
    if (phase === 'get') {
      target.roles.forEach((role, i) => {
        attempts.push(...getAttempts(target, role, depth === 'full' && i === 0))
      })
    } else if (target.callback) {
      attempts.push(...callbackAttempts(target))
    } else if (target.form) {
      ;(target.form.roles ?? target.roles).forEach((role, i) => {
        attempts.push(...postAttempts(target, role, depth === 'full' && i === 0))
      })
    } else {
      // A page without an action: a post is answered (405 or the page), never a 5xx.
      attempts.push(...postAttempts(target, target.roles[0] as Role, false))
    }
  }
  return attempts
}

/** Server log lines that show an unexpected error (React Router's console.error, pino's error level). */
async function errorsLogged(from: number): Promise<string[]> {
  // The child's output arrives a little after the answers.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const lines = server.output().slice(from).split('\n')
  const found: string[] = []
  for (const line of lines) {
    if (/"level":(50|60)/.test(line) || /^\S*Error\b|Unexpected Server Error/.test(line)) found.push(line.slice(0, 300))
  }
  return [...new Set(found)].slice(0, 20)
}

async function fuzz(attempts: Attempt[]) {
  const from = server.output().length
  const started = performance.now()
  const outcomes = await sendAll(base, attempts)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const failures = failuresOf(outcomes)
  console.log(
    `${attempts.length} requests in ${seconds} s, ${failures.length} failed; the slowest pages:\n${slowest(outcomes)}`,
  )
  expect(failures, `${failures.length} of ${attempts.length} requests failed:\n${failures.join('\n')}`).toEqual([])
  expect(await errorsLogged(from)).toEqual([])
}

/** The sessions still work: the fuzz reached the signed-in pages as the signed-in visitor it meant. */
async function expectStillSignedIn() {
  for (const [role, page] of [
    ['customer', '/customer-dashboard'],
    ['vendor', '/vendor-dashboard'],
    ['admin', '/admin'],
  ] as const) {
    const answer = await fetch(base + page, { headers: cookies(role), redirect: 'manual' })
    expect(answer.status, `${role} is still signed in`).toBe(200)
  }
}

describe('every public route, sent hostile input, answers without a 5xx', () => {
  const TIMEOUT = 600_000

  test(
    'GET with hostile query strings, headers and cookies, as each kind of visitor',
    async () => {
      const { main, ids } = targets()
      await fuzz([...attemptsFor(main, 'get'), ...attemptsFor(ids, 'get', 'light'), ...OVERSIZED()])
      await expectStillSignedIn()
    },
    TIMEOUT,
  )

  test(
    'POST of hostile forms (URL-encoded and multipart), other body types and methods',
    async () => {
      const { main, ids } = targets()
      await fuzz([...attemptsFor(main, 'post'), ...attemptsFor(ids, 'post', 'light')])
      await expectStillSignedIn()
    },
    TIMEOUT,
  )

  test('a missing picture or a path leaving /images is answered 404 or 403, with no error in the log', async () => {
    const paths = [
      '/images/unknown-key-800.avif',
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/%E2%80%AE-800.webp',
      ...[UNKNOWN_ID, ...GARBAGE_IDS].map((id) => `/images/${id}`),
    ]
    const from = server.output().length
    const outcomes = await sendAll(
      base,
      paths.map((path) => ({ label: 'picture', method: 'GET', path })),
    )
    expect(failuresOf(outcomes)).toEqual([])
    for (const o of outcomes) expect([400, 403, 404], o.attempt.path).toContain(o.status)
    expect(await errorsLogged(from)).toEqual([])
  })

  test(
    'last, the posts that cancel the order, delete the account and sign out',
    async () => {
      await fuzz(attemptsFor(targets().last, 'post'))
    },
    TIMEOUT,
  )
})
