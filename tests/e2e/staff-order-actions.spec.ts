import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, signIn, signOut } from './admin-helpers.ts'
import { checkoutToReview, customerWithCart, orderNumberOnPage, placeOrder } from './checkout-helpers'
import { francs } from './helpers'

// Staff refund part of a MoMo payment from the admin console (issue 13): the money goes back through MoMo (the
// simulator), the order's page shows the refund, and asking for more than is left is refused next to the field.

test('staff refund part of a MoMo payment; more than is left is refused', async ({ page }) => {
  await customerWithCart(page, 'refund')
  await checkoutToReview(page, 'MTN MoMo', '0788 123 456')
  await placeOrder(page)
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 })
  const number = await orderNumberOnPage(page)
  await signOut(page)

  await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  await page.goto('/admin/orders')
  // Found by the customer's phone as a person types it (newest first: this order leads the list).
  const console = page.getByRole('main')
  await console.getByRole('searchbox', { name: 'Search orders' }).fill('0788123456')
  await console.getByRole('button', { name: 'Search', exact: true }).click()
  await console.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)

  const refund = page.getByRole('form', { name: 'Refund' })
  const amount = refund.getByLabel(/Amount in RWF/)
  const left = francs((await refund.getByText(/at most/).innerText()).replace(/.*at most/, ''))
  await amount.fill('1000')
  await refund.getByLabel(/Why/).fill('A button was missing')
  await refund.getByLabel(/I checked the amount/).check()
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(page.getByText(`Refund made on order ${number}`)).toBeVisible()
  const made = page
    .getByRole('region', { name: 'Payment attempts' })
    .getByRole('listitem')
    .filter({ hasText: 'A button was missing' })
  await expect(made).toContainText(/Refunded|On its way/)

  // More than is left: refused next to the amount, what was typed kept.
  const again = page.getByRole('form', { name: 'Refund' })
  await again.getByLabel(/Amount in RWF/).fill(String(left))
  await again.getByLabel(/Why/).fill('Whole order')
  await again.getByLabel(/I checked the amount/).check()
  await again.getByRole('button', { name: 'Refund' }).click()
  const field = page.getByRole('form', { name: 'Refund' }).getByLabel(/Amount in RWF/)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('form', { name: 'Refund' })).toContainText('That is more than is left of the payment')
  await expect(field).toHaveValue(String(left))
})
