import { DEMO_PASSWORD } from './admin-helpers'
import { expect, signIn, test } from './fixtures'

// Cancelling after the store packed: the customer confirms with a reason, the store is asked (the order is a
// to-do in its list), answers, and the customer sees the answer on the order page. Before packing the cancel is
// immediate (checkout.spec.ts). Desktop only: the flow does not depend on the width; the pages' widths are
// covered by the overflow journey.

test('after packing, cancelling asks the store; the store accepts, and the customer sees the order cancelled', {
  tag: '@desktop-only',
}, async ({ browser, page, shop }) => {
  // Runs once.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1 })
  const order = await shop.order({ customer, vendor, status: 'confirmed', vendorStatus: 'packed' })
  await signIn(page, customer)
  await page.goto(`/customer-dashboard/orders/${order.number}`)
  const main = page.getByRole('main')
  await main.getByRole('link', { name: 'Cancel order' }).click()
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/orders/${order.number}/cancel$`))
  await expect(main).toContainText(`${vendor.storeName} already packed your order`)

  // No reason: refused next to the field. "Another reason" needs a note; what was typed stays.
  await main.getByRole('button', { name: 'Ask the store to cancel' }).click()
  await expect(main.getByText('Choose why you cancel.')).toBeVisible()
  await main.getByLabel('Another reason').check()
  await main.getByRole('button', { name: 'Ask the store to cancel' }).click()
  await expect(main.getByText('Tell us your reason in a few words.')).toBeVisible()
  await expect(main.getByLabel('Another reason')).toBeChecked()
  await main.getByLabel('Anything to add? (optional)').fill('My sister bought me the same dress')
  await main.getByRole('button', { name: 'Ask the store to cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/orders/${order.number}$`))
  await expect(page.getByText('We asked the store to cancel your order')).toBeVisible()
  await expect(main).toContainText(`Waiting for ${vendor.storeName} to answer.`)
  await expect(main.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  // The confirmation step again (a reload, an old tab): the order page, where the request is.
  await page.goto(`/customer-dashboard/orders/${order.number}/cancel`)
  await expect(page).toHaveURL(new RegExp(`/customer-dashboard/orders/${order.number}$`))

  const vendorContext = await browser.newContext()
  const store = await vendorContext.newPage()
  await signIn(store, vendor)
  await store.goto('/vendor-dashboard/orders')
  // Desktop: the orders list is a table, one row per order.
  const row = store.getByRole('row').filter({ hasText: order.number })
  await expect(row.getByText('Cancel requested')).toBeVisible()
  await row.getByRole('link', { name: order.number, exact: true }).click()
  const storeMain = store.getByRole('main')
  await expect(storeMain.getByRole('heading', { name: 'The customer asks to cancel this order' })).toBeVisible()
  await expect(storeMain).toContainText('My sister bought me the same dress')
  // It is not dispatched while the request waits.
  await expect(storeMain.getByRole('button', { name: 'Mark dispatched' })).toHaveCount(0)
  // A refusal needs a reason for the customer.
  await storeMain.getByRole('button', { name: 'Refuse' }).click()
  await expect(storeMain.getByText('Tell the customer why you refuse.')).toBeVisible()
  await storeMain.getByRole('button', { name: 'Accept and cancel' }).click()
  await expect(store.getByText(`Order ${order.number} is cancelled`)).toBeVisible()
  await expect(storeMain.getByRole('button', { name: 'Accept and cancel' })).toHaveCount(0)
  await vendorContext.close()

  await page.reload()
  await expect(main.getByText('Cancelled', { exact: true }).first()).toBeVisible()
  await expect(main).toContainText(`${vendor.storeName} accepted.`)
})

test('the store refuses with a reason: the order goes on, and the customer reads why', {
  tag: '@desktop-only',
}, async ({ browser, page, shop }) => {
  // Runs once.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1 })
  const order = await shop.order({ customer, vendor, status: 'confirmed', vendorStatus: 'packed' })
  await signIn(page, customer)
  await page.goto(`/customer-dashboard/orders/${order.number}/cancel`)
  const main = page.getByRole('main')
  await main.getByLabel('Delivery takes too long').check()
  await main.getByRole('button', { name: 'Ask the store to cancel' }).click()
  await expect(main).toContainText(`Waiting for ${vendor.storeName} to answer.`)

  const vendorContext = await browser.newContext()
  const store = await vendorContext.newPage()
  await signIn(store, vendor)
  await store.goto(`/vendor-dashboard/orders/${order.vendorOrderId}`)
  const storeMain = store.getByRole('main')
  await storeMain.getByLabel('Or refuse, and tell the customer why').fill('The courier already has it')
  await storeMain.getByRole('button', { name: 'Refuse' }).click()
  await expect(store.getByText(`You refused to cancel order ${order.number}`)).toBeVisible()
  await expect(storeMain.getByRole('button', { name: 'Mark dispatched' })).toBeVisible()
  await vendorContext.close()

  await page.reload()
  await expect(main).toContainText(`${vendor.storeName} refused: The courier already has it`)
  await expect(main.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)

  // Staff see the request on the order, with the customer's reason and the store's answer.
  const staffContext = await browser.newContext()
  const staff = await staffContext.newPage()
  await signIn(staff, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })
  await staff.goto(`/admin/orders/${order.number}`)
  const request = staff.getByRole('main').locator('[data-slot="cancellation-request"]')
  await expect(request).toContainText('asked on')
  await expect(request).toContainText('the store refused')
  await expect(request).toContainText('Delivery takes too long')
  await expect(request).toContainText("The store's answer: The courier already has it")
  await staffContext.close()
})
