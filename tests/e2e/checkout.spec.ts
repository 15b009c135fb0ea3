import {
  checkoutToReview,
  customerWithCart,
  orderNumberOnPage,
  placeOrder,
  signedInCustomerWithCart,
} from './checkout-helpers'
import { expect, test } from './fixtures'
import { headerCartLink } from './helpers'

test('buy with MTN MoMo: approve on the phone, and the waiting page moves on to the paid order', async ({ page }) => {
  const { title } = await customerWithCart(page, 'momo')
  await checkoutToReview(page, 'MTN MoMo', '0788 123 456')
  const main = page.getByRole('main')
  await expect(main).toContainText(title)
  await expect(main).toContainText('Includes VAT (18%)')
  await placeOrder(page)
  await expect(page.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible()
  await expect(main.getByText('+250 788 123 456')).toBeVisible()
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 })
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(main).toContainText(title)
  await expect(headerCartLink(page)).not.toContainText('1')
  await page.goto('/customer-dashboard')
  await expect(page.getByRole('main').getByRole('link', { name: /ISK-\d+/ })).toHaveCount(1)
})

test('MoMo declined, then paid with Airtel Money on the same order', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  // Runs once; the MoMo journey covers checkout at 360 px.
  await signedInCustomerWithCart(page, shop)
  await checkoutToReview(page, 'MTN MoMo', '0788 000 001', 'saved')
  await placeOrder(page)
  await expect(page.getByRole('heading', { name: 'The payment was declined' })).toBeVisible({ timeout: 20_000 })
  const main = page.getByRole('main')
  // A wrong network's number is refused next to the field, and what was typed stays.
  await main.getByLabel('Airtel Money').check()
  await main.getByLabel('Mobile money number').fill('0788 123 456')
  await main.getByRole('button', { name: /^Pay RF/ }).click()
  await expect(main.getByText('Airtel Money numbers start with 072 or 073.')).toBeVisible()
  await expect(main.getByLabel('Mobile money number')).toHaveValue('0788 123 456')
  await main.getByLabel('Mobile money number').fill('0730 123 456')
  await main.getByRole('button', { name: /^Pay RF/ }).click()
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 })
  await expect(main).toContainText('Airtel Money')
})

test('cash on delivery is confirmed at once, and the customer can cancel before dispatch', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  // Runs once; the MoMo journey covers checkout at 360 px.
  await signedInCustomerWithCart(page, shop)
  await checkoutToReview(page, 'Cash on delivery', '', 'saved')
  await placeOrder(page)
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText('Confirmed', { exact: true }).first()).toBeVisible()
  const number = await orderNumberOnPage(page)
  await main.getByRole('link', { name: 'Cancel order' }).click()
  // A confirmation step: what happens to the money, and a reason.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cancel order ${number}`)
  await expect(main).toContainText('Cash on delivery: you have paid nothing, and there is nothing to pay.')
  await main.getByLabel('I changed my mind').check()
  await main.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.getByText('Your order was cancelled')).toBeVisible()
  await expect(main.getByText('Cancelled', { exact: true }).first()).toBeVisible()
  await expect(main.getByRole('link', { name: 'Cancel order' })).toHaveCount(0)
  // Someone else's order number is not found.
  const other = await page.goto('/customer-dashboard/orders/ISK-999999')
  expect(other?.status()).toBe(404)
  expect(number).toMatch(/^ISK-\d+$/)
})

test('a double submit of Place order makes one order', { tag: '@desktop-only' }, async ({ page, shop }) => {
  // Runs once; the MoMo journey covers checkout at 360 px.
  await signedInCustomerWithCart(page, shop)
  await checkoutToReview(page, 'Cash on delivery', '', 'saved')
  const form = page.getByRole('main').locator('form', { has: page.getByRole('button', { name: /place order/i }) })
  const fields = {
    intent: 'place',
    checkoutKey: (await form.locator('input[name=checkoutKey]').inputValue()) as string,
    seen: (await form.locator('input[name=seen]').inputValue()) as string,
  }
  const [a, b] = await Promise.all([
    page.request.post('/checkout', { form: fields, maxRedirects: 0 }),
    page.request.post('/checkout', { form: fields, maxRedirects: 0 }),
  ])
  expect(a.headers().location).toMatch(/\/customer-dashboard\/orders\/ISK-\d+/)
  expect(b.headers().location?.split('?')[0]).toBe(a.headers().location?.split('?')[0])
  await page.goto('/customer-dashboard/orders')
  await expect(page.getByRole('main').getByRole('link', { name: /ISK-\d+/ })).toHaveCount(1)
})
