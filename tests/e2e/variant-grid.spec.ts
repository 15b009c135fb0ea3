import { expect, signIn, test } from './fixtures'
import { holdScripts, waitForHydration } from './helpers'
import { uploadTwoPhotos } from './photos'

// Issue 17: a vendor types the sizes and colours once and gets the grid, makes the XL dearer and ties a photo to
// Blue; a shopper picking XL sees (and is charged) the XL's price, and picking Blue shows the Blue photo first.

test('a size × colour grid with a dearer XL, and the Blue photo shown when Blue is picked', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  // Photo encoding is the slow part.
  test.setTimeout(120_000)
  const mark = Date.now().toString(36)
  const title = `Grid shirt ${mark}`
  const vendor = await shop.vendor({ products: 0 })
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/products/new')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Description', { exact: true }).fill('A cotton shirt in two colours, sewn in Kigali.')
  await page.getByLabel('Category').selectOption({ index: 1 })
  await page.getByLabel('Price (RWF)').fill('10000')

  // Sizes and colours once: six rows at once, SKUs suggested from the title.
  await page.getByLabel('Sizes', { exact: true }).fill('S, M, XL')
  await page.getByLabel('Colours', { exact: true }).fill('Red, Blue')
  await expect(page.getByText('6 variants (at most 100)')).toBeVisible()
  const rows = page.locator('ol li').filter({ has: page.locator('input[name$=".sku"]') })
  await expect(rows).toHaveCount(6)
  await expect(rows.nth(5)).toContainText('XL · Blue')
  await expect(page.locator('[name="variants[5].sku"]')).toHaveValue(/^GRID-SHIRT-[A-Z0-9]+-XL-BLUE$/)
  for (let i = 0; i < 6; i++) await page.locator(`[name="variants[${i}].stock"]`).fill('5')
  // The XL rows cost more (typed as French Excel writes it).
  await page.locator('[name="variants[4].price"]').fill('14 000')
  await page.locator('[name="variants[5].price"]').fill('14 000')
  // A colour taken off and put back keeps what was typed in its rows.
  await page.getByLabel('Colours', { exact: true }).fill('Red')
  await expect(rows).toHaveCount(3)
  await page.getByLabel('Colours', { exact: true }).fill('Red, Blue')
  await expect(page.locator('[name="variants[5].price"]')).toHaveValue('14 000')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Draft saved. Now add its photos.')).toBeVisible()

  // Two photos; the second shows the Blue shirt.
  const photos = await uploadTwoPhotos(page)
  await photos.getByLabel('Shows the colour').nth(1).selectOption('Blue')
  await photos.getByRole('button', { name: 'Save the colour of photo 2' }).click()
  await expect(page.getByText('Photo colour saved.')).toBeVisible()
  await expect(photos.getByLabel('Shows the colour').nth(1)).toHaveValue('Blue')
  await page.getByLabel('Status').selectOption('active')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Product saved.')).toBeVisible()
  const href = (await page.getByRole('link', { name: 'See it in the store' }).getAttribute('href')) as string

  // A shopper (a guest) opens the product: the product's price, "from" since the XL costs more.
  await page.context().clearCookies()
  await page.goto(href)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(title)
  const price = main.locator('p:visible [data-slot="price"]').first()
  await expect(price).toHaveText('RF 10,000')
  const blueKey = await page.locator('#picture-1 img').getAttribute('src')

  await main.getByRole('group', { name: /size/i }).locator('label').getByText('XL', { exact: true }).click()
  await expect(main.getByRole('radio', { name: 'XL', exact: true })).toBeChecked()
  await expect(price).toHaveText('RF 14,000')

  await main
    .getByRole('group', { name: /colour/i })
    .locator('label')
    .getByText('Blue', { exact: true })
    .click()
  await expect(main.getByRole('radio', { name: 'Blue', exact: true })).toBeChecked()
  // The Blue photo comes first.
  await expect(page.locator('#picture-0 img')).toHaveAttribute('src', blueKey as string)
  await expect(price).toHaveText('RF 14,000')

  await main.getByRole('button', { name: /add to cart/i }).click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await page.goto('/cart')
  const cart = page.getByRole('main')
  await expect(cart.getByText('Size: XL')).toBeVisible()
  await expect(cart.getByText('Colour: Blue')).toBeVisible()
  await expect(cart.getByText('RF 14,000').first()).toBeVisible()
})

// On a slow connection a vendor types the sizes and colours before the page runs: the grid follows them once it
// runs, and nothing typed is lost (React controls these two fields: it wrote its empty state back into them).
test('sizes and colours typed before the page runs make the grid once it runs', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  const vendor = await shop.vendor({ products: 0 })
  await signIn(page, vendor)
  const release = await holdScripts(page)
  await page.goto('/vendor-dashboard/products/new')
  await page.getByLabel('Sizes', { exact: true }).fill('S, M')
  await page.getByLabel('Colours', { exact: true }).fill('Red')
  await release()
  await waitForHydration(page)
  await expect(page.getByText('2 variants (at most 100)')).toBeVisible()
  await expect(page.getByLabel('Sizes', { exact: true })).toHaveValue('S, M')
  await expect(page.getByLabel('Colours', { exact: true })).toHaveValue('Red')
  const rows = page.locator('ol li').filter({ has: page.locator('input[name$=".sku"]') })
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('M · Red')
  // What follows is typed into the running page, as usual.
  await page.getByLabel('Colours', { exact: true }).fill('Red, Blue')
  await expect(rows).toHaveCount(4)
})
