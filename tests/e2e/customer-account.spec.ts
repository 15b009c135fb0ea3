import {
  choosePlace,
  fillSignUp,
  PASSWORD,
  signInHere,
  signOutFromDashboard,
  toasts,
  uniqueEmail,
  waitForAddressFormToRun,
} from './customer-helpers.ts'
import { expect, signIn, test } from './fixtures'
import { waitForHydration } from './helpers'

// A customer's account from the first visit: sign-up, sign-out and sign-in (and their mistakes), then the
// dashboard's figures, the profile, a delivery address and the password.

test('a new customer signs up, signs out and in again, edits the profile, adds an address and changes the password', async ({
  page,
}) => {
  // The whole path of one person, step after step: longer than a single-page journey.
  test.slow()
  const email = uniqueEmail('journey')
  await page.goto('/customer-signup')
  await fillSignUp(page, { firstName: 'Aline', lastName: 'Uwase', email })
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Aline Uwase')
  await expect(toasts(page).getByText('Account created!')).toBeVisible()

  // The dashboard's figures are the account's own: no orders yet, an empty wishlist, a profile 60% complete.
  const main = page.getByRole('main')
  await expect(page.getByTestId('stat-orders')).toHaveText('0')
  await expect(page.getByTestId('stat-wishlist')).toHaveText('0')
  await expect(page.getByTestId('stat-pending')).toHaveText('0')
  await expect(page.getByTestId('stat-profile')).toHaveText('60%')
  await expect(main.getByText('Still missing: phone, a delivery address.')).toBeVisible()
  await expect(main.getByText('No orders yet')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/products')

  await signOutFromDashboard(page)
  await expect(toasts(page).getByText('You have signed out.')).toBeVisible()

  // A wrong password: the toast, a message next to the field, and the e-mail still there.
  await page.goto('/customer-login')
  await signInHere(page, email, 'not-my-password')
  await expect(toasts(page).getByText('Login failed')).toBeVisible()
  await expect(main.getByText('The e-mail address or the password is not right.')).toBeVisible()
  await expect(main.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByLabel('Email')).toHaveValue(email)

  await main.getByLabel('Password').fill(PASSWORD)
  await main.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(toasts(page).getByText('Welcome back!')).toBeVisible()

  // The profile: a phone that is not a Rwandan mobile number is refused next to it, what was typed is kept.
  await main.getByRole('link', { name: /Edit profile/ }).click()
  await expect(page).toHaveURL(/\/customer-dashboard\/profile$/)
  await main.getByLabel('First Name').fill('Alina')
  await main.getByLabel('Mobile number').fill('12345')
  await main.getByRole('button', { name: 'Save profile' }).click()
  await expect(main.getByText('Please enter a Rwandan mobile number')).toBeVisible()
  await expect(main.getByLabel('First Name')).toHaveValue('Alina')
  await main.getByLabel('Mobile number').fill('078 812 3456')
  await main.getByRole('button', { name: 'Save profile' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(toasts(page).getByText('Profile saved')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Alina Uwase')
  await expect(page.getByTestId('stat-profile')).toHaveText('80%')
  await main.getByRole('link', { name: /Edit profile/ }).click()
  await expect(main.getByLabel('Mobile number')).toHaveValue('+250 788 123 456')

  // A delivery address through province → district → sector → cell; the form starts with the customer's name
  // and phone.
  await main.getByRole('link', { name: 'Addresses', exact: true }).click()
  await expect(main.getByText('No saved addresses yet')).toBeVisible()
  await main.getByRole('link', { name: 'Add an address' }).click()
  await waitForAddressFormToRun(page)
  await expect(main.getByLabel('Recipient')).toHaveValue('Alina Uwase')
  await expect(main.getByLabel('Mobile number')).toHaveValue('+250 788 123 456')
  await expect(main.getByLabel('District')).toBeDisabled()
  await main.getByLabel('Label').fill('Home')
  await choosePlace(page, { province: 'Kigali', district: 'Gasabo', sector: 'Kimironko', cell: 'Bibare' })
  // Changing the province clears what depended on it.
  await main.getByLabel('Province').selectOption('North')
  await expect(main.getByLabel('District')).toHaveValue('')
  await expect(main.getByLabel('Cell')).toBeDisabled()
  await choosePlace(page, { province: 'Kigali', district: 'Gasabo', sector: 'Kimironko', cell: 'Bibare' })
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(main.getByText('Please fill in this field.')).toBeVisible()
  await expect(main.getByLabel('Cell')).toHaveValue('Bibare')
  await main.getByLabel('Landmark').fill('Near Kimironko market, green gate')
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard\/addresses$/)
  await expect(toasts(page).getByText('Address saved').last()).toBeVisible()
  const home = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Home' }) })
  await expect(home).toContainText('Default')
  await expect(home).toContainText('Bibare, Kimironko, Gasabo, Kigali City')
  await expect(home).toContainText('+250 788 123 456')
  await main.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByTestId('stat-profile')).toHaveText('100%')
  await expect(main.getByText('Nothing is missing.')).toBeVisible()

  // The password: a wrong current one is refused next to it; then the new one works, the old one no longer.
  await main.getByRole('link', { name: /Change password/ }).click()
  await main.getByLabel('Current password').fill('not-my-password')
  await main.getByLabel('New password', { exact: true }).fill('Umushanana-2026')
  await main.getByLabel('Confirm new password').fill('Umushanana-2026')
  await main.getByRole('button', { name: 'Change password' }).click()
  await expect(main.getByText('This is not your current password.')).toBeVisible()
  await expect(main.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
  await main.getByLabel('Current password').fill(PASSWORD)
  await main.getByLabel('New password', { exact: true }).fill('Umushanana-2026')
  await main.getByLabel('Confirm new password').fill('Umushanana-2026')
  await main.getByRole('button', { name: 'Change password' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(toasts(page).getByText('Password changed')).toBeVisible()
  // This session carries on.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Alina Uwase')

  await signOutFromDashboard(page)
  await page.goto('/customer-login')
  await signInHere(page, email, PASSWORD)
  await expect(main.getByText('The e-mail address or the password is not right.')).toBeVisible()
  await signInHere(page, email, 'Umushanana-2026')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})

test('a mismatched confirmation on sign-up is caught before anything is sent', async ({ page }) => {
  const email = uniqueEmail('mismatch')
  await page.goto('/customer-signup')
  // Caught by the running page (before it runs, the form posts and the server says the same): it is let run first.
  await waitForHydration(page)
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  await fillSignUp(page, { firstName: 'Eric', lastName: 'Habimana', email, confirmPassword: 'Kitenge-Blue-43' })
  await expect(toasts(page).getByText("Passwords don't match")).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/customer-signup$/)
  expect(posted).toBe(false)
  // Nothing was created: the same address signs up once the confirmation matches.
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await main.getByLabel('Confirm Password').fill(PASSWORD)
  await main.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})

test('an e-mail address that already has an account gets its own message', async ({ page, shop }) => {
  const { email } = await shop.customer()
  await page.goto('/customer-signup')
  await fillSignUp(page, { firstName: 'Someone', lastName: 'Else', email })
  await expect(toasts(page).getByText('Registration failed')).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('An account with this e-mail address already exists.')).toBeVisible()
  await expect(main.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(main.getByLabel('First Name')).toHaveValue('Someone')
  await expect(page).toHaveURL(/\/customer-signup$/)
})

test('reloading the sign-up page in the middle of the form breaks nothing', async ({ page }) => {
  const email = uniqueEmail('reload')
  await page.goto('/customer-signup')
  const main = page.getByRole('main')
  await main.getByLabel('First Name').fill('Grace')
  await main.getByLabel('Email').fill(email)
  await page.reload()
  await expect(main.getByLabel('First Name')).toBeVisible()
  await fillSignUp(page, { firstName: 'Grace', lastName: 'Ingabire', email })
  await expect(page).toHaveURL(/\/customer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Ingabire')
  // A reload of the dashboard keeps the customer signed in, and shows no toast twice.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Ingabire')
  await expect(toasts(page).getByText('Account created!')).toHaveCount(0)
})

test('addresses: a second one, made the default, edited, and the default deleted', async ({ page, shop }) => {
  await signIn(page, await shop.customer({ firstName: 'Jean', lastName: 'Bosco', address: false }))
  const main = page.getByRole('main')
  const add = async (label: string, place: Parameters<typeof choosePlace>[1], landmark: string) => {
    await page.goto('/customer-dashboard/addresses/new')
    await waitForAddressFormToRun(page)
    await main.getByLabel('Label').fill(label)
    await main.getByLabel('Mobile number').fill('0722 123 456')
    await choosePlace(page, place)
    await main.getByLabel('Landmark').fill(landmark)
    await main.getByRole('button', { name: 'Save address' }).click()
    await expect(page).toHaveURL(/\/customer-dashboard\/addresses$/)
  }
  await add('Home', { province: 'Kigali', district: 'Kicukiro', sector: 'Niboye', cell: 'Niboye' }, 'Blue gate')
  await add('Parents', { province: 'North', district: 'Musanze', sector: 'Muhoza', cell: 'Ruhengeri' }, 'Market')
  const card = (label: string) =>
    main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
  await expect(card('Home')).toContainText('Default')
  await expect(card('Parents')).not.toContainText('Default')
  await expect(card('Parents')).toContainText('+250 722 123 456')

  await card('Parents').getByRole('button', { name: 'Make default' }).click()
  await expect(toasts(page).getByText('Default address changed')).toBeVisible()
  await expect(card('Parents')).toContainText('Default')
  await expect(card('Home')).not.toContainText('Default')

  // Editing keeps the place's lists as saved, and a new district clears the sector and cell.
  await card('Home').getByRole('link', { name: 'Edit' }).click()
  await waitForAddressFormToRun(page)
  await expect(main.getByLabel('Cell')).toHaveValue('Niboye')
  await main.getByLabel('Label').fill('Flat')
  await main.getByLabel('District').selectOption('Gasabo')
  await expect(main.getByLabel('Sector')).toHaveValue('')
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(main.getByText('Please choose a sector of this district from the list.')).toBeVisible()
  await main.getByLabel('Sector').selectOption('Remera')
  await expect(main.getByLabel('Cell').locator('option', { hasText: 'Nyarutarama' })).toHaveCount(1)
  await main.getByLabel('Cell').selectOption('Nyarutarama')
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(toasts(page).getByText('Address saved').last()).toBeVisible()
  await expect(card('Flat')).toContainText('Nyarutarama, Remera, Gasabo, Kigali City')

  // Deleting the default makes the remaining address the default.
  await card('Parents').getByRole('button', { name: 'Delete' }).click()
  await expect(toasts(page).getByText('Address deleted')).toBeVisible()
  await expect(card('Parents')).toHaveCount(0)
  await expect(card('Flat')).toContainText('Default')
})
