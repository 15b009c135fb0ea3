import { expect, type Locator, type Page } from '@playwright/test'

// Steps that the customer account journeys share: a new customer of their own for each test, signing in and out
// the way a person does, and the toasts they see.

export const PASSWORD = 'Kitenge-Blue-42'

/** An address nobody has used: each test (and each project) makes its own customer. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.rw`
}

export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /notifications/i })
}

/** Fills the sign-up form (prototype section 2) and sends it; the caller checks where it lands. */
export async function fillSignUp(
  page: Page,
  customer: { firstName: string; lastName: string; email: string; password?: string; confirmPassword?: string },
) {
  const form = page.getByRole('main')
  await form.getByLabel('First Name').fill(customer.firstName)
  await form.getByLabel('Last Name').fill(customer.lastName)
  await form.getByLabel('Email').fill(customer.email)
  await form.getByLabel('Password', { exact: true }).fill(customer.password ?? PASSWORD)
  await form.getByLabel('Confirm Password').fill(customer.confirmPassword ?? customer.password ?? PASSWORD)
  await form.getByRole('button', { name: 'Create Account' }).click()
}

/** A new customer, signed in on the dashboard. */
export async function signUp(page: Page, prefix: string, name = { firstName: 'Aline', lastName: 'Uwase' }) {
  const email = uniqueEmail(prefix)
  await page.goto('/customer-signup')
  await fillSignUp(page, { ...name, email })
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${name.firstName} ${name.lastName}`)
  return { email, ...name }
}

/** Signs in on the page that is open (a login page), as a person does. */
export async function signInHere(page: Page, email: string, password = PASSWORD) {
  const form = page.getByRole('main')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign In' }).click()
}

/** Sign Out from the customer dashboard's own button. */
export async function signOutFromDashboard(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/** Picks a place through the province → district → sector → cell lists (with JavaScript: no reload). */
export async function choosePlace(
  page: Page,
  place: { province: string; district: string; sector: string; cell: string },
) {
  const main = page.getByRole('main')
  await main.getByLabel('Province').selectOption(place.province)
  await expect(main.getByLabel('District').locator('option', { hasText: place.district })).toHaveCount(1)
  await main.getByLabel('District').selectOption(place.district)
  await expect(main.getByLabel('Sector').locator('option', { hasText: place.sector })).toHaveCount(1)
  await main.getByLabel('Sector').selectOption(place.sector)
  await expect(main.getByLabel('Cell').locator('option', { hasText: place.cell })).toHaveCount(1)
  await main.getByLabel('Cell').selectOption(place.cell)
}

/** Waits until a page runs JavaScript: the address form's 'Show districts' button is for pages that do not. */
export async function waitForAddressFormToRun(page: Page) {
  await expect(page.getByRole('button', { name: 'Show districts' })).toHaveCount(0)
}
