import type { Browser, Page } from '@playwright/test'
import { DEMO_PASSWORD, findApplication } from './admin-helpers'
import { checkoutToReview, openStoreOrder, orderNumberOnPage, placeOrder } from './checkout-helpers'
import { expect, signIn, test } from './fixtures'
import { addThisProductToCart, francs } from './helpers'
import { uploadTwoPhotos } from './photos'

// The whole vendor workspace in one story: a new store is approved, lists a product with two photos and three
// variants, sees it in the storefront, sells it through checkout, fulfils the order, answers the customer's
// message, and sees the sale in the dashboard's chart. The store (waiting for approval, no products yet) and the
// customer are the journey's own (tests/e2e/fixtures.ts); the application form has its own journey
// (admin-console.spec.ts). Staff are the one demo admin.

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

test(
  'a new store lists a product, sells it, fulfils it, answers its customer and sees the sale',
  { tag: '@desktop-only' },
  async ({ browser, page: vendor, shop }, info) => {
    // Runs once; each page has its own journey at 360 px.
    test.setTimeout(240_000)
    const baseURL = info.project.use.baseURL
    const mark = Date.now().toString(36)
    const title = `Umucyo kitenge shirt ${mark}`

    // 1. A new business has applied; staff approve it.
    const business = await shop.vendor({ storeName: `Umucyo Textiles ${mark}`, status: 'pending', products: 0 })
    await signIn(vendor, business)
    const staff = await newPage(browser, baseURL)
    await signIn(staff, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })
    await staff.goto('/admin')
    const card = await findApplication(staff, business.storeName)
    await card.getByRole('button', { name: 'Approve' }).click()
    await expect(card.getByText('Approved', { exact: true })).toBeVisible()
    await staff.context().close()

    // 2. The vendor adds a product from the dashboard: three variants, two photos, then active.
    await vendor.goto('/vendor-dashboard')
    await expect(vendor.getByRole('main').getByText('Your store is approved and open on Isoko.')).toBeVisible()
    await vendor.getByRole('region', { name: 'Manage your store' }).getByRole('link', { name: 'Add product' }).click()
    await expect(vendor).toHaveURL(/\/vendor-dashboard\/products\/new$/)
    await vendor.getByLabel('Title', { exact: true }).fill(title)
    await vendor.getByLabel('Description', { exact: true }).fill('Cotton kitenge shirt, tailored in Kigali.')
    await vendor.getByLabel('Category').selectOption({ index: 1 })
    await vendor.getByLabel('Price (RWF)').fill('21000')
    // Sizes × colours once: the grid gets a row per combination (its script follows the fields as typed).
    const sizes = ['S', 'M', 'L']
    await vendor.getByLabel('Sizes', { exact: true }).fill(sizes.join(', '))
    await vendor.getByLabel('Colours', { exact: true }).fill('Amber')
    await expect(vendor.getByText('3 variants (at most 100)')).toBeVisible()
    for (const [i, size] of sizes.entries()) {
      await vendor.locator(`[name="variants[${i}].sku"]`).fill(`UMU-${mark}-${size}`)
      await vendor.locator(`[name="variants[${i}].stock"]`).fill('5')
    }
    await vendor.getByRole('button', { name: 'Save draft' }).click()
    await expect(vendor.getByText('Draft saved. Now add its photos.')).toBeVisible()
    await uploadTwoPhotos(vendor)
    await vendor.getByLabel('Status').selectOption('active')
    await vendor.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(vendor.getByText('Product saved.')).toBeVisible()
    const productPath = (await vendor.getByRole('link', { name: 'See it in the store' }).getAttribute('href')) as string

    // 3. A customer finds it in the storefront, buys one (cash on delivery) and writes to the store.
    const shopper = await newPage(browser, baseURL)
    // No saved address: the checkout adds one, as a new customer does.
    const customer = await shop.customer({ firstName: 'Aline', lastName: `Uwase ${mark}`, address: false })
    await signIn(shopper, customer)
    await shopper.goto(productPath)
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(shopper.getByRole('main').getByRole('img').first()).toBeVisible()
    await addThisProductToCart(shopper)
    await checkoutToReview(shopper, 'Cash on delivery')
    await placeOrder(shopper)
    await expect(shopper.getByText('Thank you! Your order is placed.')).toBeVisible()
    const number = await orderNumberOnPage(shopper)

    await shopper.goto(productPath)
    await shopper.getByRole('main').getByRole('link', { name: business.storeName }).first().click()
    await expect(shopper).toHaveURL(/\/vendor\/\d+$/)
    await shopper.getByRole('main').getByRole('link', { name: 'Contact Vendor' }).click()
    await shopper.getByLabel('Your message').fill(`When will order ${number} arrive?`)
    await shopper.getByRole('button', { name: 'Send message' }).click()
    await expect(shopper).toHaveURL(/\/customer-dashboard\/messages\/\d+$/)

    // 4. The vendor fulfils the order.
    await openStoreOrder(vendor, number)
    const order = vendor.getByRole('main')
    await expect(order).toContainText(title)
    for (const step of ['Mark packed', 'Mark dispatched', 'Mark delivered', 'Mark cash collected']) {
      await order.getByRole('button', { name: step }).click()
      await expect(order.getByRole('button', { name: step })).toHaveCount(0)
    }

    // 5. The vendor sees the unread message on the dashboard and answers it.
    await vendor.goto('/vendor-dashboard')
    await expect(vendor.getByTestId('dashboard-messages-unread')).toContainText('1')
    await vendor
      .getByRole('region', { name: 'Manage your store' })
      .getByRole('link', { name: /Messages/ })
      .click()
    await vendor.getByRole('link', { name: new RegExp(customer.name) }).click()
    await expect(vendor.getByText(`When will order ${number} arrive?`)).toBeVisible()
    await vendor.getByLabel('Your reply').fill('It was delivered this afternoon. Thank you!')
    await vendor.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(vendor.getByText('It was delivered this afternoon.')).toBeVisible()

    await shopper.reload()
    await expect(shopper.getByText('It was delivered this afternoon.')).toBeVisible()

    // 6. The sale is in the analytics: one order, its revenue, the product first among best sellers, in the chart.
    await vendor.goto('/vendor-dashboard')
    await vendor.getByRole('region', { name: 'Manage your store' }).getByRole('link', { name: 'Analytics' }).click()
    await vendor.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' }).click()
    const figure = (label: string) =>
      vendor
        .getByRole('region', { name: 'Figures for the period' })
        .locator('div', { has: vendor.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
        .getByRole('definition')
        .first()
    await expect(figure('Orders')).toHaveText('1')
    await expect(figure('Units sold')).toHaveText('1')
    expect(francs((await figure('Revenue').textContent()) ?? '')).toBe(21000)
    await expect(vendor.getByRole('img', { name: /^Revenue and orders per day from/ })).toHaveAccessibleName(/1 order/)
    await expect(vendor.getByRole('region', { name: 'Best sellers' }).getByRole('listitem').first()).toContainText(
      title,
    )
    await shopper.context().close()
  },
)
