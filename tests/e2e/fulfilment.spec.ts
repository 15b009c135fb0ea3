import { checkoutToReview, openStoreOrder, orderNumberOnPage, placeOrder } from './checkout-helpers'
import { expect, signIn, test } from './fixtures'
import { addThisProductToCart, browseToStoreProduct } from './helpers'

// Cash on delivery through to the door, and a cart from two stores split into one part per store. Each journey
// has its own customer and stores (tests/e2e/fixtures.ts).

test(
  'cash on delivery: the vendor packs, dispatches, delivers and collects; the customer sees it delivered',
  { tag: '@phone-only' },
  async ({ browser, page, shop }, info) => {
    // Runs once, at 360 px: vendors fulfil orders from a phone.
    const customer = await shop.customer()
    const vendor = await shop.vendor({ products: 1 })
    // Placed with cash on delivery: confirmed at once, the store's part new.
    const order = await shop.order({ customer, vendor, status: 'confirmed' })
    const title = vendor.products[0]?.title as string

    const vendorContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: { width: 360, height: 800 },
    })
    const store = await vendorContext.newPage()
    await signIn(store, vendor)
    await openStoreOrder(store, order.number)
    const main = store.getByRole('main')
    await expect(main).toContainText(title)
    for (const step of ['Mark packed', 'Mark dispatched', 'Mark delivered', 'Mark cash collected']) {
      await main.getByRole('button', { name: step }).click()
      await expect(main.getByRole('button', { name: step })).toHaveCount(0)
    }
    await expect(main.getByRole('button', { name: /^Mark/ })).toHaveCount(0)
    await vendorContext.close()

    await signIn(page, customer)
    await page.goto(`/customer-dashboard/orders/${order.number}`)
    await expect(page.getByRole('main').getByText('Delivered', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  },
)

test(
  'a cart from two stores becomes one order with a part per store; each vendor sees only theirs',
  { tag: '@desktop-only' },
  async ({ browser, page, shop }, info) => {
    // Runs once; the cash on delivery journey covers 360 px.
    // No saved address: the checkout adds one, as a new customer does.
    const customer = await shop.customer({ address: false })
    const one = await shop.vendor({ products: 1 })
    const two = await shop.vendor({ products: 1 })
    await signIn(page, customer)
    const first = one.products[0]?.title as string
    const second = two.products[0]?.title as string
    await browseToStoreProduct(page, one.vendorId, first)
    await addThisProductToCart(page)
    await browseToStoreProduct(page, two.vendorId, second)
    await addThisProductToCart(page)
    await checkoutToReview(page, 'Cash on delivery')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: /^Sold by/ })).toHaveCount(2)
    await placeOrder(page)
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible()
    const number = await orderNumberOnPage(page)
    await expect(main).toContainText(first)
    await expect(main).toContainText(second)

    for (const [vendor, own, other] of [
      [one, first, second],
      [two, second, first],
    ] as const) {
      const vendorContext = await browser.newContext({ baseURL: info.project.use.baseURL })
      const store = await vendorContext.newPage()
      await signIn(store, vendor)
      await openStoreOrder(store, number)
      await expect(store.getByRole('main')).toContainText(own)
      await expect(store.getByRole('main')).not.toContainText(other)
      await vendorContext.close()
    }
  },
)
