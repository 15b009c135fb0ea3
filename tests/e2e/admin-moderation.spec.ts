import { expect, signIn, test } from './fixtures'

// Product moderation (issue 17): staff hide a store's product with a reason; it leaves the storefront (its page
// answers 404); the vendor reads why in the product's editor; staff show it again.

test('staff hide a product with a reason, it leaves the storefront, and its vendor reads why', async ({
  browser,
  page,
  shop,
}, info) => {
  const vendor = await shop.vendor({ products: 1 })
  const [product] = vendor.products
  if (!product) throw new Error('the fixture store has no product')
  expect((await page.request.get(`/products/${product.slug}`)).status()).toBe(200)

  await signIn(page, { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: /^Products/ })
    .click()
  const main = page.getByRole('main')
  // The fixture's titles are the demo catalogue's: its store's name is what singles the product out.
  await main.getByLabel('Search products (title, store)').fill(vendor.storeName)
  await main.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  const row = main.getByRole('row').filter({ hasText: product.title }).filter({ hasText: vendor.storeName })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('To review')).toBeVisible()

  // No reason: refused next to the field, nothing hidden.
  await row.getByText('Hide…').click()
  await row.getByRole('button', { name: 'Hide this product' }).click()
  await expect(row.getByText('Say why, so the vendor can fix it.')).toBeVisible()
  await expect(row.getByLabel('Reason, shown to the vendor')).toHaveAttribute('aria-invalid', 'true')

  const reason = 'The photos show another brand’s logo.'
  await row.getByLabel('Reason, shown to the vendor').fill(reason)
  await row.getByRole('button', { name: 'Hide this product' }).click()
  await expect(row.getByText(`Reason: ${reason}`)).toBeVisible()
  await expect(row.getByRole('button', { name: 'Show it again' })).toBeVisible()

  // Shoppers no longer find it.
  expect((await page.request.get(`/products/${product.slug}`)).status()).toBe(404)

  // The vendor reads why in the product's editor.
  const context = await browser.newContext({ baseURL: info.project.use.baseURL })
  const vendorPage = await context.newPage()
  await signIn(vendorPage, vendor)
  await vendorPage.goto(`/vendor-dashboard/products/${product.id}`)
  await expect(vendorPage.getByRole('main').getByText(`Hidden by Isoko: ${reason}`)).toBeVisible()
  await context.close()

  // Staff show it again: it is on sale.
  await row.getByRole('button', { name: 'Show it again' }).click()
  await expect(row.getByText('On sale')).toBeVisible()
  expect((await page.request.get(`/products/${product.slug}`)).status()).toBe(200)
})
