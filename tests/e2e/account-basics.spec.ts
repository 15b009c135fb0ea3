import { expect, signIn, test } from './fixtures'
import { addThisProductToCart, browseToInStockProduct } from './helpers'

const unique = () => `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.rw`

async function signUp(page: import('@playwright/test').Page, email: string) {
  await page.goto('/customer-signup')
  const main = page.getByRole('main')
  await main.getByLabel('First Name').fill('Grace')
  await main.getByLabel('Last Name').fill('Ingabire')
  await main.getByLabel('Email').fill(email)
  await main.getByLabel('Password', { exact: true }).fill('Inkweto-2026!')
  await main.getByLabel('Confirm Password').fill('Inkweto-2026!')
  await main.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard$/)
}

test('a guest cart follows the shopper through sign-in to checkout', async ({ page, shop }) => {
  const customer = await shop.customer()
  await browseToInStockProduct(page)
  await addThisProductToCart(page)

  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/customer-login\?redirectTo=%2Fcheckout/)
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(customer.email)
  await main.getByLabel('Password').fill(customer.password)
  await main.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  // The guest's cart joined the account: the checkout shows it, starting with the delivery address.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Delivery address' })).toBeVisible()
})

test('Delete Account asks for the password and a tick, then the account is gone', async ({ page, shop }) => {
  const customer = await shop.customer()
  const { email, password } = customer
  await signIn(page, customer)
  await page.goto('/delete-account')
  const main = page.getByRole('main')
  await main.getByLabel('Password').fill('wrong-password-1')
  await main.getByLabel(/I understand/).check()
  await main.getByRole('button', { name: 'Delete my account' }).click()
  await expect(main.getByText('That is not your password. Please try again.')).toBeVisible()

  await main.getByLabel('Password').fill(password)
  await main.getByLabel(/I understand/).check()
  await main.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Your account has been deleted.')).toBeVisible()

  await page.goto('/customer-login')
  await page.getByRole('main').getByLabel('Email').fill(email)
  await page.getByRole('main').getByLabel('Password').fill(password)
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('main').getByText(/not right/)).toBeVisible()
})

test('the session cookie is HttpOnly and SameSite=Lax, and Sign Out ends it', async ({ page, context }) => {
  await signUp(page, unique())
  const session = (await context.cookies()).find((c) => c.name === 'isoko.session_token')
  expect(session?.httpOnly).toBe(true)
  expect(session?.sameSite).toBe('Lax')
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token')

  await page.goto('/customer-dashboard')
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('You have signed out.')).toBeVisible()
  await page.goto('/customer-dashboard')
  await expect(page).toHaveURL(/\/customer-login\?redirectTo=%2Fcustomer-dashboard/)
})
