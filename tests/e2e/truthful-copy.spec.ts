import { expect, test } from '@playwright/test'

// Issue 12, "Say only what is true": what the pages promise must be what Isoko does.

test('the footer lists only the ways to pay that checkout offers, a real About page and the cookies Isoko sets', async ({
  page,
}) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  const payments = footer.getByRole('list', { name: 'We accept' }).getByRole('listitem')
  await expect(payments).toHaveText(['Visa', 'Mastercard', 'MTN MoMo', 'Airtel Money', 'Cash on delivery'])
  await expect(footer).not.toContainText('Alipay')
  await expect(footer).not.toContainText('Apple Pay')
  await expect(footer.getByRole('link', { name: 'Cookie Settings' })).toHaveCount(0)

  await footer.getByRole('link', { name: 'About Isoko' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Isoko')

  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies', exact: true }).click()
  await expect(page).toHaveURL(/\/privacy-policy#cookies$/)
  const cookies = page.locator('section#cookies')
  for (const name of ['isoko_guest', 'isoko.session_token', 'isoko_checkout', 'isoko_flash']) {
    await expect(cookies).toContainText(name)
  }
  await expect(cookies).not.toContainText(/language/i)
})

test('the help page promises no live chat, no round-the-clock support, no size chart and no fitting tool', async ({
  page,
}) => {
  await page.goto('/help')
  const main = page.getByRole('main')
  for (const question of await main.locator('summary').all()) await question.click()
  for (const claim of [
    /24\/7/,
    /live chat/i,
    /size chart/i,
    /fitting tool/i,
    /priority support/i,
    /registration documents/i,
  ]) {
    await expect(main).not.toContainText(claim)
  }
  // The chat card opens a conversation with staff in the customer's account: a visitor signs in first.
  await main.getByRole('link', { name: 'Sign in to chat' }).click()
  await expect(page).toHaveURL(/\/customer-login\?redirectTo=/)
})

test("the home page's top rated products are the first of the listing its link opens", async ({ page }) => {
  await page.goto('/')
  const section = page.getByRole('region', { name: 'Top rated' })
  const titles = async (scope: typeof section) =>
    (
      await scope.locator('a[href^="/products/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    ).filter((href, i, all) => all.indexOf(href) === i)
  const onHome = await titles(section)
  expect(onHome.length).toBeGreaterThan(0)
  await section.getByRole('link', { name: 'See all top rated' }).click()
  await expect(page).toHaveURL(/\/products\?sort=rating$/)
  const results = page.getByRole('region', { name: 'Products', exact: true })
  await expect(results.locator('a[href^="/products/"]').first()).toBeVisible()
  const listed = await titles(results)
  expect(listed.slice(0, onHome.length)).toEqual(onHome)
})

test.describe('an empty search says why', () => {
  test('a word nothing matches: said with the word, with departments to browse and no filters to clear', async ({
    page,
  }) => {
    await page.goto('/products?q=zzqxvbn')
    const main = page.getByRole('main')
    await expect(main.getByText('No products match “zzqxvbn”')).toBeVisible()
    await expect(main.getByText(/check the spelling/i)).toBeVisible()
    await expect(main.getByText('No products match your filters')).toHaveCount(0)
    await expect(main.getByRole('link', { name: 'Clear all filters' })).toHaveCount(0)
    await expect(main.getByRole('navigation', { name: 'Browse a department' }).getByRole('link').first()).toBeVisible()
  })

  test('filters nothing passes: offered to clear them, keeping the word', async ({ page }) => {
    await page.goto('/products?q=dress&max=500')
    const main = page.getByRole('main')
    await expect(main.getByText('No products match your filters')).toBeVisible()
    await main.getByRole('link', { name: 'Clear all filters' }).click()
    await expect(page).toHaveURL(/\/products\?q=dress$/)
  })
})
