import type { Browser, Page, TestInfo } from '@playwright/test'
import { DEMO_PASSWORD } from './admin-helpers'
import { checkoutToReview, openStoreOrder, orderNumberOnPage, placeOrder } from './checkout-helpers'
import { expect, type FixtureVendor, signIn, test } from './fixtures'

// Returns, refunds and disputes at 360 px (issue 15): the customer asks from the order's page, the store answers
// and receives from its phone, the money goes back through the payment's own provider (the simulators), staff
// decide a refused return. Each journey buys through the real checkout, so its refunds have a real payment.

async function storePage(browser: Browser, info: TestInfo, vendor: FixtureVendor): Promise<Page> {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 360, height: 800 } })
  const store = await context.newPage()
  await signIn(store, vendor)
  return store
}

/** Puts a variant in the signed-in customer's cart as the product page's form does (the cart has its own journeys). */
async function addToCart(page: Page, variantId: number) {
  const origin = test.info().project.use.baseURL as string
  const answer = await page.request.post('/api/cart', {
    form: { intent: 'add', variantId: String(variantId), quantity: '1' },
    headers: { Origin: origin, Accept: 'application/json' },
  })
  expect(answer.ok()).toBe(true)
}

/** The store takes its part to the door (and, cash on delivery, collects the money). */
async function deliver(store: Page, number: string, cash: boolean) {
  await openStoreOrder(store, number)
  const main = store.getByRole('main')
  for (const step of ['Mark packed', 'Mark dispatched', 'Mark delivered', ...(cash ? ['Mark cash collected'] : [])]) {
    await main.getByRole('button', { name: step }).click()
    await expect(main.getByRole('button', { name: step })).toHaveCount(0)
  }
}

/** Reloads `page` until `text` shows in its main part (a refund settles when the provider answers). */
async function waitForText(page: Page, text: string | RegExp, where = page.getByRole('main')) {
  await expect(async () => {
    await page.reload()
    await expect(where.getByText(text).first()).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
}

test(
  'MoMo-paid: one item refunded once the store has it back, another exchanged for a size in stock',
  { tag: '@phone-only' },
  async ({ browser, page, shop }, info) => {
    const customer = await shop.customer()
    const vendor = await shop.vendor({ products: 2 })
    const [dress, shirt] = vendor.products.map((p) => p.title) as [string, string]
    await signIn(page, customer)
    for (const product of vendor.products) await addToCart(page, product.variantIds[0] as number)
    await checkoutToReview(page, 'MTN MoMo', '0788 123 456', 'saved')
    await expect(page.getByRole('main')).toContainText('Returns accepted within 7 days of delivery.')
    await placeOrder(page)
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 })
    const number = await orderNumberOnPage(page)
    // Not delivered yet: nothing to return.
    await expect(page.getByRole('main').getByRole('link', { name: /^Return:/ })).toHaveCount(0)

    const store = await storePage(browser, info, vendor)
    await deliver(store, number, false)

    // The money back for the dress. A missing reason is refused next to the field; the note stays.
    await page.goto(`/customer-dashboard/orders/${number}`)
    const main = page.getByRole('main')
    await main.getByRole('link', { name: `Return: ${dress}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Return an item of order ${number}`)
    await main.getByLabel('Anything the store should know (optional)').fill('Too tight at the shoulders')
    await main.getByRole('button', { name: 'Ask for the return' }).click()
    await expect(main.getByText('Choose a reason.')).toBeVisible()
    await expect(main.getByLabel('Anything the store should know (optional)')).toHaveValue('Too tight at the shoulders')
    await main.getByLabel('Wrong size').check()
    await main.getByRole('button', { name: 'Ask for the return' }).click()
    await expect(page.getByText('Return asked: the store answers within 2 business days')).toBeVisible()
    // The shirt: another size instead.
    await main.getByRole('link', { name: `Return: ${shirt}` }).click()
    await main.getByLabel('Changed my mind').check()
    await main.getByLabel('Another size or colour').check()
    const sizes = main.getByLabel('Size or colour you want instead')
    const wanted = (await sizes.locator('option').nth(1).textContent()) ?? ''
    await sizes.selectOption({ index: 1 })
    await main.getByRole('button', { name: 'Ask for the return' }).click()
    await expect(main.getByRole('article', { name: new RegExp(dress) })).toContainText('Asked')
    await expect(main.getByRole('article', { name: new RegExp(shirt) })).toContainText(`Replacement: ${wanted}`)
    // Both units asked for: no third request.
    await expect(main.getByRole('link', { name: /^Return:/ })).toHaveCount(0)

    // The store sees them waiting on its dashboard, accepts both (saying how they come back), then marks them received.
    await store.goto('/vendor-dashboard')
    await expect(store.getByRole('heading', { name: '2 returns wait for you' })).toBeVisible()
    await store.getByRole('link', { name: new RegExp(`^Order ${number}: 1 × ${dress}`) }).click()
    const storeMain = store.getByRole('main')
    for (const title of [dress, shirt]) {
      const card = storeMain.getByRole('article', { name: new RegExp(title) })
      await card.getByRole('button', { name: 'Accept the return' }).click()
      await expect(card.getByText('Tell the customer where and when.')).toBeVisible()
      await card.getByLabel('Where and when (the customer reads this)').fill('KN 2 St shop, weekdays 9:00-17:00')
      await card.getByRole('button', { name: 'Accept the return' }).click()
      await expect(store.getByText('Return accepted', { exact: true })).toBeVisible()
      await card.getByRole('button', { name: 'Mark as received' }).click()
      await expect(store.getByText('Return received', { exact: true })).toBeVisible()
      await expect(card.getByRole('button', { name: 'Mark as received' })).toHaveCount(0)
    }
    await expect(storeMain.getByRole('article', { name: new RegExp(shirt) })).toContainText('Replacement sent')
    await store.context().close()

    // The customer sees the dress refunded through MoMo and the exchange sent.
    await waitForText(page, 'Refunded', main.getByRole('article', { name: new RegExp(dress) }))
    await expect(main.getByRole('article', { name: new RegExp(dress) })).toContainText('KN 2 St shop')
    await expect(main.getByRole('article', { name: new RegExp(shirt) })).toContainText('Replacement sent')
  },
)

test(
  'cash on delivery: a refused return, disputed by the customer, decided by staff and refunded by MoMo',
  { tag: '@phone-only' },
  async ({ browser, page, shop }, info) => {
    const customer = await shop.customer()
    const vendor = await shop.vendor({ products: 1 })
    const title = vendor.products[0]?.title as string
    await signIn(page, customer)
    await addToCart(page, vendor.products[0]?.variantIds[0] as number)
    await checkoutToReview(page, 'Cash on delivery', '', 'saved')
    await placeOrder(page)
    await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible()
    const number = await orderNumberOnPage(page)
    const store = await storePage(browser, info, vendor)
    await deliver(store, number, true)

    // Paid in cash: the refund goes to a MoMo or Airtel number the customer gives.
    await page.goto(`/customer-dashboard/orders/${number}`)
    const main = page.getByRole('main')
    await main.getByRole('link', { name: `Return: ${title}` }).click()
    await main.getByLabel('Not as described').check()
    await main.getByLabel('MoMo or Airtel Money number for the refund').fill('0700 000 000')
    await main.getByRole('button', { name: 'Ask for the return' }).click()
    await expect(main.getByText('Enter a Rwandan mobile number, e.g. 078 812 3456.')).toBeVisible()
    await main.getByLabel('MoMo or Airtel Money number for the refund').fill('0788 555 123')
    await main.getByRole('button', { name: 'Ask for the return' }).click()
    await expect(page.getByText('Return asked: the store answers within 2 business days')).toBeVisible()

    // The store refuses, with a reason the customer reads.
    await store.reload()
    const card = store.getByRole('main').getByRole('article', { name: new RegExp(title) })
    await card.getByLabel('Why you refuse (the customer reads this)').fill('The label was removed and it was worn')
    await card.getByRole('button', { name: 'Refuse' }).click()
    await expect(store.getByText('Return refused', { exact: true })).toBeVisible()
    await store.context().close()

    await page.reload()
    const mine = main.getByRole('article', { name: new RegExp(title) })
    await expect(mine).toContainText('The store refused: “The label was removed and it was worn”')
    await mine.getByLabel('Disagree? Tell Isoko staff why, and they decide').fill('It arrived with a stain; photo sent')
    await mine.getByRole('button', { name: 'Ask Isoko to decide' }).click()
    await expect(page.getByText('Sent to Isoko staff: we will write to you with their decision')).toBeVisible()
    await expect(mine).toContainText('Isoko staff are looking at it')

    // Staff see both sides and decide: a full refund, from the store's balance.
    const staffContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: { width: 360, height: 800 },
    })
    const staff = await staffContext.newPage()
    await signIn(staff, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })
    await staff.goto('/admin/disputes')
    await staff.getByRole('link', { name: new RegExp(`order ${number}`) }).click()
    const console = staff.getByRole('main')
    await expect(console).toContainText('The label was removed and it was worn')
    await expect(console).toContainText('It arrived with a stain; photo sent')
    await console.getByRole('button', { name: 'Record the decision' }).click()
    await expect(console.getByText('Write the reason for your decision: both sides read it.')).toBeVisible()
    await console.getByLabel('Reason for the decision (both sides read it)').fill('The stain shows in the photo')
    await console.getByRole('button', { name: 'Record the decision' }).click()
    await expect(staff.getByText('Decision recorded', { exact: true })).toBeVisible()
    await expect(console).toContainText('Decided by Isoko staff')
    await expect(console.getByRole('button', { name: 'Record the decision' })).toHaveCount(0)
    await staffContext.close()

    // The customer reads the decision, and the money arrives by MoMo.
    await waitForText(page, 'Refunded', mine)
    await expect(mine).toContainText('Decided by Isoko staff')
    await expect(mine).toContainText('+250 788 555 123')
  },
)
