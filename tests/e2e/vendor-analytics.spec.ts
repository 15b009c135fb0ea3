import { expect, type Page, test } from '@playwright/test'
import { DEMO_PASSWORD, signIn } from './admin-helpers'
import { checkoutToReview, placeOrder } from './checkout-helpers'
import { signUp } from './customer-helpers'
import { addFromStore, francs } from './helpers'

// The vendor's analytics page: the demo vendor (vendor@isoko.rw, store 1) opens it from the dashboard, switches
// the period, and reads the figures and the chart; a sale made by a customer shows up in them.

function figure(page: Page, label: string) {
  const figures = page.getByRole('region', { name: 'Figures for the period' })
  return figures
    .locator('div', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition')
    .first()
}

async function openAnalyticsFromDashboard(page: Page) {
  await signIn(page, '/vendor-login', 'vendor@isoko.rw', DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/vendor-dashboard$/)
  await page.screenshot({ path: `/tmp/dashboard-${test.info().project.name}.png`, fullPage: true })
  await page.getByRole('region', { name: 'Manage your store' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/analytics$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics')
}

test('the vendor opens Analytics from the dashboard, switches 7, 30 and 90 days, and reads figures and chart', async ({
  page,
}, info) => {
  await openAnalyticsFromDashboard(page)
  const periods = page.getByRole('navigation', { name: 'Period' })
  await expect(periods.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
  for (const days of [7, 90, 30]) {
    await periods.getByRole('link', { name: `${days} days` }).click()
    await expect(page).toHaveURL(new RegExp(`\\?days=${days}$`))
    await expect(periods.getByRole('link', { name: `${days} days` })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('main')).toContainText(`Your sales over the last ${days} days`)
    await expect(figure(page, 'Revenue')).toHaveText(/^RF\s?[\d,]+$/)
    await expect(figure(page, 'Orders')).toHaveText(/^\d[\d,]*$/)
    await expect(figure(page, 'Units sold')).toHaveText(/^\d[\d,]*$/)
    await expect(figure(page, 'Customers')).toHaveText(/^\d[\d,]*$/)
    await expect(figure(page, 'Followers')).toHaveText(/^\d[\d,]*$/)
    const chart = page.getByRole('img', { name: /^Revenue and orders per day from/ })
    await expect(chart).toBeVisible()
    // The numbers behind the chart, one row per day.
    await expect(
      page.getByRole('table', { includeHidden: true }).getByRole('row', { includeHidden: true }),
    ).toHaveCount(days + 1)
  }
  await expect(
    page.getByRole('region', { name: 'Low on stock' }).getByRole('link', { name: 'Manage inventory' }),
  ).toHaveAttribute('href', '/vendor-dashboard/inventory')
  if (info.project.name === 'mobile') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  }
  await page
    .getByRole('region', { name: 'Revenue and orders per day' })
    .screenshot({ path: `/tmp/analytics-chart-${info.project.name}.png` })
  await page.screenshot({ path: `/tmp/analytics-${info.project.name === 'mobile' ? 360 : 1280}.png`, fullPage: true })
})

test('a cash-on-delivery sale shows up in the store figures', async ({ page, browser }, info) => {
  test.skip(info.project.name === 'mobile', 'one width is enough for this path; the page itself is checked at both')
  test.setTimeout(120_000)
  const vendorContext = await browser.newContext({ baseURL: info.project.use.baseURL })
  const vendor = await vendorContext.newPage()
  await signIn(vendor, '/vendor-login', 'vendor@isoko.rw', DEMO_PASSWORD)
  await vendor.goto('/vendor-dashboard/analytics?days=7')
  const before = {
    revenue: francs((await figure(vendor, 'Revenue').textContent()) ?? ''),
    orders: Number(await figure(vendor, 'Orders').textContent()),
  }

  await signUp(page, 'analytics-buyer')
  await addFromStore(page, 1)
  await checkoutToReview(page, 'Cash on delivery')
  await placeOrder(page)
  await expect(page.getByText('Thank you! Your order is placed.')).toBeVisible()

  await vendor.reload()
  // Other journeys sell from this store at the same time: at least this sale more.
  expect(Number(await figure(vendor, 'Orders').textContent())).toBeGreaterThanOrEqual(before.orders + 1)
  expect(francs((await figure(vendor, 'Revenue').textContent()) ?? '')).toBeGreaterThan(before.revenue)
  await expect(vendor.getByRole('img', { name: /^Revenue and orders per day from/ })).toHaveAccessibleName(
    /the best day was/,
  )
  await expect(vendor.getByRole('region', { name: 'Best sellers' }).getByRole('listitem').first()).toContainText(
    /units? sold/,
  )
  await vendor.screenshot({ path: '/tmp/analytics-1280-sale.png', fullPage: true })
  await vendorContext.close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the period links work and a bad period means 30 days', async ({ page }, info) => {
    test.skip(info.project.name === 'mobile', 'plain links: one width is enough')
    await signIn(page, '/vendor-login', 'vendor@isoko.rw', DEMO_PASSWORD)
    await page.goto('/vendor-dashboard/analytics?days=12')
    const periods = page.getByRole('navigation', { name: 'Period' })
    await expect(periods.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
    await periods.getByRole('link', { name: '7 days' }).click()
    await expect(page).toHaveURL(/\?days=7$/)
    await expect(page.getByRole('main')).toContainText('Your sales over the last 7 days')
  })
})

test('a customer opening the analytics page goes to their own dashboard', async ({ page }, info) => {
  test.skip(info.project.name === 'mobile', 'one width is enough')
  await signIn(page, '/customer-login', 'customer@isoko.rw', DEMO_PASSWORD)
  await page.goto('/vendor-dashboard/analytics')
  await expect(page).toHaveURL(/\/customer-dashboard$/)
})
