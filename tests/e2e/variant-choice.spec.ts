import type { Locator, Page } from '@playwright/test'
import { expect, type FixtureVendor, test } from './fixtures'
import { headerCartLink, holdScripts, waitForListingToRun } from './helpers'

// The size and colour a shopper taps are what goes in the cart, in every state of loading: before the page's
// JavaScript runs, without it, and once it runs. And a card's Add to Cart never picks a size or colour for them.
// Each journey has its own store: clothes in several sizes and colours, every variant in stock.

/** The last colour and the last size of the product page (never the default, which is the first). */
async function lastChoices(scope: Locator): Promise<{ colour: string; size: string }> {
  const value = async (name: string) =>
    (await scope.locator(`input[name="${name}"]`).last().getAttribute('value')) as string
  return { colour: await value('colour'), size: await value('size') }
}

/** Taps a colour and a size as a person does: on their chips (the radio buttons under them are hidden). */
async function tap(scope: Locator, choice: { colour: string; size: string }): Promise<void> {
  await scope
    .getByRole('group', { name: /colour/i })
    .locator('label')
    .getByText(choice.colour, { exact: true })
    .click()
  // As a person does: the colour shows as chosen before the size is tapped (the sizes on offer follow the colour,
  // and on a busy machine the page can take a moment to follow the tap).
  await expect(scope.getByRole('radio', { name: choice.colour, exact: true })).toBeChecked()
  await scope.getByRole('group', { name: /size/i }).locator('label').getByText(choice.size, { exact: true }).click()
}

async function expectCartLine(page: Page, title: string, choice: { colour: string; size: string }): Promise<void> {
  await page.goto('/cart')
  const main = page.getByRole('main')
  await expect(main).toContainText(title)
  await expect(main.getByText(`Size: ${choice.size}`)).toBeVisible()
  await expect(main.getByText(`Colour: ${choice.colour}`)).toBeVisible()
  await expect(page.locator('[data-slot="quantity"]')).toHaveCount(1)
}

async function storeWithChoices(shop: { vendor: (o: { products: number }) => Promise<FixtureVendor> }) {
  const vendor = await shop.vendor({ products: 1 })
  const product = vendor.products[0]
  if (!product) throw new Error('the fixture store has no product')
  expect(product.variantIds.length, 'the product comes in several sizes and colours').toBeGreaterThan(1)
  return { vendor, product }
}

test('before the page’s scripts run, the colour and size tapped are what Add to Cart adds', async ({ page, shop }) => {
  const { product } = await storeWithChoices(shop)
  const release = await holdScripts(page)
  await page.goto(`/products/${product.slug}`, { waitUntil: 'commit' })
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.title)
  const choice = await lastChoices(main)
  await expect(main.getByText('In stock', { exact: true })).toBeVisible()
  await tap(main, choice)
  // The stock line described the rendered choice: it gives way to a line that says nothing untrue.
  await expect(main.getByText('In stock', { exact: true })).toBeHidden()
  await expect(main.getByText(/checked when you add it to your cart/)).toBeVisible()

  await main.getByRole('button', { name: /add to cart/i }).click()
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(choice.size)}`))
  await release()
  await expectCartLine(page, product.title, choice)
})

test('what was tapped before the page’s scripts ran is kept once they run, and is what Add to Cart adds', async ({
  page,
  shop,
}) => {
  const { product } = await storeWithChoices(shop)
  const release = await holdScripts(page)
  await page.goto(`/products/${product.slug}`, { waitUntil: 'commit' })
  const main = page.getByRole('main')
  const choice = await lastChoices(main)
  await tap(main, choice)
  await release()
  // The page runs ('Show this option', for a page without JavaScript, goes) and adopts the tapped choice.
  await expect(main.getByRole('button', { name: 'Show this option' })).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`size=${encodeURIComponent(choice.size)}`))
  await expect(main.getByRole('radio', { name: choice.colour, exact: true })).toBeChecked()
  await expect(main.getByRole('radio', { name: choice.size, exact: true })).toBeChecked()
  await expect(main.getByText('In stock', { exact: true })).toBeVisible()
  await main.getByRole('button', { name: /add to cart/i }).click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await expectCartLine(page, product.title, choice)
})

test('Add to Cart stays where it is when the page’s scripts run', async ({ page, shop }) => {
  const { product } = await storeWithChoices(shop)
  const release = await holdScripts(page)
  await page.goto(`/products/${product.slug}`, { waitUntil: 'commit' })
  const main = page.getByRole('main')
  const addToCart = main.getByRole('button', { name: /add to cart/i })
  await expect(main.getByRole('button', { name: 'Show this option' })).toBeVisible()
  // Measured as the shopper sees it: once the stylesheet is in (the page is then drawn), not while the document has
  // arrived but its styles have not (the button then sat at the body's default margin, 33 px tall).
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  )
  const before = await addToCart.boundingBox()
  await release()
  // 'Show this option' goes once the page runs; a tap on Add to Cart in that instant landed beside the button when
  // its going moved the button up.
  await expect(main.getByRole('button', { name: 'Show this option' })).toBeHidden()
  expect(await addToCart.boundingBox()).toEqual(before)
  await addToCart.click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
})

test('once the page runs, the colour and size tapped are what Add to Cart adds', async ({ page, shop }) => {
  const { product } = await storeWithChoices(shop)
  await page.goto(`/products/${product.slug}`)
  const main = page.getByRole('main')
  // 'Show this option' is for a page without JavaScript: it goes once the page runs.
  await expect(main.getByRole('button', { name: 'Show this option' })).toBeHidden()
  // A slow connection: the page's data requests after a tap take their time, and the shopper goes on tapping and
  // adds before they are answered. What was tapped last is still what goes in the cart.
  let releaseData = () => {}
  const dataHeld = new Promise<void>((resolve) => {
    releaseData = resolve
  })
  await page.route(
    (url) => url.pathname.endsWith('.data') && !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().method() === 'GET') await dataHeld
      await route.continue().catch(() => {})
    },
  )
  const choice = await lastChoices(main)
  await tap(main, choice)
  await expect(main.getByRole('radio', { name: choice.size, exact: true })).toBeChecked()
  await main.getByRole('button', { name: /add to cart/i }).click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  releaseData()
  await page.unroute('**/*')
  await expect(page).toHaveURL(new RegExp(`colour=${encodeURIComponent(choice.colour).replace(/%20/g, '\\+')}`))
  await expectCartLine(page, product.title, choice)
})

test('once the page runs, a choice made at leisure is what Add to Cart adds', async ({ page, shop }) => {
  const { product } = await storeWithChoices(shop)
  await page.goto(`/products/${product.slug}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('button', { name: 'Show this option' })).toBeHidden()
  const choice = await lastChoices(main)
  await tap(main, choice)
  await expect(page).toHaveURL(new RegExp(`colour=${encodeURIComponent(choice.colour).replace(/%20/g, '\\+')}`))
  await expect(main.getByRole('radio', { name: choice.colour, exact: true })).toBeChecked()
  await main.getByRole('button', { name: /add to cart/i }).click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await expect(headerCartLink(page)).toContainText('1')
  await expectCartLine(page, product.title, choice)
})

test('a card’s Add to Cart asks for the size and colour in a dialog, then adds what was chosen', async ({
  page,
  shop,
}) => {
  const { vendor, product } = await storeWithChoices(shop)
  await page.goto(`/vendor/${vendor.vendorId}`)
  await waitForListingToRun(page)
  const card = page.locator('article', { hasText: product.title })
  await card.getByRole('button', { name: /add to cart/i }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: product.title })).toBeVisible()
  // Nothing is chosen for the shopper; adding without a choice asks for one, next to it, and adds nothing.
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: /add to cart/i }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a colour and a size first.')

  const choice = await lastChoices(dialog)
  await tap(dialog, choice)
  await dialog.getByRole('button', { name: /add to cart/i }).click()
  await expect(page.getByText('Added to cart', { exact: true }).first()).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(headerCartLink(page)).toContainText('1')
  await expectCartLine(page, product.title, choice)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the colour and size tapped are what Add to Cart adds', async ({ page, shop }) => {
    const { product } = await storeWithChoices(shop)
    await page.goto(`/products/${product.slug}`)
    const main = page.getByRole('main')
    const choice = await lastChoices(main)
    await tap(main, choice)
    await main.getByRole('button', { name: /add to cart/i }).click()
    // The page comes back with the choice kept.
    await expect(main.getByRole('radio', { name: choice.colour, exact: true })).toBeChecked()
    await expect(main.getByRole('radio', { name: choice.size, exact: true })).toBeChecked()
    await expect(headerCartLink(page)).toContainText('1')
    await expectCartLine(page, product.title, choice)
  })

  test('a card’s Add to Cart leads to the product page to choose, and adds nothing by itself', async ({
    page,
    shop,
  }) => {
    const { vendor, product } = await storeWithChoices(shop)
    await page.goto(`/vendor/${vendor.vendorId}`)
    const card = page.locator('article', { hasText: product.title })
    await card.getByRole('button', { name: /add to cart/i }).click()
    // A GET of the product page (its form has no fields: the address may end with '?').
    await expect(page).toHaveURL(new RegExp(`/products/${product.slug}\\??$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title)
    await expect(headerCartLink(page)).not.toContainText('1')
  })
})
