import { openStoreOrder } from './checkout-helpers'
import { expect, signIn, test } from './fixtures'

// A customer reviews a product once it is delivered; the store (the journey's own, tests/e2e/fixtures.ts)
// replies from its dashboard, and the reply shows under the review on the product page.

test(
  'a delivered product is reviewed, shown on the product page, and answered by the store',
  { tag: '@phone-only' },
  async ({ browser, page, shop }, info) => {
    // One width is enough for this journey; it runs at 360 px.
    const customer = await shop.customer()
    const store = await shop.vendor({ products: 1 })
    const product = store.products[0]
    if (!product) throw new Error('the fixture store has no product')
    const title = product.title
    // Placed with cash on delivery, not delivered yet.
    const { number } = await shop.order({ customer, vendor: store, status: 'confirmed' })
    await signIn(page, customer)
    const orderUrl = `/customer-dashboard/orders/${number}`
    await page.goto(orderUrl)
    await expect(page.getByRole('main')).toContainText(title)

    // Not delivered yet: no review link, and the review page answers 404.
    await expect(page.getByRole('link', { name: /Write a review/ })).toHaveCount(0)
    expect((await page.request.get(`/customer-dashboard/reviews/${product.id}`)).status()).toBe(404)

    const vendorContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: { width: 360, height: 800 },
    })
    const vendor = await vendorContext.newPage()
    await signIn(vendor, store)
    await openStoreOrder(vendor, number)
    const vendorMain = vendor.getByRole('main')
    for (const step of ['Mark packed', 'Mark dispatched', 'Mark delivered']) {
      await vendorMain.getByRole('button', { name: step }).click()
      await expect(vendorMain.getByRole('button', { name: step })).toHaveCount(0)
    }

    // Delivered: the line offers "Write a review".
    await page.goto(orderUrl)
    await page.getByRole('link', { name: new RegExp(`Write a review: ${title}`) }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)

    // Too short: the message next to the field, the chosen rating and the text kept.
    await page.locator('label[for="rating-4"]').click()
    await page.getByLabel('Your review').fill('Nice')
    await page.getByRole('button', { name: 'Submit review' }).click()
    await expect(page.getByText('Write at least 10 characters.')).toBeVisible()
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked()
    await expect(page.getByLabel('Your review')).toHaveValue('Nice')

    const body = `Lovely fabric and well sewn, review ${Date.now()}`
    await page.getByLabel('Your review').fill(body)
    await page.getByRole('button', { name: 'Submit review' }).click()
    await expect(page).toHaveURL(/\/products\/[^/]+#reviews$/)
    await expect(page.getByText('Thank you! Your review is published.').first()).toBeVisible()
    const review = page.locator('#reviews li', { hasText: body })
    await expect(review).toBeVisible()
    const productUrl = page.url().split('#')[0] as string

    // The store replies from its dashboard (unanswered filter).
    await vendor.goto('/vendor-dashboard/reviews?filter=unanswered')
    const item = vendor.getByRole('listitem').filter({ hasText: body })
    await item.getByLabel('Your reply').fill('Murakoze! Thank you for shopping with us.')
    await item.getByRole('button', { name: 'Save reply' }).click()
    await expect(vendor.getByText('Reply saved.').first()).toBeVisible()
    await vendorContext.close()

    await page.goto(productUrl)
    const answered = page.locator('#reviews li', { hasText: body })
    await expect(answered).toContainText(/Response from /)
    await expect(answered).toContainText('Murakoze! Thank you for shopping with us.')

    // Products to review lists it as reviewed, with Edit your review.
    await page.goto('/customer-dashboard/reviews')
    await page.getByRole('link', { name: new RegExp(`Edit your review: ${title}`) }).click()
    const text = page.getByRole('textbox', { name: 'Your review' })
    await expect(text).toHaveValue(body)
    await text.fill(`${body}, and it kept its colour`)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Your review is updated.').first()).toBeVisible()
    await expect(page.locator('#reviews li', { hasText: `${body}, and it kept its colour` })).toBeVisible()
  },
)

test('a product the customer has not received: the review page is a 404', async ({ page, shop }) => {
  const customer = await shop.customer()
  const store = await shop.vendor({ products: 1 })
  await signIn(page, customer)
  const response = await page.goto(`/customer-dashboard/reviews/${store.products[0]?.id}`)
  expect(response?.status()).toBe(404)
  await page.goto('/customer-dashboard/reviews')
  await expect(page.getByText('You can review products once they are delivered.')).toBeVisible()
})
