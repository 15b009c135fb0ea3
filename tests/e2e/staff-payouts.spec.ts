import { expect, type Page } from '@playwright/test'
import { signIn, test } from './fixtures'
import { francs } from './helpers'

// Staff payouts (issue 13): a store's payout fails (its number cannot receive money), the owner corrects the
// number, and staff retry the failed payout on /admin/payouts; it is sent to the new number and listed as sent.
// Desktop only: the page's phone width is checked by no-sideways-scroll.spec.ts.

const FAILS = '+250788000001'

async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 20_000 })
}

test('a failed payout is retried by staff after the store’s number is corrected, then shown sent', async ({
  page,
  shop,
}) => {
  const customer = await shop.customer()
  const vendor = await shop.vendor({ products: 1, payoutMethod: { provider: 'momo', phone: FAILS } })
  await shop.order({ customer, vendor, status: 'delivered', paidAndDeliveredDaysAgo: 8 })
  const share = (price: number) => price - Math.round(price / 10)
  const amount = share(vendor.products[0]?.price as number)

  // The vendor asks for a payout; the network refuses the number.
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/balance')
  await page.getByRole('main').getByRole('button', { name: 'Request payout' }).click()
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeDisabled()
  await reloadUntil(page, () => expect(page.locator('[data-payout-status="failed"]')).toHaveCount(1, { timeout: 1000 }))

  // Staff see it failed, in plain words.
  await page.context().clearCookies()
  await signIn(page, { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  await page.goto('/admin')
  await page.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Payouts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible()
  await page.getByRole('link', { name: /^Failed/ }).click()
  // Newest first (the schedule may have tried the same number again meanwhile: each failure is listed).
  const failedRow = page.getByRole('row', { name: new RegExp(vendor.storeName) }).first()
  await expect(failedRow).toContainText('the number could not receive it')
  await expect(failedRow).toContainText('+250 788 000 001')
  expect(francs(await failedRow.getByRole('cell').first().innerText())).toBe(amount)

  // The owner corrects the number (the settings form asks for the password).
  await page.context().clearCookies()
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/settings')
  const method = page.getByRole('region', { name: 'Payout method' })
  await method.getByLabel('Mobile money number').fill('0788 123 456')
  await method.getByLabel('Current password').fill(vendor.password)
  await method.getByRole('button', { name: 'Save payout method' }).click()
  await expect(page.getByText('Payout method saved.')).toBeVisible()

  // Staff retry; a stale second click is refused, not paid twice.
  await page.context().clearCookies()
  await signIn(page, { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  await page.goto('/admin/payouts?tab=failed')
  await page
    .getByRole('row', { name: new RegExp(vendor.storeName) })
    .first()
    .getByRole('button', { name: 'Retry' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Payout sent again' })).toContainText('+250 788 123 456')

  await page.goto('/admin/payouts?tab=sent')
  await reloadUntil(page, () =>
    expect(page.getByRole('row', { name: new RegExp(vendor.storeName) })).toHaveCount(1, { timeout: 1000 }),
  )
  const sent = page.getByRole('row', { name: new RegExp(vendor.storeName) })
  await expect(sent).toContainText('+250 788 123 456')
  await expect(sent).toContainText(/retry of payout #\d+/)
  await page.goto('/admin/payouts?tab=failed')
  await expect(
    page.getByRole('row', { name: new RegExp(vendor.storeName) }).filter({ hasText: /Retried as payout #\d+/ }),
  ).toHaveCount(1)
})
