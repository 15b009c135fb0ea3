import { expect, test } from '@playwright/test'
import { francs, headerCartLink, openInStockProduct } from './helpers'

test.use({ javaScriptEnabled: false })

test('without JavaScript a cart is built, changed and emptied with plain form posts', async ({ page }) => {
  await openInStockProduct(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click()
  await expect(headerCartLink(page)).toContainText('1')

  // A card adds directly only a product with one variant (many beauty products), with a post: for one with sizes
  // or colours its Add to Cart opens the product page to choose them (variant-choice.spec.ts).
  await page.goto('/products?category=beauty&sort=newest')
  await page
    .locator('article form[method="post"]')
    .getByRole('button', { name: /add to cart/i, disabled: false })
    .first()
    .click()
  await expect(page).toHaveURL(/\/products/)
  await expect(headerCartLink(page)).toContainText('2')

  await page.goto('/cart')
  await expect(page.getByRole('main')).toContainText(title)
  await page
    .getByRole('button', { name: /remove/i })
    .first()
    .click()
  await expect(headerCartLink(page)).toContainText('1')
  await page
    .getByRole('button', { name: /remove/i })
    .first()
    .click()
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('without JavaScript a double click on Add to Cart adds at most once per click', async ({ page }) => {
  const href = await openInStockProduct(page)
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .dblclick()
  // Back on the product page once the post is answered (the page the click was made on has the same address, so
  // the address alone cannot tell): its header then counts what was added.
  await expect(headerCartLink(page)).toHaveAccessibleName(/^Cart \([12] items?\)$/)
  await expect(page).toHaveURL((url) => url.pathname === href)
  await page.goto('/cart')
  const quantities = page.locator('[data-slot="quantity"]')
  await expect(quantities).toHaveCount(1)
  const qty = Number(await quantities.textContent())
  expect(qty).toBeGreaterThanOrEqual(1)
  expect(qty).toBeLessThanOrEqual(2)
  await expect(headerCartLink(page)).toContainText(String(qty))
})

test('without JavaScript the product filters work as a plain GET form', async ({ page }) => {
  await page.goto('/products')
  const filters = page.getByRole('search', { name: 'Search and filter products' })
  const category = filters.getByLabel('Category', { exact: true })
  const apply = filters.getByRole('button', { name: 'Apply' })
  // On phones the filters are folded away behind a 'Filters' toggle (it shows how many are active), which opens
  // without JavaScript too; from lg up they are always shown.
  const folded = (page.viewportSize()?.width ?? 0) < 1024
  const unfold = async () => {
    if (!folded) return
    await expect(category).toBeHidden()
    await filters.getByText(/^Filters\s*\d*$/).click()
  }

  await unfold()
  await category.selectOption('beauty')
  await apply.click()
  await expect(page).toHaveURL(/[?&]category=beauty(&|$)/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beauty')
  await expect(page.getByText(/Showing [\d,]+ of [\d,]+ products/)).toBeVisible()

  // The department's subcategories come with the new page; then sort, lowest price and sale in one go.
  await unfold()
  await expect(category).toHaveValue('beauty')
  await filters.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'All Skincare' })
  await filters.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' })
  const lowest = filters.getByLabel('Minimum price')
  await lowest.press('ArrowRight')
  const min = Number(await lowest.inputValue())
  await filters.getByLabel('On sale').check()
  await apply.click()

  const url = new URL(page.url())
  expect(url.pathname).toBe('/products')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    category: 'beauty',
    subcategory: 'beauty-skincare',
    sort: 'price-low',
    min: String(min),
    sale: 'on',
  })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beauty: Skincare')
  await expect(page.getByText(/Showing [\d,]+ of [\d,]+ products?/)).toBeVisible()
  await unfold()
  await expect(filters.getByLabel('Subcategory', { exact: true })).toHaveValue('beauty-skincare')
  await expect(filters.getByLabel('Sort by')).toHaveValue('price-low')
  await expect(filters.getByLabel('On sale')).toBeChecked()
  // What is listed: on sale (a struck former price), from the lowest price up.
  const cards = page.locator('article')
  const prices = (await cards.locator('[data-slot="price"]').allTextContents()).map(francs)
  expect([...prices].sort((a, b) => a - b)).toEqual(prices)
  for (const price of prices) expect(price).toBeGreaterThanOrEqual(min)
  for (const card of await cards.all()) await expect(card.locator('s')).toBeVisible()
})
