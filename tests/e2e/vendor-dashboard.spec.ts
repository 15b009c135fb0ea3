import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'

// The vendor dashboard and the store settings: who may open them, what they show, and that a vendor's edits
// reach the public store page.

const DEMO_PASSWORD = 'Isoko-Demo-2026'

async function signIn(page: Page, email: string) {
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await main.getByRole('button', { name: 'Sign In' }).click()
}

/**
 * The demo vendor runs one store (store 1), and both projects' journeys edit it: one at a time, so that neither
 * saves over the other's edit. A lock shared by the processes on this machine (a directory; a stale one, left
 * by a killed run, is broken after a minute).
 */
async function withStoreLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `isoko-e2e-store-1-${process.env.E2E_PORT ?? 3100}.lock`)
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true })
      } catch {}
      if (Date.now() > deadline) throw new Error(`Store 1 stayed locked (${lock})`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

test('a vendor signs in and sees the store, its status and its figures', async ({ page }) => {
  await page.goto('/vendor-login')
  await signIn(page, 'vendor@isoko.rw')
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Kigali Fashion House')
  const status = page.getByRole('region', { name: /^Status:/ })
  await expect(status.getByRole('heading')).toHaveText('Status: Approved')
  await expect(status).toContainText('Your store is approved and open on Isoko.')

  const figures = page.getByRole('region', { name: 'Your store in figures' })
  const value = (label: string) =>
    figures
      .locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
      .getByRole('definition')
  expect(Number(await value('Products').textContent())).toBeGreaterThan(0)
  await expect(value('Followers')).toHaveText(/^\d[\d,]*$/)
  // Other journeys place orders with this store, so the order figures are counted, not fixed.
  await expect(value('Orders')).toHaveText(/^\d[\d,]*$/)
  await expect(value('Revenue')).toHaveText(/^RF\s?[\d,]+$/)
  await expect(value('Customers')).toHaveText(/^\d[\d,]*$/)
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

test('a vendor edits the store settings and the public store page shows them', async ({ page }) => {
  test.setTimeout(120_000)
  const mark = `${test.info().project.name}-${Date.now().toString(36)}`
  const specialty = `Journey ${mark}`
  const returns = `Returns within 21 days with the receipt (${mark}).`
  await page.goto('/vendor-login?redirectTo=%2Fvendor-dashboard%2Fsettings')
  await signIn(page, 'vendor@isoko.rw')
  await expect(page).toHaveURL(/\/vendor-dashboard\/settings$/)

  await withStoreLock(async () => {
    await page.reload()
    const form = page.getByRole('main')
    const specialties = form.getByLabel('Specialties')
    const returnsField = form.getByLabel('Returns')
    const original = { specialties: await specialties.inputValue(), returns: await returnsField.inputValue() }
    try {
      await specialties.fill(`${original.specialties}\n${specialty}`)
      await returnsField.fill(returns)
      await form.getByRole('button', { name: 'Save settings' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Your store settings are saved.' })).toBeVisible()
      await expect(form.getByLabel('Returns')).toHaveValue(returns)

      await page.getByRole('link', { name: 'View your store page' }).click()
      await expect(page).toHaveURL(/\/vendor\/1$/)
      await expect(page.getByRole('region', { name: 'About Kigali Fashion House' })).toContainText(specialty)
      await expect(page.getByRole('region', { name: 'Store Policies' })).toContainText(returns)
    } finally {
      // Put the store back as it was, so that the journey can run again on the same database; then read the form
      // again, and save once more if the restore did not take (a save cut short by a navigation).
      await expect(async () => {
        await page.goto('/vendor-dashboard/settings')
        await page.waitForLoadState('networkidle')
        const main = page.getByRole('main')
        if (
          (await main.getByLabel('Specialties').inputValue()) !== original.specialties ||
          (await main.getByLabel('Returns').inputValue()) !== original.returns
        ) {
          await main.getByLabel('Specialties').fill(original.specialties)
          await main.getByLabel('Returns').fill(original.returns)
          await Promise.all([
            page.waitForURL(/\/vendor-dashboard\/settings\?saved=1$/),
            main.getByRole('button', { name: 'Save settings' }).click(),
          ])
          await page.reload()
        }
        await expect(main.getByLabel('Specialties')).toHaveValue(original.specialties, { timeout: 2000 })
        await expect(main.getByLabel('Returns')).toHaveValue(original.returns, { timeout: 2000 })
      }).toPass({ timeout: 60_000 })
    }
  })
  await page.goto('/vendor/1')
  await expect(page.getByRole('main')).not.toContainText(specialty)
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('a refused settings form says why next to the field and keeps what was typed', async ({ page }) => {
      await page.goto('/vendor-login?redirectTo=%2Fvendor-dashboard%2Fsettings')
      await signIn(page, 'vendor@isoko.rw')
      await expect(page).toHaveURL(/\/vendor-dashboard\/settings$/)
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
      await page.goto('/vendor/1')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kigali Fashion House')
      await expect(page.getByRole('main')).not.toContainText(typed)
    })
  })
}

test('a pending vendor sees the pending status and can prepare the store', async ({ page }) => {
  await page.goto('/vendor-login')
  await signIn(page, 'pending@isoko.rw')
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  const status = page.getByRole('region', { name: /^Status:/ })
  await expect(status.getByRole('heading')).toHaveText('Status: Pending approval')
  await expect(status).toContainText('pending approval')
  await status.getByRole('link', { name: 'store settings' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/settings$/)
  await expect(page.getByRole('main')).toContainText('customers see it once it is approved')
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeEnabled()
})

test('a customer opening the vendor dashboard goes to their own dashboard', async ({ page }) => {
  await page.goto('/customer-login')
  await signIn(page, 'customer@isoko.rw')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await page.goto('/vendor-dashboard')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await page.goto('/vendor-dashboard/settings')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})

test('a visitor is sent to the vendor login and comes back after signing in', async ({ page }) => {
  await page.goto('/vendor-dashboard')
  await expect(page).toHaveURL(/\/vendor-login\?redirectTo=%2Fvendor-dashboard$/)
  await signIn(page, 'vendor@isoko.rw')
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Kigali Fashion House')
})
