import { expect, test } from '@playwright/test'
import { headerCartLink, openInStockProduct } from './helpers'

test.use({ javaScriptEnabled: false })

test('without JavaScript a cart is built, changed and emptied with plain form posts', async ({ page }) => {
  await openInStockProduct(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click()
  await expect(headerCartLink(page)).toContainText('1')

  await page.goto('/products?sort=newest')
  await page
    .locator('article')
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

test('without JavaScript the product filters work as a plain GET form', async ({ page }) => {
  await page.goto('/products')
  // On phones the filters sit in a disclosure, which opens without JavaScript too.
  const toggle = page.locator('summary', { hasText: /filters/i })
  if (await toggle.isVisible()) await toggle.click()
  await page.getByLabel('Category', { exact: true }).selectOption('beauty')
  await page.getByRole('button', { name: /apply/i }).click()
  await expect(page).toHaveURL(/category=beauty/)
  await expect(page.getByText(/Showing [\d,]+ of [\d,]+ products/)).toBeVisible()
})
