import { expect, test } from '@playwright/test'
import { signInHere } from './customer-helpers.ts'

// The guards of the customer's pages (DESIGN.md section 3, point 4): a visitor is sent to the customer sign-in
// page and brought back after signing in; a signed-in vendor (or admin) is sent to their own dashboard.

const DEMO_PASSWORD = 'Isoko-Demo-2026'
const PAGES = [
  { path: '/customer-dashboard', heading: 'Hello, Aline Uwase' },
  { path: '/customer-dashboard/profile', heading: 'Edit profile' },
  { path: '/customer-dashboard/addresses', heading: 'Delivery addresses' },
  { path: '/customer-dashboard/addresses/new', heading: 'Add a delivery address' },
  { path: '/customer-dashboard/password', heading: 'Change password' },
]

for (const { path, heading } of PAGES) {
  test(`a visitor to ${path} signs in first and comes back to it`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(`/customer-login?redirectTo=${encodeURIComponent(path)}`)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    // The demo customer (whose password no journey changes).
    await signInHere(page, 'customer@isoko.rw', DEMO_PASSWORD)
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  })
}

test('a visitor asking for an address by id signs in first, before anything is looked up', async ({ page }) => {
  await page.goto('/customer-dashboard/addresses/1')
  await expect(page).toHaveURL(`/customer-login?redirectTo=${encodeURIComponent('/customer-dashboard/addresses/1')}`)
})

test('a signed-in vendor is sent to the vendor dashboard from every customer page', async ({ page }) => {
  await page.goto('/vendor-login')
  await signInHere(page, 'vendor@isoko.rw', DEMO_PASSWORD)
  await expect(page).toHaveURL('/vendor-dashboard')
  for (const { path } of [...PAGES, { path: '/customer-dashboard/addresses/1' }]) {
    await page.goto(path)
    await expect(page).toHaveURL('/vendor-dashboard')
  }
  // A vendor's post to a customer's form is not taken either.
  const answer = await page.request.post('/customer-dashboard/addresses', {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: 'delete', addressId: '1' },
    maxRedirects: 0,
  })
  expect([302, 303]).toContain(answer.status())
  expect(answer.headers().location).toBe('/vendor-dashboard')
})

test('a signed-in admin is sent to the admin console', async ({ page }) => {
  await page.goto('/customer-login?redirectTo=/customer-dashboard/profile')
  await signInHere(page, 'admin@isoko.rw', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/admin$/)
})
