import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { zipSync } from 'fflate'
import { expect, signIn, test } from './fixtures'
import { photoFile } from './photos'

// A vendor imports 200 products with their photos from a zip: the preview says what will be made, Apply makes it
// all at once, and an imported active product is on the storefront with its photo. Desktop only (issue 17).

const PRODUCTS = 200
/** Distinct pictures in the zip (each product shows one): encoding them is the slow part of Apply. */
const PICTURES = 6

test('import 200 products with photos from a zip, then find one on the storefront', async ({ page, shop }) => {
  test.setTimeout(90_000)
  const vendor = await shop.vendor({ products: 0 })
  await signIn(page, vendor)
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

  const files: Record<string, Uint8Array> = {}
  for (let i = 0; i < PICTURES; i++) files[`photos/shot-${i}.jpg`] = new Uint8Array((await photoFile(i + 30)).buffer)
  const zipPath = path.join(tmpdir(), `isoko-import-${run}.zip`)
  writeFileSync(zipPath, zipSync(files))

  const header =
    'handle;title;description;category;price;compare at price;status;badge;size;colour;sku;stock;variant price;photos'
  const rows = Array.from({ length: PRODUCTS }, (_, i) =>
    [
      `imp-${run}-${i}`,
      `Imported kitenge ${run} ${i}`,
      '"A bright kitenge dress; sewn in Kigali."',
      'Women > Clothing > Dresses',
      '25.000',
      '',
      'active',
      i === 0 ? 'new' : '',
      'M',
      'Blue',
      `IMP-${run}-${i}`.toUpperCase(),
      '5',
      '',
      `shot-${i % PICTURES}.jpg`,
    ].join(';'),
  )
  const csvPath = path.join(tmpdir(), `isoko-import-${run}.csv`)
  writeFileSync(csvPath, `\uFEFF${[header, ...rows].join('\r\n')}\r\n`)

  await page.goto('/vendor-dashboard/products')
  await page.getByRole('main').getByRole('link', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Import products from a CSV file' })).toBeVisible()
  await page.getByLabel('Product file (CSV)').setInputFiles(csvPath)
  await page.getByLabel('Photos (zip, optional)').setInputFiles(zipPath)
  await page.getByRole('button', { name: 'Preview the import' }).click()

  const preview = page.getByRole('region', { name: 'What this import will do' })
  await expect(preview.getByText('Products: 200 new, 0 updated, 0 unchanged.')).toBeVisible({ timeout: 20_000 })
  await expect(preview.getByText('Variants: 200 new, 0 updated. Photos: 200 new.')).toBeVisible()
  await expect(preview.getByRole('alert')).toHaveCount(0)
  await preview.getByRole('button', { name: 'Import now' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/products$/, { timeout: 60_000 })
  await expect(page.getByText('Import done: 200 products created, 0 updated.')).toBeVisible()

  // On the storefront: the product page, with its photo.
  await page.goto(`/products/imp-${run}-7`)
  await expect(page.getByRole('heading', { level: 1, name: `Imported kitenge ${run} 7` })).toBeVisible()
  const photo = page
    .getByRole('main')
    .getByRole('img', { name: `Imported kitenge ${run} 7` })
    .first()
  await expect(photo).toBeVisible()
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
})
