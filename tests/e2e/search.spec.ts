import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { waitForListingToRun } from './helpers'

// Searching as a shopper does: suggestions while typing in the header's one search box (by keyboard and by
// pointer), a misspelt word and the word the catalogue meant, size and colour filters and their chips, and an
// empty search that still offers something to buy. At 360 and 1280 px: the box and the filters are laid out
// differently on a phone.

/** The header's search box (there is one at every width). */
function searchBox(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search products' })
}

/** The page is no wider than the screen (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(viewport)
}

test('suggestions while typing open a category by keyboard and a product by pointer', async ({ page }) => {
  await page.goto('/products')
  await waitForListingToRun(page)
  const box = searchBox(page)
  await expect(box).toHaveAttribute('aria-expanded', 'false')

  // A category, chosen with the arrow keys and Enter.
  await box.click()
  await box.pressSequentially('dress', { delay: 40 })
  const list = page.getByRole('listbox', { name: 'Search suggestions' })
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const firstCategory = list.getByRole('group', { name: 'Categories' }).getByRole('option').first()
  const categoryName = ((await firstCategory.locator('span').first().textContent()) ?? '').trim()
  expect(categoryName).toMatch(/dress/i)
  await box.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-activedescendant', (await firstCategory.getAttribute('id')) as string)
  await expect(firstCategory).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/products\?(sub)?category=/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(categoryName)
  await expect(list).toBeHidden()

  // Escape closes the list and leaves the word in the box.
  await box.fill('')
  await box.pressSequentially('kitenge', { delay: 40 })
  // (A product may be suggested for its description: the journey picks one named with the word.)
  const product = list
    .getByRole('group', { name: 'Products' })
    .getByRole('option', { name: /kitenge/i })
    .first()
  await expect(product).toBeVisible()
  await expectNoSidewaysScroll(page)
  await box.press('Escape')
  await expect(list).toBeHidden()
  await expect(box).toHaveValue('kitenge')

  // A product, chosen with the pointer.
  await box.press('ArrowDown')
  await expect(product).toBeVisible()
  const title = ((await product.locator('span').first().textContent()) ?? '').trim()
  expect(title).toMatch(/kitenge/i)
  await product.click()
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('a misspelt search offers the word the catalogue meant', async ({ page }) => {
  await page.goto('/products')
  await waitForListingToRun(page)
  const box = searchBox(page)
  await box.fill('kitemge')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/products\?q=kitemge$/)
  const main = page.getByRole('main')
  const meant = main.getByText(/^Did you mean/)
  await expect(meant).toBeVisible()
  await expect(meant.getByRole('link')).toHaveText('kitenge')
  // The closest word's results are shown at once, and said to be for that word.
  await expect(main.getByText('Nothing matched “kitemge”, so these are the results for “kitenge”.')).toBeVisible()
  await expect(main.locator('article').first()).toContainText(/kitenge/i)

  await meant.getByRole('link').click()
  await expect(page).toHaveURL(/\/products\?q=kitenge$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “kitenge”')
  await expect(main.getByText(/^Did you mean/)).toHaveCount(0)
  await expect(page.getByText(/Showing [\d,]+ of [\d,]+\+? products?/)).toBeVisible()
  await expect(main.locator('article').first()).toContainText(/kitenge/i)
})

test('size and colour filters show as chips, and a chip removes its filter', async ({ page }) => {
  await page.goto('/products?category=women')
  await waitForListingToRun(page)
  const filters = page.getByRole('search', { name: 'Search and filter products' })
  // Phones keep the filters behind their button.
  const toggle = filters.locator('label[for="filters-toggle"]').filter({ visible: true })
  if (await toggle.count()) await toggle.click()

  await filters.getByRole('group', { name: 'Size' }).getByText('M', { exact: true }).click()
  await expect(page).toHaveURL(/[?&]size=M(&|$)/)
  const chips = page.getByRole('navigation', { name: 'Active filters' })
  await expect(chips.getByRole('link', { name: 'Remove filter: Size: M' })).toBeVisible()

  // The phone's panel closes when the page follows the filter: it is opened again.
  if ((await toggle.count()) && !(await filters.getByRole('group', { name: 'Colour' }).isVisible()))
    await toggle.click()
  const colour = filters.getByRole('group', { name: 'Colour' }).locator('label').first()
  const colourName = ((await colour.textContent()) ?? '').trim()
  await colour.click()
  await expect(page).toHaveURL(new RegExp(`[?&]colour=${encodeURIComponent(colourName).replace(/%20/g, '\\+')}(&|$)`))
  await expect(chips.getByRole('link', { name: `Remove filter: Colour: ${colourName}` })).toBeVisible()
  await expect(chips.getByRole('link', { name: 'Remove filter: Women' })).toBeVisible()
  await expectNoSidewaysScroll(page)

  // Removing the size keeps the colour and the department.
  await chips.getByRole('link', { name: 'Remove filter: Size: M' }).click()
  await expect(page).not.toHaveURL(/size=/)
  await expect(page).toHaveURL(/category=women/)
  await expect(chips.getByRole('link', { name: `Remove filter: Colour: ${colourName}` })).toBeVisible()
  await expect(chips.getByRole('link', { name: /Size:/ })).toHaveCount(0)

  // Clear all keeps nothing but the listing.
  await chips.getByRole('link', { name: 'Clear all' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(chips).toHaveCount(0)
})

test('a search that finds nothing suggests popular products', async ({ page }) => {
  await page.goto('/products?q=qqzxqv')
  await expect(page.getByText('No products match “qqzxqv”')).toBeVisible()
  await expect(page.getByText(/^Did you mean/)).toHaveCount(0)
  const popular = page.getByRole('region', { name: 'Popular on Isoko' })
  await expect(popular).toBeVisible()
  expect(await popular.locator('article').count()).toBeGreaterThan(0)
  await expectNoSidewaysScroll(page)

  // With a filter set, a plain link clears it (the word stays).
  await page.goto('/products?q=qqzxqv&stock=1')
  await expect(page.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute('href', '/products?q=qqzxqv')
  await expect(page.getByRole('region', { name: 'Popular on Isoko' })).toBeVisible()
})

test('the filters work without JavaScript, as a plain GET form', { tag: '@desktop-only' }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/products?category=women')
  const filters = page.getByRole('search', { name: 'Search and filter products' })
  await filters.getByRole('group', { name: 'Size' }).getByText('L', { exact: true }).click()
  await filters.getByLabel('In stock only').check()
  await filters.getByLabel('Customer rating').selectOption('4')
  await filters.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/size=L/)
  await expect(page).toHaveURL(/stock=1/)
  await expect(page).toHaveURL(/rating=4/)
  const chips = page.getByRole('navigation', { name: 'Active filters' })
  await expect(chips.getByRole('link', { name: 'Remove filter: 4★ & up' })).toBeVisible()
  await expect(chips.getByRole('link', { name: 'Remove filter: In stock only' })).toBeVisible()
  // The header's box is a plain search form too.
  await page.getByRole('banner').getByRole('combobox').fill('kitenge')
  await page.getByRole('banner').getByRole('combobox').press('Enter')
  await expect(page).toHaveURL(/\/products\?q=kitenge$/)
  await context.close()
})
