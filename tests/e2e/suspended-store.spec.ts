import { DEMO_PASSWORD, findApplication, signIn as signInByForm, signOut } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures'

// Suspending a store no longer strands its orders (issue 13): the vendor still sees and sends the orders placed
// before, and every page says the store is suspended and why (not "not open yet"). At 360 px: a shop owner
// fulfils orders from a phone.

test('a suspended store still fulfils an order placed before the suspension', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // Runs once, at 360 px: vendors fulfil from a phone.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1 })
  const order = await shop.order({ customer, vendor, status: 'confirmed' })

  await signInByForm(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  const card = await findApplication(page, vendor.storeName)
  await card.getByLabel(/Reason for suspending/).fill('Unpaid commission for October')
  await card.getByRole('button', { name: 'Suspend' }).click()
  await expect(card.getByText('Suspended', { exact: true })).toBeVisible()
  await signOut(page)

  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/orders')
  const standing = page.getByRole('region', { name: 'Your store is suspended' })
  await expect(standing).toContainText('Orders placed before the suspension are still yours')
  await expect(standing).toContainText('Unpaid commission for October')
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(order.number) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number)
  await page.getByRole('button', { name: 'Mark packed' }).click()
  await expect(page.getByRole('button', { name: 'Mark dispatched' })).toBeVisible()
})
