import { expect, test } from '@playwright/test'
import { browseToInStockProduct, headerCartLink, headerFavouritesLink, waitForListingToRun } from './helpers'

test('a shopper adds to the cart, changes quantities and empties it; the cart survives a reload', async ({ page }) => {
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products')

  await browseToInStockProduct(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click()
  await expect(page.getByText('Added to cart')).toBeVisible()
  await expect(page.getByText(`${title} has been added to your cart.`)).toBeVisible()
  await expect(headerCartLink(page)).toContainText('1')

  await page.reload()
  await expect(headerCartLink(page)).toContainText('1')

  await page.goto('/cart')
  await expect(page.getByRole('main')).toContainText(title)
  await expect(page.getByText('Free', { exact: true })).toBeVisible()
  const increase = page.getByRole('button', { name: /increase/i }).first()
  const decrease = page.getByRole('button', { name: /decrease/i }).first()
  if (await increase.isEnabled()) {
    await increase.click()
    await expect(headerCartLink(page)).toContainText('2')
    await decrease.click()
    await expect(headerCartLink(page)).toContainText('1')
  }
  await page
    .getByRole('button', { name: /decrease/i })
    .first()
    .click()
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('favourites toggle with the prototype toasts and list on the wishlist page', async ({ page }) => {
  await page.goto('/favorites')
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Products' })).toBeVisible()

  await page.goto('/products')
  await waitForListingToRun(page)
  const heart = page.getByRole('button', { name: /add .* to favou?rites/i }).first()
  const label = (await heart.getAttribute('aria-label')) ?? ''
  await heart.click()
  await expect(page.getByText('Added to favorites')).toBeVisible()
  await expect(headerFavouritesLink(page)).toContainText('1')

  await page.goto('/favorites')
  await expect(page.getByText(/My Favorites \(1 items?\)/)).toBeVisible()
  await page
    .getByRole('button', { name: /remove .* from favou?rites/i })
    .first()
    .click()
  await expect(page.getByText('Removed from favorites')).toBeVisible()
  await expect(page.getByText('Your wishlist is empty')).toBeVisible()
  expect(label).not.toBe('')
})

test('a double click on Add to Cart never adds more than was clicked or than is in stock', async ({ page }) => {
  await browseToInStockProduct(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  const low = (await page.getByText(/^Only \d+ left$/).allTextContents())[0]
  const stock = low ? Number(low.replace(/\D/g, '')) : Number.POSITIVE_INFINITY
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .dblclick()
  const toasts = page.getByRole('region', { name: /notifications/i })
  await expect(toasts.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await expect(toasts.getByText(`${title} has been added to your cart.`, { exact: true }).first()).toBeVisible()

  await page.goto('/cart')
  await expect(page.getByRole('main')).toContainText(title)
  const quantities = page.locator('[data-slot="quantity"]')
  await expect(quantities).toHaveCount(1)
  const qty = Number(await quantities.textContent())
  expect(qty).toBeGreaterThanOrEqual(1)
  expect(qty).toBeLessThanOrEqual(Math.min(2, stock))
  await expect(headerCartLink(page)).toContainText(String(qty))
})
