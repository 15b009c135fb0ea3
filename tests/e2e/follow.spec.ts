import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

// Following stores: a visitor is asked to sign in and comes back; a customer follows and unfollows, and the
// follower counts on the store page and the vendor cards follow; a vendor is told that only customers follow.
// With JavaScript (the button changes at once) and without (plain form posts). Each test that counts followers
// makes a store of its own (tests/e2e/fixtures.ts): it starts with no follower, and no other test touches it.

const number = new Intl.NumberFormat('en-RW')

/** A demo store that the visitor journeys only look at. */
const DEMO_STORE = 2

/** Through the login form that is open, as a person does. */
async function signInByForm(page: Page, who: { email: string; password: string }) {
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(who.email)
  await main.getByLabel('Password', { exact: true }).fill(who.password)
  await main.getByRole('button', { name: 'Sign In' }).click()
}

/** A figure in a list of figures (the store's stats, a vendor card), by its label. */
function figure(scope: Locator, label: string): Locator {
  return scope
    .locator('div', {
      has: scope
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition')
}

function storeFollowers(page: Page): Locator {
  return figure(page.getByRole('region', { name: 'Store stats' }), 'Followers')
}

/**
 * Presses a follow button and waits for the server's answer: the button changes at once (optimistic), so a
 * journey that leaves the page straight after could cancel the press on its way.
 */
async function press(page: Page, button: Locator) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/follow') && r.request().method() === 'POST')
  await button.click()
  expect((await answered).ok()).toBe(true)
}

/** Waits until the page runs JavaScript: a press is then sent by the page itself, not as a plain form post. */
async function waitForPageToRun(page: Page) {
  await expect(page.locator('form[action="/api/follow"] input[name="js"][value="1"]').first()).toBeAttached()
}

test.describe('with JavaScript', () => {
  test('a visitor pressing Follow is asked to sign in and comes back to the vendors', async ({ page, shop }) => {
    const customer = await shop.customer()
    await page.goto('/vendors?sort=rating')
    await waitForPageToRun(page)
    await page.getByRole('article').first().getByRole('button', { name: 'Follow' }).click()
    await expect(page).toHaveURL(/\/customer-login\?redirectTo=%2Fvendors%3Fsort%3Drating$/)
    await signInByForm(page, customer)
    await expect(page).toHaveURL(/\/vendors\?sort=rating$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible()
  })

  test('a customer follows a store and unfollows it; the counts follow', async ({ page, shop }) => {
    const store = await shop.vendor({ products: 1 })
    const id = store.vendorId
    const name = store.storeName
    await signIn(page, await shop.customer())
    await page.goto(`/vendor/${id}`)
    await waitForPageToRun(page)
    const before = 0
    await expect(storeFollowers(page)).toHaveText('0')
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Vendor' })).toHaveAttribute(
      'href',
      `/customer-dashboard/messages/new?store=${id}`,
    )

    await press(page, page.getByRole('button', { name: 'Follow Store' }))
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before + 1))
    await page.reload()
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before + 1))

    // The vendor list's card says so too, and unfollows.
    await page.goto(`/vendors?q=${encodeURIComponent(name)}`)
    await waitForPageToRun(page)
    const card = page.getByRole('article', { name })
    await expect(figure(card, 'Followers')).toHaveText(number.format(before + 1))
    await press(page, card.getByRole('button', { name: 'Following' }))
    await expect(card.getByRole('button', { name: 'Follow', exact: true })).toBeVisible()
    await expect(figure(card, 'Followers')).toHaveText(number.format(before))

    await page.goto(`/vendor/${id}`)
    await expect(page.getByRole('button', { name: 'Follow Store' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before))
  })

  test('a vendor is told that only customers follow stores', async ({ page, shop }) => {
    const id = (await shop.vendor({ products: 1 })).vendorId
    await signIn(page, await shop.vendor({ products: 0 }))
    await page.goto(`/vendor/${id}`)
    await waitForPageToRun(page)
    const before = 0
    await expect(storeFollowers(page)).toHaveText('0')
    await page.getByRole('button', { name: 'Follow Store' }).click()
    await expect(page.getByText('Only customers follow stores')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Follow Store' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before))
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor pressing Follow Store is asked to sign in and comes back to the store', async ({ page, shop }) => {
    const customer = await shop.customer()
    const id = DEMO_STORE
    await page.goto(`/vendor/${id}`)
    await page.getByRole('button', { name: 'Follow Store' }).click()
    await expect(page).toHaveURL(new RegExp(`/customer-login\\?redirectTo=%2Fvendor%2F${id}$`))
    await signInByForm(page, customer)
    await expect(page).toHaveURL(new RegExp(`/vendor/${id}$`))
  })

  test('a customer follows and unfollows with plain form posts; the counts follow', async ({ page, shop }) => {
    const store = await shop.vendor({ products: 1 })
    const id = store.vendorId
    const name = store.storeName
    await signIn(page, await shop.customer())
    await page.goto(`/vendor/${id}`)
    const before = 0
    await expect(storeFollowers(page)).toHaveText('0')

    await page.getByRole('button', { name: 'Follow Store' }).click()
    await expect(page).toHaveURL(new RegExp(`/vendor/${id}$`))
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before + 1))

    await page.goto(`/vendors?q=${encodeURIComponent(name)}`)
    const card = page.getByRole('article', { name })
    await expect(figure(card, 'Followers')).toHaveText(number.format(before + 1))
    await card.getByRole('button', { name: 'Following' }).click()
    await expect(page).toHaveURL(/\/vendors\?q=/)
    await expect(card.getByRole('button', { name: 'Follow', exact: true })).toBeVisible()
    await expect(figure(card, 'Followers')).toHaveText(number.format(before))
  })

  test('a vendor is told beside the button that only customers follow stores', async ({ page, shop }) => {
    const id = (await shop.vendor({ products: 1 })).vendorId
    await signIn(page, await shop.vendor({ products: 0 }))
    await page.goto(`/vendor/${id}`)
    const before = 0
    await expect(storeFollowers(page)).toHaveText('0')
    await page.getByRole('button', { name: 'Follow Store' }).click()
    await expect(page).toHaveURL(new RegExp(`/vendor/${id}$`))
    await expect(page.getByRole('alert').filter({ hasText: 'Following is for customer accounts' })).toBeVisible()
    await expect(storeFollowers(page)).toHaveText(number.format(before))
  })
})
