import { expect, test } from './fixtures'
import { francs, waitForListingToRun } from './helpers'

test('home shows live figures, promotions, categories, top rated products and vendors', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/\d+K?\+/).first()).toBeVisible()
  await expect(page.locator('a[href^="/products/"]').first()).toBeVisible()
  await expect(page.locator('a[href^="/vendor/"]').first()).toBeAttached()
  await expect(page.locator('a[href="/products"]').first()).toBeAttached()
  await expect(page.locator('a[href="/vendors"]').first()).toBeAttached()
})

test('the product listing filters, sorts and pages through its URL', async ({ page }) => {
  await page.goto('/products?category=women&sort=price-low')
  const showing = page.getByText(/Showing [\d,]+ of [\d,]+ products/)
  await expect(showing).toBeVisible()
  const [, shown, total] = ((await showing.textContent()) ?? '').match(/Showing ([\d,]+) of ([\d,]+)/) ?? []
  expect(Number(shown?.replace(/,/g, ''))).toBeGreaterThan(0)
  expect(Number(total?.replace(/,/g, ''))).toBeGreaterThanOrEqual(Number(shown?.replace(/,/g, '')))

  const prices = await page.locator('article [data-slot="price"]').allTextContents()
  const values = prices.map(francs)
  expect(values.length).toBeGreaterThan(1)
  expect([...values].sort((a, b) => a - b)).toEqual(values)

  await page.goto('/products?q=kitenge')
  await expect(page.getByText(/Showing [\d,]+ of [\d,]+ products/)).toBeVisible()
  await expect(page.locator('article').first()).toContainText(/kitenge/i)
})

test('a product page shows its gallery, options, vendor and reviews', async ({ page }) => {
  await page.goto('/products')
  const href = await page.locator('article a[href^="/products/"]').first().getAttribute('href')
  await page.goto(href as string)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('a[href^="/vendor/"]').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /add to cart|out of stock/i }).first()).toBeVisible()
  const missing = await page.goto('/products/no-such-product-anywhere')
  expect(missing?.status()).toBe(404)
})

test('vendors can be filtered and a store opened', async ({ page, shop }) => {
  test.setTimeout(90_000)
  // A store of the journey's own, known to the letter: each filter must keep it or drop it (a list that ignored
  // its filters would show it, or others, every time).
  const store = await shop.vendor({ products: 1 })
  const list = async (query: Record<string, string>) => {
    await page.goto(`/vendors?${new URLSearchParams({ q: store.storeName, ...query })}`)
    return page.getByRole('main')
  }
  const none = 'No vendors match these filters'

  let main = await list({})
  await expect(main.getByText(/Showing 1 of 1 vendor\b/)).toBeVisible()
  await expect(main.getByRole('heading', { name: store.storeName })).toBeVisible()
  // Filters that keep it: its department, and Kigali.
  const keep: Record<string, string>[] = [{ category: 'women' }, { location: 'kigali' }]
  for (const query of keep) {
    main = await list(query)
    await expect(main.getByRole('heading', { name: store.storeName }), JSON.stringify(query)).toBeVisible()
  }
  // Filters that drop it: not verified, another department, another place.
  const drop: Record<string, string>[] = [{ verified: '1' }, { category: 'beauty' }, { location: 'musanze' }]
  for (const query of drop) {
    main = await list(query)
    await expect(main.getByText(none), JSON.stringify(query)).toBeVisible()
    await expect(main.getByRole('heading', { name: store.storeName })).toHaveCount(0)
  }
  // Verified stores only, and every one shown says so.
  await page.goto('/vendors?verified=1')
  const cards = page.getByRole('main').locator('article')
  expect(await cards.count()).toBeGreaterThan(0)
  for (const card of await cards.all()) await expect(card).toContainText('Verified')

  main = await list({})
  await main.getByRole('link', { name: /visit store/i }).click()
  await expect(page).toHaveURL(new RegExp(`/vendor/${store.vendorId}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.storeName)
})

test('an unknown or malformed vendor id answers 404 with "Vendor not found"', async ({ page }) => {
  for (const path of ['/vendor/99999', '/vendor/abc']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Vendor not found')).toBeVisible()
  }
})

test('an unknown page answers 404 with its three links', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.locator('a[href="/"]')).toBeVisible()
  await expect(main.locator('a[href="/products"]')).toBeVisible()
  await expect(main.locator('a[href="/help"]')).toBeVisible()
})

test('the prototype /auth links redirect permanently to the real pages', async ({ page, request }) => {
  const r = await request.get('/auth/customer/signup', { maxRedirects: 0 })
  expect(r.status()).toBe(301)
  expect(r.headers().location).toBe('/customer-signup')
  await page.goto('/auth/vendor/signup')
  await expect(page).toHaveURL(/\/vendor-onboarding$/)
  await page.goto('/auth/customer/login')
  await expect(page).toHaveURL(/\/customer-login$/)
})

test('policy pages have real text', async ({ page }) => {
  for (const path of ['/privacy-policy', '/terms', '/returns', '/refund-policy', '/about']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(((await page.getByRole('main').textContent()) ?? '').length).toBeGreaterThan(400)
  }
})

test('a new path starts at the top of the page', async ({ page }) => {
  await page.goto('/products')
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  await page.locator('footer a[href="/help"]').first().click()
  await expect(page).toHaveURL(/\/help$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

// A listing's cards out of sight are not laid out until the shopper scrolls near them (content-visibility: the
// longest task of /products on a slow phone was laying out 24 cards): they are drawn in time, at their own size.
test('the cards of a listing far below the screen are drawn as the shopper scrolls to them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/products')
  const cards = page.locator('article.product-card')
  await expect(cards).toHaveCount(24)
  // Whether the card's contents are drawn (the card skips them while far from the screen).
  const drawn = (index: number) =>
    cards.nth(index).evaluate((card) => card.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }))
  const last = cards.last()
  expect(await drawn(0)).toBe(true)
  expect(await drawn(23)).toBe(false)
  await last.scrollIntoViewIfNeeded()
  await expect.poll(() => drawn(23)).toBe(true)
  await expect(last.getByRole('heading')).toBeVisible()
  // Drawn at its own size: its title, store and button inside it, nothing cut off or sideways.
  const [box, button] = await Promise.all([last.boundingBox(), last.getByRole('button').last().boundingBox()])
  expect(button?.y ?? 0).toBeGreaterThan(box?.y ?? 0)
  expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

// React writes every prop of an input it renders again back into the element. The router's state changes once the
// page runs (the routes its links lead to arrive) and at each step of an Add to Cart: the cards' forms must not be
// drawn again for it (a listing's 170 hidden fields were rewritten each time, a long task on a slow phone).
test("a listing's cards are not redrawn when the router's state changes", async ({ page }) => {
  // The routes the links lead to are held back until the page runs and is watched.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/__manifest?*', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/products')
  await waitForListingToRun(page)
  await page.evaluate(() => {
    const w = window as unknown as { rewritten: string[] }
    w.rewritten = []
    new MutationObserver((records) => {
      for (const r of records) {
        const input = r.target
        if (input instanceof HTMLInputElement && input.closest('article.product-card'))
          w.rewritten.push(`${input.name} ${r.attributeName}`)
      }
    }).observe(document.querySelector('main') as HTMLElement, { subtree: true, attributes: true })
  })
  const rewritten = () => page.evaluate(() => (window as unknown as { rewritten: string[] }).rewritten)
  const routes = page.waitForResponse('**/__manifest?*')
  release()
  await routes
  // The router has taken in the product page's route (React Router adds it to the page's manifest as it does)...
  await page.waitForFunction(
    () =>
      'routes/storefront/product' in
      (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes,
  )
  // ...and React draws what changed, in a transition: a few frames.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)))
  expect(await rewritten()).toEqual([])

  // An Add to Cart changes only its own card's form (a product without options: it is added at once).
  await page
    .locator('article.product-card button[type="submit"]:not([aria-haspopup]):not([disabled])')
    .filter({ hasText: /^add to cart/i })
    .first()
    .click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  expect(await rewritten()).toEqual([])
})
