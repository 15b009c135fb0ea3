import type { Page } from '@playwright/test'
import { expect, type Shop, signIn, test } from './fixtures'
import { waitForHydration } from './helpers'
import { uploadTwoPhotos } from './photos'

// The vendor's product editor: a vendor (with a store of the journey's own, tests/e2e/fixtures.ts) adds a product
// with variants and photos, makes it active and finds it in the storefront; a file that is not a photo is
// refused and what was typed stays.

/** A vendor of a new store, signed in by cookie, on the page at `path`. */
async function signInTo(page: Page, shop: Shop, path: string, products = 0) {
  const vendor = await shop.vendor({ products })
  await signIn(page, vendor)
  await page.goto(path)
  await waitForHydration(page)
  return vendor
}

/** Fills the product form's own fields (not the variants). */
async function fillDetails(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Description', { exact: true }).fill('Hand-woven in Gisenyi, lined and ready to wear.')
  await page.getByLabel('Category').selectOption({ index: 1 })
  await page.getByLabel('Price (RWF)').fill('18500')
}

/** Fills the SKU and stock of the grid's row `i` (its size and colour come from the Sizes and Colours fields). */
async function fillVariant(page: Page, i: number, sku: string, stock: string) {
  await page.locator(`[name="variants[${i}].sku"]`).fill(sku)
  await page.locator(`[name="variants[${i}].stock"]`).fill(stock)
}

test('a vendor adds a product with three variants and two photos, makes it active and finds it in the store', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  // Photo encoding is slow; the editor at 360 px is checked below.
  test.setTimeout(120_000)
  const mark = Date.now().toString(36)
  const title = `Woven jacket ${mark}`
  await signInTo(page, shop, '/vendor-dashboard/products/new')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a product')
  await fillDetails(page, title)
  await page.getByLabel('Sizes', { exact: true }).fill('S, M, L')
  await page.getByLabel('Colours', { exact: true }).fill('Indigo')
  await expect(page.getByText('3 variants (at most 100)')).toBeVisible()
  await fillVariant(page, 0, `WJ-${mark}-S`, '4')
  await fillVariant(page, 1, `WJ-${mark}-M`, '6')
  await fillVariant(page, 2, `WJ-${mark}-L`, '2')
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
  await page.getByRole('button', { name: 'Save draft' }).click()

  await expect(page).toHaveURL(/\/vendor-dashboard\/products\/\d+#photos$/)
  await expect(page.getByText('Draft saved. Now add its photos.')).toBeVisible()
  const photos = await uploadTwoPhotos(page)
  await expect(photos.getByText('Main', { exact: true })).toBeVisible()

  // A Kinyarwanda title, for the shoppers who read Isoko in Kinyarwanda (the French left empty).
  await page.getByText('In Kinyarwanda and French (optional)').click()
  await page.getByLabel('Title in Kinyarwanda').fill(`Ijaketi iboshye ${mark}`)
  await page.getByLabel('Status').selectOption('active')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Product saved.')).toBeVisible()
  const storeLink = page.getByRole('link', { name: 'See it in the store' })
  const href = (await storeLink.getAttribute('href')) as string
  expect(href).toMatch(/^\/products\/woven-jacket-/)

  await page.goto(href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await page.goto(`${href}?lang=rw`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ijaketi iboshye ${mark}`)
  await page.goto(`${href}?lang=fr`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)

  await page.goto('/vendor-dashboard/products?status=active')
  const card = page.getByRole('row').filter({ hasText: title })
  await expect(card).toContainText('12 in stock')
  await expect(card).toContainText('Active')
})

test('a file that is not a photo is refused, and the typed title stays', async ({ page, shop }) => {
  test.setTimeout(90_000)
  const mark = `${test.info().project.name}-${Date.now().toString(36)}`
  const other = await shop.vendor({ products: 1 })
  await signInTo(page, shop, '/vendor-dashboard/products/new', 1)
  await fillDetails(page, `Refusal check ${mark}`)
  await fillVariant(page, 0, `RC-${mark}`, '1')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/products\/\d+#photos$/)
  // The product's own page is showing (the address changes before the navigation's render commits; typing into the
  // new-product form still on screen was lost when the product's page replaced it).
  await expect(page.getByLabel('Add photos')).toBeVisible()

  const typed = `Typed but not saved ${mark}`
  await page.getByLabel('Title', { exact: true }).fill(typed)
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('only words, no pixels') })
  await page.getByRole('button', { name: 'Upload photos' }).click()
  await expect(page.getByText('This file is not a photo. Upload a JPEG, PNG, WebP or HEIC picture.')).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(typed)

  // A product id that is not this store's (another store's, or none): not found, whatever the intent.
  for (const id of [other.products[0]?.id, 999999]) {
    const foreign = await page.request.post(`/vendor-dashboard/products/${id}`, { form: { intent: 'buildGrid' } })
    expect(foreign.status()).toBe(404)
  }

  if (test.info().project.name === 'mobile') {
    await page.goto('/vendor-dashboard/products')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products')
    // Cards, not a wide table: nothing runs off the side of a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  }
})
