import type { Page } from '@playwright/test'
import { expect, type FixtureOrder, type FixtureVendor, signIn, test } from './fixtures'
import { francs } from './helpers'

// The vendor's balance (issue 13): the money moves through the real workflow (the vendor records the cash of a
// cash-on-delivery order collected on its order page; fixture orders post nothing to the ledger), then the balance
// page shows the figures and each entry with its order, and never another store's entries.

/** The vendor records the cash of its part collected, on its order page. */
async function collectCash(page: Page, vendor: FixtureVendor, order: FixtureOrder) {
  await signIn(page, vendor)
  await page.goto(`/vendor-dashboard/orders/${order.vendorOrderId}`)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Mark cash collected' }).click()
  await expect(main.getByRole('button', { name: 'Mark cash collected' })).toHaveCount(0)
}

test(
  'cash collected shows on the balance with its order; another store’s entries never do',
  { tag: '@phone-only' },
  async ({ browser, page, shop }, info) => {
    // Runs once, at 360 px: vendors check their money from a phone.
    const customer = await shop.customer()
    const vendor = await shop.vendor({ products: 1 })
    const other = await shop.vendor({ products: 1 })
    // Cash on delivery, dispatched: the cash is due. A fixture order has no pending cash payment, so its delivery
    // fee is not posted when the cash is collected: the entries are the sale and the commission owed.
    const order = await shop.order({ customer, vendor, status: 'shipped' })
    const otherOrder = await shop.order({ customer, vendor: other, status: 'shipped' })
    const price = vendor.products[0]?.price as number

    // The other store collects its cash too, so that it has entries of its own.
    const otherContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: { width: 360, height: 800 },
    })
    await collectCash(await otherContext.newPage(), other, otherOrder)
    await otherContext.close()

    await collectCash(page, vendor, order)
    await page.goto('/vendor-dashboard')
    await page.getByRole('main').getByRole('link', { name: 'Balance', exact: true }).click()
    await expect(page).toHaveURL(/\/vendor-dashboard\/balance$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Balance')
    // No payout number yet: the page says so, and the button waits for one.
    await expect(main.getByTestId('payout-method')).toHaveText(
      'No payout number yet: Isoko keeps your balance until you add one.',
    )
    await expect(main.getByRole('button', { name: 'Request payout' })).toBeDisabled()
    await expect(main).toContainText('becomes available 7 days after delivery')

    // The vendor kept its share of the cash: nothing is owed to it; it owes the 10% commission.
    const commission = Math.round(price / 10)
    const figure = (key: string) => main.locator(`[data-figure="${key}"]`)
    expect(francs(await figure('available').innerText())).toBe(0)
    expect(francs(await figure('onHold').innerText())).toBe(0)
    expect(francs(await figure('owedOnCashSales').innerText())).toBe(commission)

    // The entries, newest first (the commission owed after the sale), each with its order's link to its page.
    const entries = main.getByRole('region', { name: 'Entries' }).getByRole('listitem')
    await expect(entries).toHaveCount(5)
    const owed = entries.first()
    await expect(owed).toContainText('Your share kept from the cash; commission owed')
    await expect(owed).toContainText('Owed on cash sales')
    const amount = owed.locator('p').last()
    expect(francs(await amount.innerText())).toBe(-commission)
    const link = owed.getByRole('link', { name: `Order ${order.number}` })
    await expect(link).toHaveAttribute('href', `/vendor-dashboard/orders/${order.vendorOrderId}`)
    await expect(main.getByText('Cash collected on delivery')).toHaveCount(2)
    // Another store's order never shows.
    await expect(main).not.toContainText(otherOrder.number)
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number)
  },
)
