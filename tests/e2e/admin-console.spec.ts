import { expect, test } from '@playwright/test'
import {
  APPLICANT_PASSWORD,
  applyAsVendor,
  DEMO_PASSWORD,
  findApplication,
  newBusiness,
  signIn,
  signOut,
  storePathOf,
} from './admin-helpers.ts'
import { seriousViolations } from './axe.ts'

test('a business applies, staff approve it, and its store opens to the public', async ({ page, request }) => {
  const business = newBusiness('Inzozi Boutique')
  await applyAsVendor(page, business)
  await expect(page.getByRole('main').getByText(/pending approval/)).toBeVisible()
  await signOut(page)

  // Staff sign in on the customer login page and land in the admin console.
  await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor applications' })).toBeVisible()
  const card = await findApplication(page, business.name)
  await expect(card.getByText('Pending', { exact: true })).toBeVisible()
  await expect(card.getByText(business.email)).toBeVisible()
  await expect(card.getByText('+250 781 234 567')).toBeVisible()
  await expect(card.getByText('Women, Accessories')).toBeVisible()
  await expect(card.getByText('Gasabo (Kigali)')).toBeVisible()
  await expect(card.getByText('Kitenge dresses and bags, made to measure in Kimironko.')).toBeVisible()
  const storePath = await storePathOf(card)

  // Before approval the store page does not exist for the public.
  const hidden = await request.get(storePath)
  expect(hidden.status()).toBe(404)
  expect(await hidden.text()).toContain('Vendor not found')

  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card.getByText('Approved', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Suspend' })).toBeVisible()
  await card.getByText('History (1)').click()
  await expect(card.getByText('Pending → Approved')).toBeVisible()
  await expect(card.getByText(/by Isoko Staff \(admin@isoko\.rw\)/)).toBeVisible()

  // The approval e-mail is in the development mailbox.
  const main = page.getByRole('main')
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Mailbox' }).click()
  await main.getByLabel('Recipient').fill(business.email)
  await main.getByRole('button', { name: 'Show', exact: true }).click()
  const mail = page.getByRole('article', { name: `${business.name} is approved on Isoko` })
  await expect(mail).toBeVisible()
  await expect(mail.getByText(business.email)).toBeVisible()
  await expect(mail.getByRole('link', { name: new RegExp(`${storePath}$`) })).toBeVisible()
  await signOut(page)

  // The vendor reads the news on their dashboard.
  await signIn(page, '/vendor-login', business.email, APPLICANT_PASSWORD)
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await expect(page.getByRole('main').getByText('Your store is approved and open on Isoko.')).toBeVisible()
  // The payout number given with the application is the store's payout method.
  await page.goto('/vendor-dashboard/balance')
  await expect(page.getByRole('main').getByTestId('payout-method')).toHaveText('MTN MoMo +250 788 123 456')
  await page.goto('/vendor-dashboard')
  await signOut(page)

  // Anyone can open the store page now.
  const response = await page.goto(storePath)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible()
})

// The console's forms are plain posts: this journey runs without JavaScript, the one above with it.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('staff reject an application only with a reason, which the applicant then reads', async ({ page }) => {
    const business = newBusiness('Akeza Crafts')
    await applyAsVendor(page, business)
    await signOut(page)

    await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
    const card = await findApplication(page, business.name)

    // No reason: refused, with the message next to the field, and nothing changes.
    await card.getByRole('button', { name: 'Reject' }).click()
    const reasonField = card.getByLabel(/Reason for rejecting/)
    await expect(
      card.getByText('Please give a reason: the vendor reads it on their dashboard and in the e-mail.'),
    ).toBeVisible()
    await expect(reasonField).toHaveAttribute('aria-invalid', 'true')
    await expect(card.getByText('Pending', { exact: true })).toBeVisible()

    const reason = 'We could not reach you on the phone number you gave.'
    await reasonField.fill(reason)
    await card.getByRole('button', { name: 'Reject' }).click()
    await expect(card.getByText('Rejected', { exact: true })).toBeVisible()
    await expect(card.getByText(`Reason given to the vendor: ${reason}`)).toBeVisible()
    await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0)
    await card.getByText('History (1)').click()
    await expect(card.getByText('Pending → Rejected')).toBeVisible()
    await expect(card.getByText(`Reason: ${reason}`)).toBeVisible()
    await signOut(page)

    await signIn(page, '/vendor-login', business.email, APPLICANT_PASSWORD)
    await expect(page).toHaveURL(/\/vendor-dashboard$/)
    const main = page.getByRole('main')
    await expect(main.getByText('Your application was not approved.')).toBeVisible()
    await expect(main.getByText(`Reason: ${reason}`)).toBeVisible()
  })
})

test('the admin console has no serious accessibility problem', async ({ page }) => {
  // Ten pages, each checked whole: more than a journey's usual time on a busy machine.
  test.setTimeout(180_000)
  await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  for (const path of [
    '/admin',
    '/admin?status=rejected',
    '/admin/support',
    '/admin/newsletter',
    '/admin/mailbox',
    '/admin/stores',
    '/admin/stores/1',
    '/admin/products',
    '/admin/categories',
    '/admin/customers',
  ]) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})
