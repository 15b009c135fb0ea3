import { expect, signIn, test } from './fixtures'
import { francs } from './helpers'

// The vendor's monthly statement (issue 13): the cash of a cash-on-delivery order collected through the real
// workflow shows in this month's statement as a sale with its commission, moves the balance at the end, and comes
// out the same in the CSV an accountant opens; last month is empty, and another store's sale never shows.

test('a cash sale in this month’s statement and its CSV; last month empty', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // Runs once, at 360 px: vendors check their money from a phone.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1 })
  const order = await shop.order({ customer, vendor, status: 'shipped' })
  const price = vendor.products[0]?.price as number
  const commission = Math.round(price / 10)

  await signIn(page, vendor)
  await page.goto(`/vendor-dashboard/orders/${order.vendorOrderId}`)
  await page.getByRole('main').getByRole('button', { name: 'Mark cash collected' }).click()
  await expect(page.getByRole('main').getByRole('button', { name: 'Mark cash collected' })).toHaveCount(0)

  await page.goto('/vendor-dashboard/balance')
  await page.getByRole('main').getByRole('link', { name: 'Monthly statement' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/statement$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Monthly statement')
  const figure = async (key: string) => francs(await main.locator(`[data-figure="${key}"]`).innerText())
  expect(await figure('opening')).toBe(0)
  expect(await figure('sales')).toBe(price)
  expect(await figure('commission')).toBe(commission)
  // The vendor holds the cash: at the month's end it owes Isoko the commission.
  expect(await figure('closing')).toBe(-commission)
  // The month's entries (the list named after the month), not the workspace navigation's links.
  const monthEntries = () => main.getByRole('list', { name: /\d{4}$/ }).getByRole('listitem')
  const entries = monthEntries()
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('Cash collected on delivery')
  await expect(entries.first().getByRole('link', { name: `Order ${order.number}` })).toHaveAttribute(
    'href',
    `/vendor-dashboard/orders/${order.vendorOrderId}`,
  )

  // The CSV: whose statement, the header row, the sale with its order, and the balance at the end.
  const csv = await page.request.get(
    (await main.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '',
  )
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toContain('text/csv')
  const text = await csv.text()
  expect(text).toContain(`Store,${vendor.storeName}`)
  expect(text).toContain('Date,Description,Order,Sales,Commission,Amount to you,Balance')
  expect(text).toContain(
    `,Cash collected on delivery,${order.number},${price},${commission},-${commission},-${commission}`,
  )

  // Last month: nothing moved; there is a way back to this month, none beyond it.
  await main.getByRole('link', { name: 'Previous month' }).click()
  await expect(main.getByRole('status')).toHaveText('No money moved this month.')
  expect(await figure('closing')).toBe(0)
  await main.getByRole('link', { name: 'Next month' }).click()
  await expect(main.getByRole('link', { name: 'Next month' })).toHaveCount(0)
  await expect(monthEntries()).toHaveCount(1)

  // Another vendor's statement never shows this sale.
  const other = await shop.vendor({ products: 1 })
  await signIn(page, other)
  await page.goto('/vendor-dashboard/statement')
  await expect(page.getByRole('main')).not.toContainText(order.number)
  await expect(page.getByRole('main').getByRole('status')).toHaveText('No money moved this month.')
})
