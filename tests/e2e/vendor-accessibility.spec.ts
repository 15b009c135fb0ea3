import { seriousViolations } from './axe.ts'
import { expect, signIn, test } from './fixtures.ts'

// axe on the vendor's workspace (a store of the journey's own, with products, a low and a sold-out variant, and
// an order) and on the customer's messages and reviews:
// pages behind a sign-in, so not in accessibility.spec.ts. A vendor runs the store from a phone, so these run
// at 360 px; the same pages at 1280 px are walked through by the workspace journeys.

test('axe finds no serious violation on the vendor workspace pages', { tag: '@phone-only' }, async ({ page, shop }) => {
  // Checked once, at 360 px: vendors work from a phone.
  test.slow()
  const vendor = await shop.vendor({ products: 3, stocks: [3, 0] })
  await shop.order({ customer: await shop.customer(), vendor, status: 'delivered', lines: 2 })
  await signIn(page, vendor)
  const paths = [
    '/vendor-dashboard',
    '/vendor-dashboard/products',
    '/vendor-dashboard/products/new',
    '/vendor-dashboard/inventory',
    '/vendor-dashboard/inventory?filter=low',
    '/vendor-dashboard/analytics?days=90',
    '/vendor-dashboard/messages',
    '/vendor-dashboard/reviews',
    '/vendor-dashboard/orders',
    '/vendor-dashboard/settings',
  ]
  for (const path of paths) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
  // A product of the store, in the editor with its photos and variants.
  await page.goto('/vendor-dashboard/products?status=active')
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Edit / })
    .first()
    .click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/products\/\d+$/)
  expect(await seriousViolations(page), 'product editor').toEqual([])
  // A refused product form: its messages next to the fields.
  // The browser's own checks (required fields) are switched off, so that the server's messages are shown.
  await page.goto('/vendor-dashboard/products/new')
  await page
    .locator('main form[method="post"]')
    .first()
    .evaluate((form: HTMLFormElement) => {
      form.noValidate = true
    })
  await page.getByRole('main').getByRole('button', { name: 'Save draft' }).click()
  await expect(page.locator('[data-slot="field-error"]').first()).toBeVisible()
  expect(await seriousViolations(page), 'refused product form').toEqual([])
})

test('axe finds no serious violation on the customer messages and reviews pages', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // Checked once, at 360 px: vendors work from a phone.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1 })
  // A delivered order: a product to review.
  await shop.order({ customer, vendor, status: 'delivered' })
  await signIn(page, customer)
  for (const path of [
    '/customer-dashboard/messages',
    '/customer-dashboard/reviews',
    `/customer-dashboard/messages/new?store=${vendor.vendorId}`,
  ]) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})
