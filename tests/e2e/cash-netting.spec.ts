import { expect, signIn, test } from './fixtures'
import { francs } from './helpers'

// A cash-on-delivery sale's commission netted against a payout (issue 13): the vendor collects the cash of one
// order (it owes Isoko the commission), an older online sale is past its hold, and the payout sent to the store's
// MoMo number is the online share less the commission owed. The balance then owes nothing on cash sales, and the
// month's statement (on screen and in the CSV) shows the netting and the payout.

test('a cash sale’s commission is netted from the payout of an online sale', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // Runs once, at 360 px: vendors check their money from a phone.
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 2, payoutMethod: { provider: 'momo', phone: '+250788123456' } })
  // The cheaper product is sold for cash; enough of the other online for the payout to reach the minimum.
  const [cashProduct, onlineProduct] = [...vendor.products].sort((a, b) => a.price - b.price)
  const cashOrder = await shop.order({
    customer,
    vendor: { vendorId: vendor.vendorId, products: cashProduct ? [cashProduct] : [] },
    status: 'shipped',
  })
  const commission = Math.round((cashProduct?.price as number) / 10)
  const price = onlineProduct?.price as number
  const quantity = Math.ceil((5000 + commission) / (price * 0.85))
  const onlineShare = price * quantity - Math.round((price * quantity) / 10)
  const payout = onlineShare - commission

  await signIn(page, vendor)
  await page.goto(`/vendor-dashboard/orders/${cashOrder.vendorOrderId}`)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Mark cash collected' }).click()
  await expect(main.getByRole('button', { name: 'Mark cash collected' })).toHaveCount(0)
  // The online sale comes after the cash is recorded: a scheduled payout run at any moment nets the debt too.
  await shop.order({
    customer,
    vendor: { vendorId: vendor.vendorId, products: onlineProduct ? [onlineProduct] : [] },
    status: 'delivered',
    quantity,
    paidAndDeliveredDaysAgo: 8,
  })

  await page.goto('/vendor-dashboard/balance')
  const figure = async (key: string) => francs(await main.locator(`[data-figure="${key}"]`).innerText())
  const request = main.getByRole('button', { name: 'Request payout' })
  // The weekly schedule may have paid the store already (a fresh server runs its latest slot): the same payout.
  if (await request.isEnabled()) {
    expect(await figure('owedOnCashSales')).toBe(commission)
    expect(await figure('available')).toBe(onlineShare)
    await expect(main.getByText(/can be paid now/)).toContainText(new Intl.NumberFormat('en').format(payout))
    await request.click()
    await expect(request).toBeDisabled()
  }
  await expect(async () => {
    await page.reload()
    await expect(main.locator('[data-payout-status="succeeded"]')).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const paid = main.locator('[data-payout-status="succeeded"]')
  expect(francs(await paid.locator('p').nth(1).innerText())).toBe(payout)
  await expect(paid).toContainText('MTN MoMo +250 788 123 456')
  await expect(paid).toContainText(/owed on cash sales was taken off this payout/)
  expect(await figure('owedOnCashSales')).toBe(0)
  expect(await figure('available')).toBe(0)

  // The statement: the netting (it moves nothing) and the payout (money out, to the store's number).
  await main.getByRole('link', { name: 'Monthly statement' }).click()
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Monthly statement')
  const lines = main.getByRole('listitem')
  const netting = lines.filter({ hasText: 'paid from your balance before a payout' })
  await expect(netting).toContainText(new Intl.NumberFormat('en').format(commission))
  expect(Number(await netting.locator('[data-net]').getAttribute('data-net'))).toBe(0)
  const sent = lines.filter({ hasText: 'Payout to your mobile money number' })
  expect(Number(await sent.locator('[data-net]').getAttribute('data-net'))).toBe(-payout)
  expect(francs(await main.locator('[data-figure="closing"]').innerText())).toBe(0)

  const csv = await page.request.get(
    (await main.getByRole('link', { name: 'Download CSV' }).getAttribute('href')) ?? '',
  )
  const text = await csv.text()
  expect(text).toMatch(
    new RegExp(`What you owed on cash sales \\(RF\\s${commission.toLocaleString('en')},[^\\n]*,0,0,0,`),
  )
  expect(text).toContain(`,Payout to your mobile money number,,0,0,-${payout},0`)
})
