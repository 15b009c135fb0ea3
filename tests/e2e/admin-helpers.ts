import { expect, type Locator, type Page } from '@playwright/test'

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = 'Isoko-Demo-2026'
export const APPLICANT_PASSWORD = 'Kitenge-Blue-2026'

/** A business nobody has used yet: its name and its owner's e-mail address. */
export function newBusiness(label: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  return { name: `${label} ${tag}`, email: `shop-${tag}@example.rw` }
}

/** Applies to sell on /vendor-onboarding, as a person fills in the form; lands on the vendor dashboard. */
export async function applyAsVendor(page: Page, business: { name: string; email: string }) {
  await page.goto('/vendor-onboarding')
  const main = page.getByRole('main')
  await main.getByLabel('Owner Name').fill('Claudine Uwimana')
  await main.getByLabel('Business Name').fill(business.name)
  await main.getByLabel('Email', { exact: true }).fill(business.email)
  await main.getByLabel('Phone').fill('078 123 4567')
  await main.getByLabel('Business Address').fill('KG 11 Ave, Kimironko')
  await main.getByLabel('District').selectOption('Gasabo')
  await main.getByLabel('Women', { exact: true }).check()
  await main.getByLabel('Accessories', { exact: true }).check()
  await main.getByLabel('Business Description').fill('Kitenge dresses and bags, made to measure in Kimironko.')
  // The payout number is optional: given here, it becomes the store's payout method.
  await main.getByLabel('Payout network (optional)').selectOption('momo')
  await main.getByLabel('Payout mobile money number (optional)').fill('0788 123 456')
  await main.getByLabel('Password', { exact: true }).fill(APPLICANT_PASSWORD)
  await main.getByLabel('Confirm Password').fill(APPLICANT_PASSWORD)
  await main.getByRole('button', { name: 'Submit Application' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
}

/** Signs in on a login page (either signs in any account) and waits to leave it. */
export async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath)
  const main = page.getByRole('main')
  await main.getByLabel('Email', { exact: true }).fill(email)
  await main.getByLabel('Password', { exact: true }).fill(password)
  await main.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/-login/)
}

/**
 * The Sign Out button of a dashboard (in its page) or of the admin console (in its header). A toast still showing
 * (top centre) covers the header on a phone, and a pointer resting on it pauses it: it is closed first, as a person
 * would close it.
 */
export async function signOut(page: Page) {
  const toasts = page.locator('[data-sonner-toast]')
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) {
    // One that leaves by itself in the meantime needs no closing.
    await close.click({ timeout: 2_000 }).catch(() => undefined)
  }
  await expect(toasts).toHaveCount(0)
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Sign Out' })
    .or(page.getByRole('banner').getByRole('button', { name: 'Sign Out' }))
    .first()
    .click()
  await expect(page).toHaveURL(/\/$/)
}

/**
 * In the admin console's applications table, one store found with the search box as staff do in a long queue,
 * then opened: its card (what the applicant said, the actions, the history).
 */
export async function findApplication(page: Page, businessName: string): Promise<Locator> {
  const main = page.getByRole('main')
  await page.goto('/admin')
  await main.getByLabel('Search stores').fill(businessName)
  await main.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\?q=/)
  await main.getByRole('link', { name: businessName, exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/stores\/\d+$/)
  const card = page.getByRole('article', { name: businessName })
  await expect(card).toBeVisible()
  return card
}

/** The store page's address shown on a card in the queue ('/vendor/42'). */
export async function storePathOf(card: Locator): Promise<string> {
  const href = await card.getByRole('link', { name: /^\/vendor\/\d+$/ }).getAttribute('href')
  expect(href).toMatch(/^\/vendor\/\d+$/)
  return href as string
}
