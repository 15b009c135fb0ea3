import { DEMO_PASSWORD } from './admin-helpers.ts'
import { signInHere } from './customer-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

// The guards of the customer's pages (DESIGN.md section 3, point 4): a visitor is sent to the customer sign-in
// page and brought back after signing in; a signed-in vendor (or admin) is sent to their own dashboard. The
// customer and the vendor are the journey's own (tests/e2e/fixtures.ts); the admin is the one demo staff account.
const PAGES = [
  { path: '/customer-dashboard', heading: 'Hello, Aline Uwase' },
  { path: '/customer-dashboard/profile', heading: 'Edit profile' },
  { path: '/customer-dashboard/addresses', heading: 'Delivery addresses' },
  { path: '/customer-dashboard/addresses/new', heading: 'Add a delivery address' },
  { path: '/customer-dashboard/password', heading: 'Change password' },
]

for (const { path, heading } of PAGES) {
  test(`a visitor to ${path} signs in first and comes back to it`, async ({ page, shop }) => {
    const customer = await shop.customer({ firstName: 'Aline', lastName: 'Uwase' })
    await page.goto(path)
    await expect(page).toHaveURL(`/customer-login?redirectTo=${encodeURIComponent(path)}`)
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
    // Through the sign-in form: what is tested is where it brings the customer back to.
    await signInHere(page, customer.email, customer.password)
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  })
}

test('a visitor asking for an address by id signs in first, before anything is looked up', async ({ page }) => {
  await page.goto('/customer-dashboard/addresses/1')
  await expect(page).toHaveURL(`/customer-login?redirectTo=${encodeURIComponent('/customer-dashboard/addresses/1')}`)
})

test('a signed-in vendor is sent to the vendor dashboard from every customer page', async ({ page, shop }) => {
  // A customer's address the vendor tries to reach (never the demo data's).
  const { addressId } = await shop.customer()
  await signIn(page, await shop.vendor({ products: 0 }))
  for (const { path } of [...PAGES, { path: `/customer-dashboard/addresses/${addressId}` }]) {
    await page.goto(path)
    await expect(page).toHaveURL('/vendor-dashboard')
  }
  // A vendor's post to a customer's form is not taken either.
  const answer = await page.request.post('/customer-dashboard/addresses', {
    headers: { origin: new URL(page.url()).origin },
    form: { intent: 'delete', addressId: String(addressId) },
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
