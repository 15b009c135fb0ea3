import { expect, type Locator, type Page } from '@playwright/test'

/** Reads an amount as a person sees it ('RF 12,500', '-RF 1,350') into francs, with its sign. */
export function francs(text: string): number {
  const value = Number(text.replace(/[^0-9]/g, ''))
  return /[-\u2212]/.test(text) ? -value : value
}

/**
 * The product cards whose Add to Cart can be pressed: a button (a product with one variant, or, once the page runs,
 * one that opens the size and colour choice) or, without JavaScript, a link to the product page to choose them.
 */
export function inStockCards(page: Page): Locator {
  const add = page
    .getByRole('button', { name: /add to cart/i, disabled: false })
    .or(page.getByRole('link', { name: /add to cart/i }))
  return page.locator('article', { has: add })
}

/** The first product on /products that is in stock, opened on its own page (a full page load: works without JavaScript). */
export async function openInStockProduct(page: Page, query = ''): Promise<string> {
  await page.goto(`/products${query}`)
  const card = inStockCards(page).first()
  const link = card.locator('a[href^="/products/"]').first()
  const href = (await link.getAttribute('href')) as string
  await page.goto(href)
  return href
}

/** Holds every script of the page back until `release` is called: the page stays as the server rendered it. */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/*.js', async (route) => {
    await held
    // A script held for a page that has since gone (the form post navigated away) is no longer wanted.
    await route.continue().catch(() => {})
  })
  return async () => {
    release()
    await page.unroute('**/*.js')
  }
}

/** Whether React has hydrated the element `selector` finds (it carries React's own keys); run in the page. */
function hydrated(selector: string): boolean {
  return Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__react'))
}

/** Whether React has hydrated the element `selector` finds, now. */
export function isHydrated(page: Page, selector = 'main'): Promise<boolean> {
  return page.evaluate(hydrated, selector)
}

/**
 * Waits until React has hydrated the page's element `selector` (by default its main landmark): for journeys about
 * the running page, so that what they type or tick is not what a person does in the instant the page comes alive.
 */
export async function waitForHydration(page: Page, selector = 'main'): Promise<void> {
  await page.waitForFunction(hydrated, selector)
}

/**
 * Waits until the product listing runs JavaScript, by what a person meets on it: a card's 'Quick View' opens the
 * product page until then, and is announced as opening a dialog once the page runs. A click before that is a
 * plain form post (the page reloads, and no toast can show), which is not what a journey that expects a toast is
 * about.
 */
export async function waitForListingToRun(page: Page): Promise<void> {
  await expect(
    page
      .getByRole('button', { name: /quick view/i })
      .filter({ visible: true })
      .first(),
  ).toHaveAttribute('aria-haspopup', 'dialog')
}

/**
 * As a shopper with JavaScript: opens /products, waits until the listing runs, and follows the first in-stock
 * product's link, so the product page is shown by the running app (never a half-started page).
 */
export async function browseToInStockProduct(page: Page, query = ''): Promise<string> {
  await page.goto(`/products${query}`)
  await waitForListingToRun(page)
  const card = inStockCards(page).first()
  const link = card.getByRole('heading').getByRole('link')
  const href = (await link.getAttribute('href')) as string
  const title = ((await link.textContent()) ?? '').trim()
  await link.click()
  await expect(page).toHaveURL(href)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  return href
}

/**
 * As a shopper with JavaScript: opens a store's page, waits until it runs, and follows the link of the product
 * titled `title` (a journey's own store: tests/e2e/fixtures.ts), so the product page is shown by the running app.
 */
export async function browseToStoreProduct(page: Page, vendorId: number, title: string): Promise<void> {
  await page.goto(`/vendor/${vendorId}`)
  await waitForListingToRun(page)
  await page.getByRole('main').getByRole('heading').getByRole('link', { name: title, exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

/**
 * On a product page: presses Add to Cart and waits for the server's answer. The header's count changes at once
 * (optimistic), so a journey that leaves on that alone can cancel the add on its way; the toast comes with the
 * answer. Returns the product's title.
 */
export async function addThisProductToCart(page: Page): Promise<string> {
  // The toast is the running page's answer: a press before the page runs is a plain form post, answered by the page
  // again with the header's count (the journeys without JavaScript cover that).
  await waitForHydration(page)
  const before = Number(((await headerCartLink(page).textContent()) ?? '').replace(/\D/g, '') || 0)
  const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim()
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await expect(headerCartLink(page)).toContainText(String(before + 1))
  return title
}

/** Opens the first in-stock product on a store's page and adds it to the cart; returns its title. */
export async function addFromStore(page: Page, vendorId: number): Promise<string> {
  await page.goto(`/vendor/${vendorId}`)
  const card = inStockCards(page).first()
  await page.goto((await card.getByRole('heading').getByRole('link').getAttribute('href')) as string)
  return addThisProductToCart(page)
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
