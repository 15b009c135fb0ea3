import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

// A vendor keeps their stock: the low-stock tab, a quick edit, and a CSV file previewed (a bad row refuses the
// whole file) then applied. Each journey has its own store (tests/e2e/fixtures.ts): its first variant low on
// stock (3), its second out (0), the others plenty.

const LOW_AND_OUT = { products: 2, stocks: [3, 0] }

/** A CSV file written for this test, in the system's temporary folder. */
function csvFile(name: string, text: string): string {
  const file = path.join(tmpdir(), `isoko-inventory-${Date.now()}-${name}.csv`)
  writeFileSync(file, text)
  return file
}

/** The stock input of the one variant a search for its SKU finds. */
async function stockOfSku(page: Page, sku: string) {
  await page.goto(`/vendor-dashboard/inventory?q=${encodeURIComponent(sku)}`)
  return page.getByRole('main').getByRole('spinbutton', { name: /^Stock of/ })
}

test('low stock, a quick edit, a refused file and an applied one', { tag: '@phone-only' }, async ({ page, shop }) => {
  // One width is enough for this path; it runs at 360 px, as on a phone.
  await signIn(page, await shop.vendor(LOW_AND_OUT))
  await page.goto('/vendor-dashboard/inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible()

  // Low stock: every variant shown is marked low.
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'Low stock (1)' }).click()
  await expect(page).toHaveURL(/filter=low/)
  await expect(main.getByRole('article')).toHaveCount(1)
  const card = main.getByRole('article').first()
  await expect(card.getByText('Low stock')).toBeVisible()
  const sku = ((await card.locator('.font-mono').textContent()) ?? '').trim()
  expect(sku).not.toBe('')

  // Quick edit: 17 is no longer low, so the row leaves the tab and the page says it was saved.
  await card.getByRole('spinbutton', { name: /^Stock of/ }).fill('17')
  await card.getByRole('button', { name: /^Save the stock of/ }).click()
  await expect(main.getByRole('status').filter({ hasText: /saved/i })).toBeVisible()
  await expect(await stockOfSku(page, sku)).toHaveValue('17')

  // A file with one unknown SKU: the line is named, and nothing changes.
  await page.goto('/vendor-dashboard/inventory')
  await main.getByLabel('CSV file').setInputFiles(csvFile('bad', `sku,stock\r\n${sku},9\r\nNOT-A-SKU-1,4\r\n`))
  await main.getByRole('button', { name: 'Preview changes' }).click()
  await expect(main.getByRole('alert').filter({ hasText: 'Line 3:' })).toContainText(
    'SKU NOT-A-SKU-1 is not one of your products.',
  )
  await expect(main.getByRole('button', { name: /^Apply/ })).toHaveCount(0)
  await expect(await stockOfSku(page, sku)).toHaveValue('17')

  // A good file: previewed from 17 to 23, applied, and the new stock shows.
  await page.goto('/vendor-dashboard/inventory')
  await main
    .getByLabel('CSV file')
    .setInputFiles(csvFile('good', `\uFEFFsku,stock,product\n"${sku}",23,"Any, title"\n`))
  await main.getByRole('button', { name: 'Preview changes' }).click()
  await expect(main.getByRole('table')).toContainText('17 → 23')
  await main.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(page.getByText('1 variant updated').first()).toBeVisible()
  await expect(await stockOfSku(page, sku)).toHaveValue('23')
})

test('a table from sm up, tabs with counts, and the stock as a CSV download', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  // The table shows from the sm breakpoint up.
  await signIn(page, await shop.vendor(LOW_AND_OUT))
  await page.goto('/vendor-dashboard/inventory?filter=out')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Out of stock (1)' })).toHaveAttribute('aria-current', 'page')
  await expect(main.getByRole('columnheader', { name: 'SKU' })).toBeVisible()
  await page.goto('/vendor-dashboard/inventory')
  const downloading = page.waitForEvent('download')
  await main.getByRole('link', { name: 'Download your stock as CSV' }).click()
  const download = await downloading
  const text = readFileSync(await download.path(), 'utf8')
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('sku,stock,product,size,colour')
  expect(text.split('\r\n').length).toBeGreaterThan(2)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a quick edit is a plain form post; a variant that is not the store’s is not found', {
    tag: '@desktop-only',
  }, async ({ page, shop }) => {
    // One width is enough: the same form at both.
    const other = await shop.vendor({ products: 1 })
    await signIn(page, await shop.vendor(LOW_AND_OUT))
    await page.goto('/vendor-dashboard/inventory?filter=out')
    const row = page.getByRole('main').getByRole('row').nth(1)
    await row.getByRole('spinbutton', { name: /^Stock of/ }).fill('3')
    await row.getByRole('button', { name: /^Save the stock of/ }).click()
    await expect(page).toHaveURL(/filter=out/)
    await expect(page.getByRole('main').getByRole('status')).toContainText('Stock saved.')

    // Another store's variant, and one that does not exist.
    for (const variantId of [other.products[0]?.variantIds[0], 2147480000]) {
      const refused = await page.request.post('/vendor-dashboard/inventory', {
        form: { intent: 'stock', variantId: String(variantId), stock: '5' },
      })
      expect(refused.status()).toBe(404)
    }
  })
})
