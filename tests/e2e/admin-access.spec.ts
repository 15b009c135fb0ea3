import { type APIRequestContext, expect, test } from '@playwright/test'
import {
  APPLICANT_PASSWORD,
  DEMO_PASSWORD,
  findApplication,
  newBusiness,
  signIn,
  storePathOf,
} from './admin-helpers.ts'

const adminPages = ['/admin', '/admin/support', '/admin/newsletter', '/admin/mailbox']

/** Signs a request context in with a plain form post, as a browser without JavaScript would. */
async function signedIn(context: APIRequestContext, email: string, password: string) {
  const response = await context.post('/customer-login', { form: { email, password }, maxRedirects: 0 })
  expect(response.status(), `sign in ${email}`).toBe(302)
}

test('customers, vendors and visitors cannot use the admin console, even by posting its forms directly', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A fresh application, sent as a plain form post: this context is now the applicant's (a vendor) session.
  const business = newBusiness('Intruder Test Shop')
  const applicant = await playwright.request.newContext({ baseURL })
  const applied = await applicant.post('/vendor-onboarding', {
    form: {
      ownerName: 'Jean Bosco',
      businessName: business.name,
      email: business.email,
      phone: '0781234567',
      businessAddress: 'KN 3 Rd',
      district: 'Kicukiro',
      categories: 'men',
      businessDescription: 'Shirts and suits made to measure in Kicukiro.',
      password: APPLICANT_PASSWORD,
      confirmPassword: APPLICANT_PASSWORD,
    },
    maxRedirects: 0,
  })
  expect(applied.status()).toBe(302)
  expect(applied.headers().location).toBe('/vendor-dashboard')

  // Staff look up the new store's id.
  await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  const storePath = await storePathOf(await findApplication(page, business.name))
  const vendorId = storePath.split('/').pop() as string

  const customer = await playwright.request.newContext({ baseURL })
  await signedIn(customer, 'customer@isoko.rw', DEMO_PASSWORD)
  const owner = await playwright.request.newContext({ baseURL })
  await signedIn(owner, 'vendor@isoko.rw', DEMO_PASSWORD)
  const visitor = await playwright.request.newContext({ baseURL })

  const intruders = [
    { who: 'a customer', context: customer, to: /^\/customer-dashboard$/ },
    { who: 'the owner of an approved store', context: owner, to: /^\/vendor-dashboard$/ },
    { who: 'the applicant', context: applicant, to: /^\/vendor-dashboard$/ },
    { who: 'a visitor', context: visitor, to: /^\/customer-login\?redirectTo=%2Fadmin/ },
  ]
  const forged: Record<string, string>[] = [
    { intent: 'approve', vendorId },
    { intent: 'reject', vendorId, reason: 'Forged' },
    { intent: 'suspend', vendorId: '1', reason: 'Forged' },
  ]
  for (const { who, context, to } of intruders) {
    for (const form of forged) {
      const response = await context.post('/admin?index', { form, maxRedirects: 0 })
      expect(response.status(), `${who} posting ${form.intent}`).toBe(302)
      expect(response.headers().location, `${who} posting ${form.intent}`).toMatch(to)
    }
    for (const path of adminPages) {
      const response = await context.get(path, { maxRedirects: 0 })
      expect(response.status(), `${who} opening ${path}`).toBe(302)
      expect(response.headers().location, `${who} opening ${path}`).toMatch(to)
    }
  }

  // Nothing changed: the application is still pending with no history, nobody was e-mailed, store 1 is open.
  const card = await findApplication(page, business.name)
  await expect(card.getByText('Pending', { exact: true })).toBeVisible()
  await expect(card.getByText('History (0)')).toBeVisible()
  await page.goto(`/admin/mailbox?to=${encodeURIComponent(business.email)}`)
  await expect(page.getByRole('main').getByText('No message.')).toBeVisible()
  expect((await visitor.get('/vendor/1')).status()).toBe(200)
  expect((await visitor.get(storePath)).status()).toBe(404)

  // Staff close the test application, so the queue does not fill up with them.
  const again = await findApplication(page, business.name)
  await again.getByLabel(/Reason for rejecting/).fill('A test application, closed by the test.')
  await again.getByRole('button', { name: 'Reject' }).click()
  await expect(again.getByText('Rejected', { exact: true })).toBeVisible()

  // Even staff cannot make an illegal change: approving the rejected application is refused with a clear message.
  const illegal = await page.request.post('/admin?index', { form: { intent: 'approve', vendorId }, maxRedirects: 0 })
  expect(illegal.status()).toBe(409)
  expect(await illegal.text()).toContain(
    'Not done: this store is rejected, and only a pending application can be approved.',
  )

  for (const context of [applicant, customer, owner, visitor]) await context.dispose()
})
