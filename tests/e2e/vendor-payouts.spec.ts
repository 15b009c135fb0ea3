import { expect, signIn, test } from './fixtures'
import { francs } from './helpers'

// Vendor payouts (issue 13): a MoMo sale delivered is held for the return window; one delivered longer ago is
// available. The vendor asks for a payout on the balance page (a plain form post), the MoMo Disbursement simulator
// pays the store's number, its callback settles the payout, and the page shows it paid with its number and
// reference; the balance is what is still held.

test('a delivered MoMo sale, held, then paid out to the store’s MoMo number', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // Runs once, at 360 px: vendors check their money from a phone.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 2, payoutMethod: { provider: 'momo', phone: '+250788123456' } })
  // Delivered yesterday: still held. Delivered 8 days ago: past the 7-day hold, available.
  await shop.order({ customer, vendor, status: 'delivered', paidAndDeliveredDaysAgo: 1 })
  const [first, second] = vendor.products
  await shop.order({
    customer,
    vendor: { vendorId: vendor.vendorId, products: second ? [second] : [] },
    status: 'delivered',
    paidAndDeliveredDaysAgo: 8,
  })
  const share = (price: number) => price - Math.round(price / 10)
  const held = share(first?.price as number)
  const available = share(second?.price as number)

  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/balance')
  const main = page.getByRole('main')
  const figure = (key: string) => main.locator(`[data-figure="${key}"]`)
  expect(francs(await figure('onHold').innerText())).toBe(held)
  expect(francs(await figure('available').innerText())).toBe(available)
  await expect(main.getByTestId('payout-method')).toHaveText('MTN MoMo +250 788 123 456')
  await expect(main.getByText('No payouts yet.')).toBeVisible()

  await main.getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByText('Payout requested')).toBeVisible()
  const payout = main.getByRole('list', { name: 'Your payouts' }).getByRole('listitem')
  await expect(payout).toHaveCount(1)
  await expect(payout).toContainText('MTN MoMo +250 788 123 456')
  await expect(payout).toContainText('Requested by you')
  expect(francs(await payout.locator('p').nth(1).innerText())).toBe(available)
  // Nothing more to ask for while it is on its way, and the money left the balance.
  await expect(main.getByRole('button', { name: 'Request payout' })).toBeDisabled()
  expect(francs(await figure('available').innerText())).toBe(0)

  // The simulator approves and calls back; the page shows it paid.
  await expect(async () => {
    await page.reload()
    await expect(main.locator('[data-payout-status="succeeded"]')).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await expect(main.locator('[data-payout-status="succeeded"]')).toContainText('Paid')
  await expect(main.locator('[data-payout-status="succeeded"]')).toContainText(/Reference [0-9a-f-]{36}/)
  expect(francs(await figure('onHold').innerText())).toBe(held)
  expect(francs(await figure('available').innerText())).toBe(0)
  await expect(main.getByText('Payout to your mobile money')).toBeVisible()
})
