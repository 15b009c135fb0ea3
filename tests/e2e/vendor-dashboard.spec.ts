import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { isHydrated, waitForHydration } from './helpers'

// The vendor dashboard and the store settings: who may open them, what they show, and that a vendor's edits
// reach the public store page. Each journey that edits a store edits a store of its own.

const DEMO_PASSWORD = 'Isoko-Demo-2026'

/** Through the login form that is open, as a person does. */
async function signInByForm(page: Page, email: string, password = DEMO_PASSWORD) {
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Sign In' }).click()
}

test('a vendor signs in and sees the store, its status and its figures', async ({ page, shop }) => {
  const vendor = await shop.vendor({ products: 3 })
  await page.goto('/vendor-login')
  await signInByForm(page, vendor.email, vendor.password)
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${vendor.storeName}`)
  const status = page.getByRole('region', { name: /^Status:/ })
  await expect(status.getByRole('heading')).toHaveText('Status: Approved')
  await expect(status).toContainText('Your store is approved and open on Isoko.')

  const figures = page.getByRole('region', { name: 'Your store in figures' })
  const value = (label: string) =>
    figures
      .locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition')
  await expect(value('Products')).toHaveText('3')
  await expect(value('Followers')).toHaveText('0')
  await expect(value('Orders')).toHaveText('0')
  await expect(value('Revenue')).toHaveText(/^RF\s?0$/)
  await expect(value('Customers')).toHaveText('0')
  await expect(figures).toContainText(/waiting to be packed or sent/)
  await expect(
    page.getByRole('region', { name: 'Recent orders' }).getByRole('link', { name: 'All orders' }),
  ).toBeVisible()

  // Every store management button goes to its page (some of those pages are built beside this one).
  const tools = page.getByRole('region', { name: 'Manage your store' })
  for (const [name, href] of [
    ['Add product', '/vendor-dashboard/products/new'],
    ['Products', '/vendor-dashboard/products'],
    ['Orders', '/vendor-dashboard/orders'],
    ['Inventory', '/vendor-dashboard/inventory'],
    ['Analytics', '/vendor-dashboard/analytics'],
    ['Reviews', '/vendor-dashboard/reviews'],
    ['Messages', '/vendor-dashboard/messages'],
    ['Store settings', '/vendor-dashboard/settings'],
  ] as const) {
    // Messages carries the unread count in its name when customers have written ("Messages 2 unread messages").
    const link =
      name === 'Messages'
        ? tools.getByRole('link', { name: /^Messages\b/ })
        : tools.getByRole('link', { name, exact: true })
    await expect(link).toHaveAttribute('href', href)
  }
  await expect(tools).not.toContainText('Coming soon')
  await expect(figures.getByRole('link', { name: /Last 30 days/ })).toHaveAttribute(
    'href',
    '/vendor-dashboard/analytics',
  )
})

test('a vendor edits the store settings and the public store page shows them', async ({ page, shop }) => {
  test.setTimeout(90_000)
  const vendor = await shop.vendor({ products: 1 })
  await signIn(page, vendor)
  const specialty = 'Made-to-measure kitenge'
  const returns = 'Returns within 21 days with the receipt.'
  await page.goto('/vendor-dashboard/settings')
  // Edited in the running page (typing before it runs is the journey below's): a fill in the very instant React
  // hydrates the field can lose its selection of the server's text.
  await waitForHydration(page, 'textarea[name="specialties"]')
  const form = page.getByRole('main')
  const specialties = form.getByLabel('Specialties')
  await specialties.fill(`${await specialties.inputValue()}\n${specialty}`)
  await form.getByLabel('Returns').fill(returns)
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your store settings are saved.' })).toBeVisible()
  await expect(form.getByLabel('Returns')).toHaveValue(returns)

  await page.getByRole('link', { name: 'View your store page' }).click()
  await expect(page).toHaveURL(new RegExp(`/vendor/${vendor.vendorId}$`))
  await expect(page.getByRole('region', { name: `About ${vendor.storeName}` })).toContainText(specialty)
  await expect(page.getByRole('region', { name: 'Store Policies' })).toContainText(returns)
})

// React writes a textarea's server text back into it when it hydrates: on a slow connection what a vendor typed
// before the page ran was lost (app/lib/typed-before-hydration.ts).
test('text typed into the settings before the page runs is kept and saved', async ({ page, shop }) => {
  const vendor = await shop.vendor({ products: 1 })
  await signIn(page, vendor)
  // A slow connection: the page's scripts arrive a second late.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.goto('/vendor-dashboard/settings')
  const returns = page.getByRole('main').getByLabel('Returns')
  const typed = 'Returns within 14 days, typed before the page ran.'
  await returns.fill(typed)
  expect(await isHydrated(page, 'textarea[name="returns"]')).toBe(false)
  // Saved the moment the page runs: the typed text must be back in the field by then, not a request later (on a
  // slow connection, a script fetched to put it back left the server's text in the field for a second or more).
  await waitForHydration(page, 'textarea[name="returns"]')
  await page.getByRole('main').getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your store settings are saved.' })).toBeVisible()
  await expect(returns).toHaveValue(typed)
  await page.reload()
  await expect(returns).toHaveValue(typed)
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('a refused settings form says why next to the field and keeps what was typed', async ({ page, shop }) => {
      const vendor = await shop.vendor({ products: 0 })
      await signIn(page, vendor)
      await page.goto('/vendor-dashboard/settings')
      // Typed into the running page: typing before it runs is the journey above's. A fill in the very instant React
      // hydrates a textarea can lose its selection of the server's text, which then stays after what was typed.
      if (javaScriptEnabled) await waitForHydration(page, 'textarea[name="shipping"]')
      const form = page.getByRole('main')
      const typed = 'Shipping typed by the journey, never saved.'
      await form.getByLabel('Store name').fill('K')
      await form.getByLabel('Shipping').fill(typed)
      await form.getByLabel('Specialties').fill('a, b, c, d, e, f, g, h, i')
      await form.getByRole('button', { name: 'Save settings' }).click()
      await expect(form.getByLabel('Store name')).toHaveAccessibleDescription(/Please write at least 2 characters\./)
      await expect(form.getByLabel('Specialties')).toHaveAccessibleDescription(/Please list at most 8 specialties\./)
      await expect(form.getByLabel('Store name')).toHaveValue('K')
      await expect(form.getByLabel('Shipping')).toHaveValue(typed)
      await page.goto(`/vendor/${vendor.vendorId}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(vendor.storeName)
      await expect(page.getByRole('main')).not.toContainText(typed)
    })
  })
}

test('a pending vendor sees the pending status and can prepare the store', async ({ page, shop }) => {
  await signIn(page, await shop.vendor({ status: 'pending', products: 0 }))
  await page.goto('/vendor-dashboard')
  const status = page.getByRole('region', { name: /^Status:/ })
  await expect(status.getByRole('heading')).toHaveText('Status: Pending approval')
  await expect(status).toContainText('pending approval')
  await status.getByRole('link', { name: 'store settings' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/settings$/)
  await expect(page.getByRole('main')).toContainText('customers see it once it is approved')
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled()
})

test('a customer opening the vendor dashboard goes to their own dashboard', async ({ page, shop }) => {
  await signIn(page, await shop.customer())
  await page.goto('/vendor-dashboard')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await page.goto('/vendor-dashboard/settings')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})

test('a visitor is sent to the vendor login and comes back after signing in', async ({ page }) => {
  await page.goto('/vendor-dashboard')
  await expect(page).toHaveURL(/\/vendor-login\?redirectTo=%2Fvendor-dashboard$/)
  await signInByForm(page, 'vendor@isoko.rw')
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Kigali Fashion House')
})
