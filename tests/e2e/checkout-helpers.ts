import { expect, type Page } from '@playwright/test'
import { choosePlace, signUp, waitForAddressFormToRun } from './customer-helpers'
import { type Shop, signIn } from './fixtures'
import { addThisProductToCart, browseToInStockProduct } from './helpers'

// Steps the checkout journeys share: a new customer with an address, something in the cart, and the checkout's
// steps as a person goes through them.

/** Signs up a new customer and puts one in-stock product in the cart; returns the product's title. */
export async function customerWithCart(
  page: Page,
  prefix: string,
  query = '',
): Promise<{ email: string; title: string }> {
  const { email } = await signUp(page, prefix)
  const title = await addToCart(page, query)
  return { email, title }
}

/**
 * A customer of the journey's own, with a saved Kigali address, signed in by cookie, with one in-stock product in
 * the cart: for the journeys about what comes after (the sign-up and address forms have their own journeys).
 */
export async function signedInCustomerWithCart(page: Page, shop: Shop): Promise<{ email: string; title: string }> {
  const customer = await shop.customer()
  await signIn(page, customer)
  const title = await addToCart(page)
  return { email: customer.email, title }
}

export async function addToCart(page: Page, query = ''): Promise<string> {
  await browseToInStockProduct(page, query)
  return addThisProductToCart(page)
}

/** From the cart to the review step: a new Kigali address (or the saved one), standard delivery, and the payment method given. */
export async function checkoutToReview(
  page: Page,
  method: 'MTN MoMo' | 'Airtel Money' | 'Card' | 'Cash on delivery',
  phone = '',
  address: 'new' | 'saved' = 'new',
) {
  await page.goto('/cart')
  const cart = { delivery: await summaryAmount(page, 1), total: await summaryAmount(page, 2) }
  await page.getByRole('link', { name: /proceed to checkout/i }).click()
  await expect(page).toHaveURL(/\/checkout/)
  const main = page.getByRole('main')
  // Before an option is chosen, the summary gives the least delivery can cost, as the cart did: never 'Free' when it
  // is not.
  expect({ delivery: await summaryAmount(page, 1), total: await summaryAmount(page, 2) }).toEqual(cart)
  if (address === 'saved') {
    // A customer with a saved address (signedInCustomerWithCart) delivers there.
    await main.getByRole('button', { name: 'Deliver here' }).first().click()
  } else {
    await main.getByRole('link', { name: 'Add a new address' }).click()
    await waitForAddressFormToRun(page)
    await main.getByLabel('Label').fill('Home')
    await main.getByLabel('Mobile number').fill('0788 123 456')
    await choosePlace(page, { province: 'Kigali', district: 'Kicukiro', sector: 'Niboye', cell: 'Niboye' })
    await main.getByLabel('Landmark').fill('Blue gate')
    await main.getByRole('button', { name: 'Save address' }).click()
    await expect(page).toHaveURL(/\/checkout/)
  }
  await expect(main.getByRole('heading', { name: 'Delivery option' })).toBeVisible()
  // With a Kigali address and no option chosen yet (the options shown), still the least delivery can cost: the cart's
  // figures.
  await expect(main.getByRole('radio', { name: /^Standard delivery/ })).toBeVisible()
  expect({ delivery: await summaryAmount(page, 1), total: await summaryAmount(page, 2) }).toEqual(cart)
  // By role and name: after the express cut-off, the express option's reason also mentions standard delivery.
  await main.getByRole('radio', { name: /^Standard delivery/ }).check()
  await main.getByRole('button', { name: 'Continue' }).click()
  await main.getByRole('radio', { name: new RegExp(`^${method}`) }).check()
  if (phone) await main.getByLabel('Mobile money number').fill(phone)
  await main.getByRole('button', { name: 'Continue' }).click()
  await expect(main.getByRole('button', { name: /place order/i })).toBeVisible()
}

/** The amount of a row of the page's order summary (0: the subtotal, 1: delivery, 2: the total): 'RF 1,500' or 'Free'. */
async function summaryAmount(page: Page, row: number): Promise<string> {
  const summary = page
    .getByRole('main')
    .locator('[aria-labelledby="summary-heading"], [aria-labelledby="summary-title"]')
  const text = await summary.locator('dd').nth(row).innerText()
  return text.match(/RF\s[\d,]+|Free/)?.[0] ?? text
}

export async function placeOrder(page: Page) {
  await page
    .getByRole('main')
    .getByRole('button', { name: /place order/i })
    .click()
}

/** The order number on an order page's heading ('Order ISK-100001'). */
export async function orderNumberOnPage(page: Page): Promise<string> {
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  const match = heading.match(/ISK-\d+/)
  expect(match).not.toBeNull()
  return (match as RegExpMatchArray)[0]
}

/** As a signed-in vendor: opens the store's part of an order from the orders list, by the order's number. */
export async function openStoreOrder(page: Page, number: string) {
  await page.goto('/vendor-dashboard/orders')
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(number) })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)
}
