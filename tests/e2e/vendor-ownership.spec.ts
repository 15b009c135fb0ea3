import type { Browser, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

// A vendor can never see or change another vendor's products, stock, reviews or conversations, even by posting
// the forms directly with the other store's ids. Stores A and B and the customer are the journey's own.

async function signedIn(browser: Browser, baseURL: string | undefined, who: { email: string; password: string }) {
  const page: Page = await (await browser.newContext({ baseURL })).newPage()
  await signIn(page, who)
  return page
}

test('another store’s product, variant, review and conversation ids are not found, and nothing changes', async ({
  browser,
  shop,
}, info) => {
  test.setTimeout(120_000)
  const baseURL = info.project.use.baseURL
  const mark = Date.now().toString(36)
  const storeA = await shop.vendor({ products: 1 })
  const storeB = await shop.vendor({ products: 1 })
  const buyer = await shop.customer()
  await shop.order({ customer: buyer, vendor: storeA, status: 'delivered' })
  const a = await signedIn(browser, baseURL, storeA)
  const b = await signedIn(browser, baseURL, storeB)
  const customer = await signedIn(browser, baseURL, buyer)
  try {
    // Store A's things: a draft product with one variant, a review of one of its products, a conversation.
    const title = `Ownership check ${mark}`
    const sku = `OWN-${mark}`
    await a.goto('/vendor-dashboard/products/new')
    await a.getByLabel('Title', { exact: true }).fill(title)
    await a.getByLabel('Description', { exact: true }).fill('Only store A may change this product.')
    await a.getByLabel('Category').selectOption({ index: 1 })
    await a.getByLabel('Price (RWF)').fill('9000')
    await a.locator('[name="variants[0].sku"]').fill(sku)
    await a.locator('[name="variants[0].stock"]').fill('7')
    await a.getByRole('button', { name: 'Save draft' }).click()
    await expect(a).toHaveURL(/\/vendor-dashboard\/products\/\d+#photos$/)
    const productId = (a.url().match(/products\/(\d+)/) as RegExpMatchArray)[1]

    await a.goto(`/vendor-dashboard/inventory?q=${sku}`)
    const variantId = await a.locator('input[name="variantId"]').first().getAttribute('value')
    expect(variantId).toMatch(/^\d+$/)

    // The customer reviews what store A delivered; store A sees the review.
    const reviewed = await customer.request.post(`/customer-dashboard/reviews/${storeA.products[0]?.id}`, {
      headers: { origin: baseURL as string },
      form: { rating: '4', body: `Good fabric, well sewn (${mark}).` },
      maxRedirects: 0,
    })
    expect(reviewed.status()).toBeLessThan(400)
    await a.goto('/vendor-dashboard/reviews')
    const reviewId = await a.locator('input[name="reviewId"]').first().getAttribute('value')
    expect(reviewId).toMatch(/^\d+$/)

    await customer.goto(`/customer-dashboard/messages/new?store=${storeA.vendorId}`)
    if (!/\/messages\/\d+$/.test(customer.url())) {
      await customer.getByLabel('Your message').fill(`Hello store A (${mark})`)
      await customer.getByRole('button', { name: 'Send message' }).click()
    }
    await expect(customer).toHaveURL(/\/customer-dashboard\/messages\/\d+$/)
    const conversationId = (customer.url().match(/messages\/(\d+)$/) as RegExpMatchArray)[1]

    // Store B tries them all, reading and posting.
    expect((await b.request.get(`/vendor-dashboard/products/${productId}`)).status()).toBe(404)
    const forms: Record<string, string>[] = [
      { intent: 'save', title: 'Taken over', description: 'x', price: '1', 'variants[0].sku': sku },
      { intent: 'addVariant' },
      { intent: 'deletePhoto', photoId: '1' },
    ]
    for (const form of forms) {
      expect((await b.request.post(`/vendor-dashboard/products/${productId}`, { form })).status()).toBe(404)
    }
    const stock = await b.request.post('/vendor-dashboard/inventory', {
      form: { intent: 'stock', variantId: variantId as string, stock: '999' },
    })
    expect(stock.status()).toBe(404)
    const preview = await b.request.post('/vendor-dashboard/inventory', {
      multipart: {
        intent: 'preview',
        file: { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku,stock\n${sku},999\n`) },
      },
    })
    expect(await preview.text()).toContain(`SKU ${sku} is not one of your products.`)
    const reply = await b.request.post('/vendor-dashboard/reviews', {
      form: { reviewId: reviewId as string, reply: `Taken over ${mark}` },
    })
    expect(reply.status()).toBeGreaterThanOrEqual(400)
    expect((await b.request.get(`/vendor-dashboard/messages/${conversationId}`)).status()).toBe(404)
    const message = await b.request.post(`/vendor-dashboard/messages/${conversationId}`, {
      form: { intent: 'reply', body: `Taken over ${mark}` },
    })
    expect(message.status()).toBe(404)

    // Nothing of store A changed.
    await a.goto(`/vendor-dashboard/products/${productId}`)
    await expect(a.getByLabel('Title', { exact: true })).toHaveValue(title)
    await a.goto(`/vendor-dashboard/inventory?q=${sku}`)
    await expect(a.locator('input[name="stock"]').first()).toHaveValue('7')
    await a.goto('/vendor-dashboard/reviews')
    await expect(a.getByRole('main')).not.toContainText(`Taken over ${mark}`)
    await customer.reload()
    await expect(customer.getByRole('main')).not.toContainText(`Taken over ${mark}`)
  } finally {
    for (const page of [a, b, customer]) await page.context().close()
  }
})
