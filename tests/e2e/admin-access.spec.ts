import type { APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, findApplication } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

// Staff are the one demo admin; the stores and people they act on are the journey's own (tests/e2e/fixtures.ts).

const adminPages = [
  '/admin',
  '/admin/support',
  '/admin/newsletter',
  '/admin/mailbox',
  '/admin/orders',
  '/admin/orders.csv',
  '/admin/newsletter.csv',
  '/admin/stores',
  '/admin/stores.csv',
  '/admin/customers',
  '/admin/customers.csv',
  '/admin/products',
  '/admin/categories',
]

/** Signs a request context in with a plain form post, as a browser without JavaScript would. */
async function signedIn(context: APIRequestContext, email: string, password: string) {
  const response = await context.post('/customer-login', { form: { email, password }, maxRedirects: 0 })
  expect(response.status(), `sign in ${email}`).toBe(302)
}

test('customers, vendors and visitors cannot use the admin console, even by posting its forms directly', async ({
  page,
  playwright,
  baseURL,
  shop,
}) => {
  // A store waiting for approval, whose owner (a vendor) is signed in on this context; an approved store.
  const business = await shop.vendor({ status: 'pending', products: 0 })
  const approved = await shop.vendor({ products: 1 })
  const vendorId = String(business.vendorId)
  const storePath = `/vendor/${vendorId}`
  const storeAdminPath = `/admin/stores/${vendorId}`
  const applicant = await playwright.request.newContext({ baseURL })
  await signedIn(applicant, business.email, business.password)
  await signIn(page, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })
  await page.goto('/admin')

  const person = await shop.customer()
  const customer = await playwright.request.newContext({ baseURL })
  await signedIn(customer, person.email, person.password)
  const owner = await playwright.request.newContext({ baseURL })
  await signedIn(owner, approved.email, approved.password)
  const visitor = await playwright.request.newContext({ baseURL })

  const intruders = [
    { who: 'a customer', context: customer, to: /^\/customer-dashboard$/ },
    { who: 'the owner of an approved store', context: owner, to: /^\/vendor-dashboard$/ },
    { who: 'the applicant', context: applicant, to: /^\/vendor-dashboard$/ },
    { who: 'a visitor', context: visitor, to: /^\/customer-login\?redirectTo=%2Fadmin/ },
  ]
  const forged: { path: string; form: Record<string, string> }[] = [
    { path: storeAdminPath, form: { intent: 'approve' } },
    { path: storeAdminPath, form: { intent: 'reject', reason: 'Forged' } },
    { path: `/admin/stores/${approved.vendorId}`, form: { intent: 'suspend', reason: 'Forged' } },
    { path: `/admin/stores/${approved.vendorId}`, form: { intent: 'verify', reason: 'Forged' } },
    { path: '/admin/products', form: { intent: 'hide', productId: '1', reason: 'Forged' } },
    { path: '/admin/categories', form: { intent: 'hide', categoryId: '1' } },
  ]
  for (const { who, context, to } of intruders) {
    for (const { path, form } of forged) {
      const response = await context.post(path, { form, maxRedirects: 0 })
      expect(response.status(), `${who} posting ${form.intent} to ${path}`).toBe(302)
      expect(response.headers().location, `${who} posting ${form.intent} to ${path}`).toMatch(to)
    }
    // Staff's actions on an order (cancel, refund) posted directly: turned away before anything is read.
    const orderForms: Record<string, string>[] = [
      { intent: 'cancel', reason: 'Forged', confirm: 'yes' },
      { intent: 'refund', amount: '1000', reason: 'Forged', key: crypto.randomUUID(), confirm: 'yes' },
    ]
    for (const form of orderForms) {
      const response = await context.post('/admin/orders/ISK-100001', { form, maxRedirects: 0 })
      expect(response.status(), `${who} posting an order ${form.intent}`).toBe(302)
      expect(response.headers().location, `${who} posting an order ${form.intent}`).toMatch(to)
    }
    for (const path of adminPages) {
      const response = await context.get(path, { maxRedirects: 0 })
      expect(response.status(), `${who} opening ${path}`).toBe(302)
      expect(response.headers().location, `${who} opening ${path}`).toMatch(to)
    }
  }

  // Nothing changed: the application is still pending with no history, nobody was e-mailed, the approved store
  // is open.
  const card = await findApplication(page, business.storeName)
  await expect(card.getByText('Pending', { exact: true })).toBeVisible()
  await expect(card.getByText('History (0)')).toBeVisible()
  await page.goto(`/admin/mailbox?to=${encodeURIComponent(business.email)}`)
  await expect(page.getByRole('main').getByText('No message.')).toBeVisible()
  expect((await visitor.get(`/vendor/${approved.vendorId}`)).status()).toBe(200)
  expect((await visitor.get(storePath)).status()).toBe(404)

  // Staff reject the application.
  const again = await findApplication(page, business.storeName)
  await again.getByLabel(/Reason for rejecting/).fill('A test application, closed by the test.')
  await again.getByRole('button', { name: 'Reject' }).click()
  await expect(again.getByText('Rejected', { exact: true })).toBeVisible()

  // Even staff cannot make an illegal change: approving the rejected application is refused with a clear message.
  const illegal = await page.request.post(storeAdminPath, { form: { intent: 'approve' }, maxRedirects: 0 })
  expect(illegal.status()).toBe(409)
  expect(await illegal.text()).toContain(
    'Not done: this store is rejected, and only a pending application can be approved.',
  )

  for (const context of [applicant, customer, owner, visitor]) await context.dispose()
})
