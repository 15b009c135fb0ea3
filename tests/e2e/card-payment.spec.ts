import type { Browser, Page } from '@playwright/test'
import { checkoutToReview, placeOrder, signedInCustomerWithCart } from './checkout-helpers'
import { expect, test } from './fixtures'

// Card payment leaves Isoko for the card provider's hosted page. Checkout ends on Isoko's own page, which sends
// the browser on with a full-page navigation: never a client-side route fetch of the provider's page (which shows
// "Something went wrong"), never a form post redirected off-site (which the CSP's form-action blocks without
// JavaScript). The card simulator's hosted page stands in for the provider.

/** On the provider's hosted page: pays, and comes back to the order, paid. */
async function payOnHostedPageAndReturn(page: Page) {
  await expect(page.getByRole('heading', { name: /^Pay RWF/ })).toBeVisible()
  await page.getByRole('button', { name: /^Pay RWF/ }).click()
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('main').getByText('Paid', { exact: true }).first()).toBeVisible()
}

/** Checkout ends on Isoko's card page, whose link goes to the provider's hosted page. */
async function continueToProvider(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/pay\/ISK-\d+$/)
  await expect(page.getByRole('heading', { name: 'Finish paying by card' })).toBeVisible()
  await page.getByRole('link', { name: 'Continue to secure card payment' }).click()
  await expect(page).toHaveURL(/\/card\/checkout\//)
}

test('card payment with JavaScript: through Isoko’s card page to the hosted page, and back paid', {
  tag: '@desktop-only',
}, async ({ page, shop }) => {
  // Runs once; the MoMo journey covers checkout at 360 px.
  await signedInCustomerWithCart(page, shop)
  await checkoutToReview(page, 'Card', '', 'saved')
  await placeOrder(page)
  await continueToProvider(page)
  await payOnHostedPageAndReturn(page)
})

/** A context without JavaScript that carries the signed-in customer's cookies (and the checkout's choices). */
async function withoutJavaScript(browser: Browser, page: Page): Promise<Page> {
  const state = await page.context().storageState()
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: state })
  return context.newPage()
}

test('card payment without JavaScript: the same way, with plain links and forms', { tag: '@desktop-only' }, async ({
  page,
  browser,
  shop,
}) => {
  // Runs once; the MoMo journey covers checkout at 360 px.
  await signedInCustomerWithCart(page, shop)
  await checkoutToReview(page, 'Card', '', 'saved')
  const plain = await withoutJavaScript(browser, page)
  const review = await plain.goto('/checkout?step=review')
  // As in production: forms post to Isoko only, in simulator mode too (no exemption for the simulator's origin).
  expect(review?.headers()['content-security-policy']).toMatch(/form-action 'self'(;|$)/)
  await placeOrder(plain)
  await continueToProvider(plain)
  await payOnHostedPageAndReturn(plain)
  await plain.context().close()
})
