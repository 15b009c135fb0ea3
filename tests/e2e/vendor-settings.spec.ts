import { expect, signIn, test } from './fixtures'
import { linkFromMail } from './mail'

// The vendor workspace as a place to work (issue 17): the navigation beside every page with what waits, an order
// found by its number and packed from the list, and opening hours shown on the store page exactly as set.

test('the workspace navigation shows what waits; an order is found and packed from the list', async ({
  page,
  shop,
}) => {
  const vendor = await shop.vendor({ products: 1 })
  const customer = await shop.customer()
  const first = await shop.order({ customer, vendor, status: 'confirmed' })
  await shop.order({ customer, vendor, status: 'confirmed' })
  await signIn(page, vendor)

  await page.goto('/vendor-dashboard')
  const nav = page.getByRole('navigation', { name: 'Workspace' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  const orders = nav.getByRole('link', { name: /^Orders/ })
  await expect(orders).toContainText('2')
  await expect(orders).toHaveAccessibleName('Orders (2 orders to pack or send)')
  await orders.click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/orders$/)
  await expect(orders).toHaveAttribute('aria-current', 'page')

  await page.getByRole('searchbox', { name: 'Search orders' }).fill(first.number)
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText(`1 order matches “${first.number}”`)).toBeVisible()
  await page.getByRole('button', { name: `Mark order ${first.number} packed` }).click()
  await expect(page.getByText(`Order ${first.number} is marked packed`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Mark order ${first.number} packed` })).toHaveCount(0)
  // Still packed, not packed twice: one order waits to be packed, one to be sent (both in the count).
  await expect(orders).toHaveAccessibleName('Orders (2 orders to pack or send)')
  await page.getByRole('link', { name: 'All (1)' }).click()
  await expect(page.getByText('Packed').first()).toBeVisible()

  // The packing slip of that order.
  await page
    .getByRole('link', { name: `Packing slip for ${first.number}` })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: vendor.storeName, exact: true })).toBeVisible()
  await expect(page.getByText(first.number, { exact: true })).toBeVisible()
  // A cash-on-delivery order: the slip tells the courier what to collect for this store.
  await expect(page.getByText(/^Collect RF\s[\d,]+ in cash from the customer for your part\.$/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Print' })).toBeVisible()
})

test('opening hours set in the settings are the ones the store page shows', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  const vendor = await shop.vendor({ products: 1 })
  await signIn(page, vendor)
  // No hours set: the store page claims none.
  await page.goto(`/vendor/${vendor.vendorId}`)
  await expect(page.getByRole('heading', { name: vendor.storeName, exact: true })).toBeVisible()
  await expect(page.getByText('Opening hours (Kigali time)')).toHaveCount(0)
  await expect(page.getByText(/Open now|Closed now/)).toHaveCount(0)

  await page.goto('/vendor-dashboard/settings')
  const hours = page.getByRole('region', { name: 'Opening hours' })
  await hours.getByRole('checkbox', { name: 'Monday' }).check()
  await hours.getByLabel('Monday: opens at').fill('09:00')
  await hours.getByLabel('Monday: closes at').fill('17:30')
  await hours.getByRole('checkbox', { name: 'Saturday' }).check()
  await hours.getByLabel('Saturday: opens at').fill('20:00')
  await hours.getByLabel('Saturday: closes at').fill('02:00')
  await hours.getByRole('button', { name: 'Save opening hours' }).click()
  await expect(page.getByText('Opening hours saved. Your store page shows them now.')).toBeVisible()

  await page.goto(`/vendor/${vendor.vendorId}`)
  await page.getByText('Opening hours (Kigali time)').click()
  const week = page.getByRole('definition')
  await expect(page.getByText(/Open now|Closed now/)).toBeVisible()
  await expect(week.filter({ hasText: '09:00–17:30' })).toHaveCount(1)
  await expect(week.filter({ hasText: '20:00–02:00' })).toHaveCount(1)
  await expect(week.filter({ hasText: 'Closed' })).toHaveCount(5)
})

test('a vendor changes the password only with the current one', { tag: '@desktop-only' }, async ({ page, shop }) => {
  const vendor = await shop.vendor({ products: 0 })
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/settings')
  await page.getByRole('link', { name: 'Change your password' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change your password')
  await expect(
    page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }),
  ).toHaveAttribute('aria-current', 'page')
  await page.getByLabel('Current password', { exact: true }).fill('not-the-password-1')
  await page.getByLabel('New password', { exact: true }).fill('Umucyo-Shop-2026!')
  await page.getByLabel('Confirm new password').fill('Umucyo-Shop-2026!')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change your password')
  await expect(page.getByText('This is not your current password. Please try again.')).toBeVisible()
  await page.getByLabel('Current password', { exact: true }).fill(vendor.password)
  await page.getByLabel('New password', { exact: true }).fill('Umucyo-Shop-2026!')
  await page.getByLabel('Confirm new password').fill('Umucyo-Shop-2026!')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page).toHaveURL(/\/vendor-dashboard\/settings$/)
  await expect(page.getByText('Your password is changed.')).toBeVisible()
})

test('a vendor changes the e-mail address only from the link sent to it', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  const vendor = await shop.vendor({ products: 0 })
  const newEmail = `moved-${Date.now()}@example.rw`
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/settings')
  await page.getByRole('link', { name: 'Change your phone number or e-mail address' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone and e-mail')
  const section = page.getByRole('region', { name: 'E-mail address' })
  await section.getByLabel('New e-mail address').fill(newEmail)
  await section.getByLabel('Your current password').fill(vendor.password)
  await page.getByRole('button', { name: 'Send the confirmation link' }).click()
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible()
  // Not changed yet.
  await expect(page.getByText(`Your address: ${vendor.email}`)).toBeVisible()

  await page.goto(await linkFromMail(newEmail, /https?:\/\/\S+\/confirm-email\?token=\S+/))
  await page.getByRole('button', { name: 'Confirm the address' }).click()
  await expect(page.getByText(`Done: your account now uses ${newEmail}.`)).toBeVisible()
  await page.goto('/vendor-dashboard/settings/contact')
  await expect(page.getByText(`Your address: ${newEmail}`)).toBeVisible()
})
