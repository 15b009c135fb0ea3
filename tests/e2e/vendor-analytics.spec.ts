import type { Page } from '@playwright/test'
import { expect, type FixtureVendor, signIn, test } from './fixtures'
import { francs } from './helpers'

// The vendor's analytics page: a vendor (with a store of the journey's own, tests/e2e/fixtures.ts) opens it from
// the dashboard, switches the period, and reads the figures and the chart; a sale made by a customer shows up in
// them.

function figure(page: Page, label: string) {
  const figures = page.getByRole('region', { name: 'Figures for the period' })
  return figures
    .locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition')
    .first()
}

async function openAnalyticsFromDashboard(page: Page, vendor: FixtureVendor) {
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard')
  await page.getByRole('region', { name: 'Manage your store' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/analytics$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics')
}

test('the vendor opens Analytics from the dashboard, switches 7, 30 and 90 days, and reads figures and chart', async ({
  page,
  shop,
}, info) => {
  // A store with sales (today's, in every period) and a variant low on stock.
  const vendor = await shop.vendor({ products: 2, stocks: [3] })
  const customer = await shop.customer()
  await shop.order({ customer, vendor, status: 'delivered', quantity: 2 })
  await shop.order({ customer, vendor, status: 'confirmed' })
  // The page hydrates as the server rendered it (the date range once differed by its spaces: a hydration error).
  const hydrationErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#425|did not match/i.test(message.text())) {
      hydrationErrors.push(message.text())
    }
  })
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#425/i.test(error.message)) hydrationErrors.push(error.message)
  })
  await openAnalyticsFromDashboard(page, vendor)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics')
  const periods = page.getByRole('navigation', { name: 'Period' })
  await expect(periods.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
  for (const days of [7, 90, 30]) {
    await periods.getByRole('link', { name: `${days} days` }).click()
    await expect(page).toHaveURL(new RegExp(`\\?days=${days}$`))
    await expect(periods.getByRole('link', { name: `${days} days` })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('main')).toContainText(`Your sales over the last ${days} days`)
    await expect(figure(page, 'Revenue')).toHaveText(/^RF\s?[\d,]+$/)
    await expect(figure(page, 'Orders')).toHaveText('2')
    await expect(figure(page, 'Units sold')).toHaveText('3')
    await expect(figure(page, 'Customers')).toHaveText('1')
    await expect(figure(page, 'Followers')).toHaveText(/^\d[\d,]*$/)
    const chart = page.getByRole('img', { name: /^Revenue and orders per day from/ })
    await expect(chart).toBeVisible()
    // The numbers behind the chart, one row per day.
    await expect(
      page.getByRole('table', { includeHidden: true }).getByRole('row', { includeHidden: true }),
    ).toHaveCount(days + 1)
  }
  const lowOnStock = page.getByRole('region', { name: 'Low on stock' })
  await expect(lowOnStock.getByRole('link', { name: 'Manage inventory' })).toHaveAttribute(
    'href',
    '/vendor-dashboard/inventory',
  )
  await expect(lowOnStock.getByRole('listitem')).toHaveCount(1)
  await expect(lowOnStock).toContainText(vendor.products[0]?.title as string)
  expect(hydrationErrors).toEqual([])
  if (info.project.name === 'mobile') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  }
})

test('a cash-on-delivery sale shows up in the store figures', { tag: '@desktop-only' }, async ({
  page: vendor,
  shop,
}) => {
  // One width is enough for this path; the page itself is checked at both.
  const store = await shop.vendor({ products: 1 })
  await signIn(vendor, store)
  await vendor.goto('/vendor-dashboard/analytics?days=7')
  await expect(figure(vendor, 'Orders')).toHaveText('0')
  await expect(figure(vendor, 'Units sold')).toHaveText('0')
  expect(francs((await figure(vendor, 'Revenue').textContent()) ?? '')).toBe(0)

  // A customer orders two, cash on delivery (confirmed at once).
  const customer = await shop.customer()
  await shop.order({ customer, vendor: store, status: 'confirmed', quantity: 2 })

  await vendor.reload()
  // The store is this journey's own: exactly this sale.
  await expect(figure(vendor, 'Orders')).toHaveText('1')
  await expect(figure(vendor, 'Units sold')).toHaveText('2')
  expect(francs((await figure(vendor, 'Revenue').textContent()) ?? '')).toBe(2 * (store.products[0]?.price ?? 0))
  await expect(vendor.getByRole('img', { name: /^Revenue and orders per day from/ })).toHaveAccessibleName(
    /the best day was/,
  )
  const best = vendor.getByRole('region', { name: 'Best sellers' }).getByRole('listitem').first()
  await expect(best).toContainText(store.products[0]?.title as string)
  await expect(best).toContainText(/units? sold/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the period links work and a bad period means 30 days', { tag: '@desktop-only' }, async ({ page, shop }) => {
    // Plain links: one width is enough.
    await signIn(page, await shop.vendor({ products: 1 }))
    await page.goto('/vendor-dashboard/analytics?days=12')
    const periods = page.getByRole('navigation', { name: 'Period' })
    await expect(periods.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
    await periods.getByRole('link', { name: '7 days' }).click()
    await expect(page).toHaveURL(/\?days=7$/)
    await expect(page.getByRole('main')).toContainText('Your sales over the last 7 days')
  })
})

test('a customer opening the analytics page goes to their own dashboard', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  // One width is enough.
  await signIn(page, await shop.customer())
  await page.goto('/vendor-dashboard/analytics')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})
