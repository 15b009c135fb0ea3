import type { Page } from '@playwright/test'
import {
  expect,
  type FixtureCustomer,
  type FixtureOrder,
  type FixtureVendor,
  type OrderOptions,
  type Shop,
  signIn,
  test,
} from './fixtures'

// Nothing scrolls sideways on a phone (issue 12): every page of every surface, with the data that widens pages
// (long store, product and customer names, many photos, carts and orders with many lines, every status badge), is
// measured at 360 px, then at 320 px, and a page wider than the screen fails, naming the widest element.

type OrderStatus = OrderOptions['status']
type VendorOrderStatus = NonNullable<OrderOptions['vendorStatus']>

const WIDTHS = [360, 320]
const ORDER_STATUSES: OrderStatus[] = [
  'pending_payment',
  'paid',
  'confirmed',
  'partly_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
]
const VENDOR_ORDER_STATUSES: VendorOrderStatus[] = ['new', 'packed', 'dispatched', 'delivered', 'cancelled']
/** A word no line can break, as people paste (a link, an order reference). */
const UNBROKEN = `https://example.rw/${'kitenge-'.repeat(8)}umushanana`

test.beforeEach(async ({ page }) => {
  // Each test opens up to a dozen pages and measures each at two widths: a loaded machine needs the time.
  test.setTimeout(180_000)
  // Pictures do not change the layout (every image has its width and height): they are not fetched.
  await page.route(/\/images\//, (route) => route.abort())
})

/**
 * What the page measures: how wide the document is, and what reaches furthest right outside any scroller: an
 * element, or a text too long for its element (money in a narrow box), named by its element.
 */
type Overflow = { viewport: number; scrollWidth: number; widest: string }

function measure(): Overflow {
  const root = document.documentElement
  const viewport = root.clientWidth
  const clipped = (from: Element | null) => {
    for (let p = from; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true
    }
    return false
  }
  let widest: Element | null = null
  let right = viewport
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const isText = node.nodeType === Node.TEXT_NODE
    const el = isText ? node.parentElement : (node as Element)
    if (!el) continue
    if (isText) range.selectNodeContents(node)
    const box = isText ? range.getBoundingClientRect() : el.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || box.right <= right + 0.5) continue
    // A text is clipped by its own element too (sr-only, truncate); an element only by its ancestors.
    if (clipped(isText ? el : el.parentElement)) continue
    widest = el
    right = box.right
  }
  const describe = (el: Element) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : ''
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
    return `<${el.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> reaching ${Math.round(right)} px: "${text}"`
  }
  return { viewport, scrollWidth: root.scrollWidth, widest: widest ? describe(widest) : 'none found' }
}

/** Opens each page and measures it at every width: a page wider than the screen fails, named with its widest element. */
async function visit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 })
    // The stylesheet is in place by then (the page's scripts wait for it); pictures are not awaited.
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
    expect(response?.status(), `${path} answers`).toBeLessThan(path.startsWith('/no-such') ? 500 : 400)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      const m = await page.evaluate(measure)
      // Soft: every page is measured, and each one too wide is reported.
      expect
        .soft(m.scrollWidth, `${path} at ${width} px is wider than the screen; widest: ${m.widest}`)
        .toBe(m.viewport)
    }
  }
}

/** A store with long names, products with many photos, and a customer with a long name who ordered from it. */
async function longStore(shop: Shop, options: { products?: number } = {}): Promise<FixtureVendor> {
  return shop.vendor({ longNames: true, products: options.products ?? 6, photos: 6 })
}

async function ordersInEveryStatus(
  shop: Shop,
  customer: FixtureCustomer,
  vendor: FixtureVendor,
): Promise<Map<OrderStatus, FixtureOrder>> {
  const orders = new Map<OrderStatus, FixtureOrder>()
  for (const status of ORDER_STATUSES) {
    orders.set(status, await shop.order({ customer, vendor, status, lines: 5, quantity: 3 }))
  }
  return orders
}

/** Sends a message to the store as the signed-in customer, so both sides have a conversation to open. */
async function writeToStore(page: Page, vendor: FixtureVendor): Promise<string> {
  await page.goto(`/customer-dashboard/messages/new?store=${vendor.vendorId}`)
  await page
    .getByRole('main')
    .getByLabel('Your message')
    .fill(`Is the ${vendor.products[0]?.title} still in stock in every size? See ${UNBROKEN}`)
  await page.getByRole('main').getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard\/messages\/\d+$/)
  return new URL(page.url()).pathname
}

test('the storefront fits a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop)
  const product = vendor.products[0]
  if (!product) throw new Error('the store has no product')
  await visit(page, [
    '/',
    '/products',
    `/products?q=${encodeURIComponent(product.title.split(' ')[0] ?? '')}`,
    `/products/${product.slug}`,
    '/vendors',
    `/vendor/${vendor.vendorId}`,
    '/cart',
    '/favorites',
  ])
})

test('help, policies and the account forms fit a phone', async ({ page }) => {
  await visit(page, [
    '/help',
    '/privacy-policy',
    '/terms',
    '/returns',
    '/refund-policy',
    '/no-such-page',
    '/customer-login',
    '/customer-signup',
    '/vendor-login',
    '/vendor-onboarding',
    '/forgot-password',
    '/reset-password?token=expired',
  ])
})

test('a customer’s cart and checkout fit a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop, { products: 8 })
  const customer = await shop.customer({ longNames: true })
  const unpaid = await shop.order({ customer, vendor, status: 'pending_payment', lines: 5, quantity: 3 })
  await signIn(page, customer)
  // A cart with many long-named lines, some many times over.
  for (const [i, p] of vendor.products.entries()) {
    const answer = await page.request.post('/api/cart', {
      form: { intent: 'add', variantId: String(p.variantIds[0]), quantity: String(1 + (i % 3) * 4), js: '1' },
    })
    expect(answer.ok(), `adds ${p.title} to the cart`).toBe(true)
  }
  await page.request.post('/api/favorites', { form: { intent: 'add', productId: String(vendor.products[0]?.id) } })
  await visit(page, ['/cart', '/checkout', `/checkout/pay/${unpaid.number}`, '/favorites'])
})

test('a customer’s orders in every status fit a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop, { products: 5 })
  const customer = await shop.customer({ longNames: true })
  const orders = await ordersInEveryStatus(shop, customer, vendor)
  await signIn(page, customer)
  await visit(page, [
    '/customer-dashboard/orders',
    ...[...orders.values()].map((o) => `/customer-dashboard/orders/${o.number}`),
  ])
})

test('a customer’s dashboard, account pages and messages fit a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop, { products: 5 })
  const customer = await shop.customer({ longNames: true })
  for (const status of ['delivered', 'shipped', 'pending_payment'] as const) {
    await shop.order({ customer, vendor, status, lines: 5, quantity: 3 })
  }
  await signIn(page, customer)
  const conversation = await writeToStore(page, vendor)
  await visit(page, [
    '/customer-dashboard',
    '/customer-dashboard/profile',
    '/customer-dashboard/addresses',
    `/customer-dashboard/addresses/${customer.addressId}`,
    '/customer-dashboard/addresses/new',
    '/customer-dashboard/password',
    '/customer-dashboard/messages',
    conversation,
    '/customer-dashboard/reviews',
    `/customer-dashboard/reviews/${vendor.products[0]?.id}`,
    '/delete-account',
  ])
})

test('a vendor’s dashboard and orders in every status fit a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop, { products: 5 })
  const customer = await shop.customer({ longNames: true })
  const orders: FixtureOrder[] = []
  for (const vendorStatus of VENDOR_ORDER_STATUSES) {
    const status: OrderStatus =
      vendorStatus === 'cancelled' ? 'cancelled' : vendorStatus === 'delivered' ? 'delivered' : 'confirmed'
    orders.push(await shop.order({ customer, vendor, status, vendorStatus, lines: 5, quantity: 2 }))
  }
  await signIn(page, vendor)
  await visit(page, [
    '/vendor-dashboard',
    '/vendor-dashboard/orders',
    ...orders.map((o) => `/vendor-dashboard/orders/${o.vendorOrderId}`),
  ])
})

test('the rest of the vendor workspace fits a phone', async ({ page, shop }) => {
  const vendor = await longStore(shop, { products: 8 })
  const customer = await shop.customer({ longNames: true })
  await signIn(page, customer)
  await writeToStore(page, vendor)
  await page.context().clearCookies()
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/messages')
  const conversation = await page
    .getByRole('main')
    .locator('a[href^="/vendor-dashboard/messages/"]')
    .first()
    .getAttribute('href')
  await visit(page, [
    '/vendor-dashboard/products',
    '/vendor-dashboard/products/new',
    `/vendor-dashboard/products/${vendor.products[0]?.id}`,
    '/vendor-dashboard/inventory',
    '/vendor-dashboard/analytics',
    '/vendor-dashboard/balance',
    '/vendor-dashboard/statement',
    '/vendor-dashboard/messages',
    conversation ?? '/vendor-dashboard/messages',
    '/vendor-dashboard/reviews',
    '/vendor-dashboard/settings',
  ])
})

test('the admin console fits a phone', async ({ page, shop }) => {
  // A store in every status, each with a long name.
  for (const status of ['pending', 'approved', 'rejected', 'suspended'] as const) {
    await shop.vendor({ longNames: true, products: 1, photos: 0, status })
  }
  const vendor = await longStore(shop, { products: 5 })
  const customer = await shop.customer({ longNames: true })
  const order = await shop.order({ customer, vendor, status: 'paid', lines: 5, quantity: 2 })
  await signIn(page, { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  await visit(page, [
    '/admin',
    '/admin?status=pending',
    '/admin?status=rejected',
    '/admin?status=suspended',
    '/admin/support',
    '/admin/newsletter',
    '/admin/mailbox',
    '/admin/orders',
    `/admin/orders/${order.number}`,
    '/admin/conversations',
    '/admin/delivery-fees',
    '/admin/commission',
    '/admin/balances',
    '/admin/payouts',
    '/admin/payouts?tab=failed',
    '/admin/payouts?tab=sent',
    '/admin/stores',
    `/admin/stores/${vendor.vendorId}`,
    '/admin/products',
    '/admin/products?view=queue',
    '/admin/categories',
    '/admin/customers',
  ])
})
