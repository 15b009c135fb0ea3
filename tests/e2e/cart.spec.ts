import { expect, test } from './fixtures'
import { browseToStoreProduct, headerCartLink, headerFavouritesLink, waitForListingToRun } from './helpers'

test('a shopper adds to the cart, changes quantities and empties it; the cart survives a reload', async ({
  page,
  shop,
}) => {
  // A product of the journey's own with 5 in stock: every step below runs, none depends on what the demo has.
  const store = await shop.vendor({ products: 1, stock: 5 })
  const product = store.products[0]
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products')

  await browseToStoreProduct(page, store.vendorId, product.title)
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click()
  await expect(page.getByText('Added to cart')).toBeVisible()
  await expect(page.getByText(`${product.title} has been added to your cart.`)).toBeVisible()
  await expect(headerCartLink(page)).toContainText('1')

  await page.reload()
  await expect(headerCartLink(page)).toContainText('1')

  await page.goto('/cart')
  await expect(page.getByRole('main')).toContainText(product.title)
  // A visitor has no address yet: the lowest standard fee ("from"), and how far the cart is from free delivery.
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.getByText(/^from RF\s?[\d,]+$/).first()).toBeVisible()
  await expect(summary.getByText(/^Add RF\s?[\d,]+ more for free standard delivery\.$/)).toBeVisible()
  const quantity = page.locator('[data-slot="quantity"]')
  const increase = page.getByRole('button', { name: /increase/i }).first()
  const decrease = page.getByRole('button', { name: /decrease/i }).first()
  await increase.click()
  await expect(quantity).toHaveText('2')
  await expect(headerCartLink(page)).toContainText('2')
  await decrease.click()
  await expect(quantity).toHaveText('1')
  await expect(headerCartLink(page)).toContainText('1')
  await decrease.click()
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
  // The heart, its toast and the header's count answer at once; the post (which gives a guest their cookie) is
  // answered before the journey leaves the page, as a shopper's next tap comes after it.
  const saved = page.waitForResponse((r) => r.url().includes('/api/favorites') && r.request().method() === 'POST')
  await heart.click()
  await expect(page.getByText('Added to favorites')).toBeVisible()
  await expect(headerFavouritesLink(page)).toContainText('1')
  await saved

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

test('a double click on Add to Cart never adds more than was clicked or than is in stock', async ({ page, shop }) => {
  // One left of each size: a double click puts exactly one in the cart.
  const store = await shop.vendor({ products: 1, stock: 1 })
  const product = store.products[0]
  await browseToStoreProduct(page, store.vendorId, product.title)
  await expect(page.getByText(/^Only 1 left$/).first()).toBeVisible()
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .dblclick()
  const toasts = page.getByRole('region', { name: /notifications/i })
  await expect(toasts.getByText(`${product.title} has been added to your cart.`, { exact: true }).first()).toBeVisible()

  await page.goto('/cart')
  await expect(page.getByRole('main')).toContainText(product.title)
  const quantities = page.locator('[data-slot="quantity"]')
  await expect(quantities).toHaveCount(1)
  await expect(quantities).toHaveText('1')
  await expect(headerCartLink(page)).toContainText('1')
})
