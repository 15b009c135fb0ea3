import type { Locator, Page } from '@playwright/test'

/** Reads an amount as a person sees it ('RF 12,500') into francs. */
export function francs(text: string): number {
  return Number(text.replace(/[^0-9]/g, ''))
}

/** The first product on /products that is in stock, opened on its own page. */
export async function openInStockProduct(page: Page, query = ''): Promise<string> {
  await page.goto(`/products${query}`)
  const card = page
    .locator('article', { has: page.getByRole('button', { name: /add to cart/i, disabled: false }) })
    .first()
  const link = card.locator('a[href^="/products/"]').first()
  const href = (await link.getAttribute('href')) as string
  await page.goto(href)
  return href
}

export function headerCartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /cart/i }).first()
}

export function headerFavouritesLink(page: Page): Locator {
  return page
    .getByRole('banner')
    .getByRole('link', { name: /favou?rites|wishlist/i })
    .first()
}
