import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

// Contact Vendor: a customer writes to a store (the journey's own, tests/e2e/fixtures.ts) from its page; the
// vendor sees the unread count, opens the conversation and answers; the customer sees the answer and the unread
// count. The two people use separate browser contexts. A visitor who clicks Contact Vendor is asked to sign in
// first. Staff (the one demo admin) read a reported conversation.

function contactVendor(page: Page) {
  return page.getByRole('main').getByRole('link', { name: 'Contact Vendor' })
}

test('a visitor who clicks Contact Vendor is asked to sign in and comes back to write', async ({ page, shop }) => {
  const store = await shop.vendor({ products: 1 })
  await page.goto(`/vendor/${store.vendorId}`)
  await contactVendor(page).click()
  await expect(page).toHaveURL(/\/customer-login\?redirectTo=/)
  expect(decodeURIComponent(page.url())).toContain(`/customer-dashboard/messages/new?store=${store.vendorId}`)
})

test('a message typed before the page runs (a slow connection) is kept and sent', { tag: '@phone-only' }, async ({
  page,
  shop,
}) => {
  // A slow phone: runs at 360 px.
  const store = await shop.vendor({ products: 1 })
  await signIn(page, await shop.customer())
  // The page's scripts are held back until the message is typed, as on a slow connection.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/customer-dashboard/messages/new?store=${store.vendorId}`, { waitUntil: 'domcontentloaded' })
  const text = 'Typed while the page was still loading: is the bag in stock?'
  await page.getByLabel('Your message').fill(text)
  release()
  // Hydrated: React has claimed the box; its effects run right after.
  await page.waitForFunction(() => {
    const box = document.querySelector('textarea[name="body"]')
    return box !== null && Object.keys(box).some((k) => k.startsWith('__react'))
  })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
  await expect(page.getByLabel('Your message')).toHaveValue(text)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard\/messages\/\d+$/)
  await expect(page.getByText(text)).toBeVisible()
})

test('a customer writes to a store, the vendor answers, each sees the unread count', { tag: '@phone-only' }, async ({
  browser,
  shop,
}) => {
  // The two-person journey runs once, at 360 px.
  test.slow() // three people, each signing in, on a machine shared with other runs
  const lastName = `Messenger${Date.now() % 1_000_000}`
  const customerContext = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const vendorContext = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const customer = await customerContext.newPage()
  const vendor = await vendorContext.newPage()
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 800 } })
  const staff = await staffContext.newPage()
  try {
    const store = await shop.vendor({ products: 1 })
    const storePage = `/vendor/${store.vendorId}`
    await signIn(customer, await shop.customer({ firstName: 'Aline', lastName }))
    await signIn(vendor, store)
    await signIn(staff, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })

    // The store page's Contact Vendor opens the first-message form.
    await customer.goto(storePage)
    await contactVendor(customer).click()
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(`Contact ${store.storeName}`)
    // An empty message is refused next to the field.
    await customer.getByRole('button', { name: 'Send message' }).click()
    await expect(customer.getByText('Write a message first.')).toBeVisible()
    await customer.getByLabel('Your message').fill('Muraho! Is the kitenge dress available in size M?')
    await customer.getByRole('button', { name: 'Send message' }).click()
    await expect(customer).toHaveURL(/\/customer-dashboard\/messages\/\d+$/)
    await expect(customer.getByText('Is the kitenge dress available in size M?')).toBeVisible()
    const threadUrl = customer.url()

    // Contact Vendor again goes straight to the same conversation.
    await customer.goto(storePage)
    await contactVendor(customer).click()
    await expect(customer).toHaveURL(threadUrl)

    // The vendor sees one unread message from this customer, opens it and answers.
    // A vendor account cannot write to a store.
    await vendor.goto(storePage)
    await expect(vendor.getByRole('main').getByRole('button', { name: 'Contact Vendor' })).toBeDisabled()
    await expect(vendor.getByText('Only customer accounts follow stores and message vendors.')).toBeVisible()
    await vendor.goto('/vendor-dashboard/messages')
    const row = vendor.getByRole('link', { name: new RegExp(`Aline ${lastName}`) })
    await expect(row).toContainText('1 unread')
    await row.click()
    await expect(vendor.getByRole('heading', { level: 1 })).toHaveText(`Conversation with Aline ${lastName}`)
    await expect(vendor.getByText('Is the kitenge dress available in size M?')).toBeVisible()
    await vendor.getByLabel('Your reply').fill('Yes, size M is in stock. We deliver in Kigali tomorrow.')
    await vendor.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(vendor.getByRole('listitem').filter({ hasText: 'size M is in stock' })).toContainText('You')
    // Sent: the box is empty for the next message.
    await expect(vendor.getByLabel('Your reply')).toHaveValue('')
    await vendor.goto('/vendor-dashboard/messages')
    await expect(vendor.getByRole('link', { name: new RegExp(`Aline ${lastName}`) })).not.toContainText('unread')

    // The customer sees the unread count in the navigation and the list, then the answer.
    await customer.goto('/customer-dashboard/messages')
    await expect(customer.getByTestId('nav-messages-unread')).toContainText('1 unread')
    const conversation = customer.getByRole('link', { name: new RegExp(store.storeName) })
    await expect(conversation).toContainText('1 unread')
    await conversation.click()
    await expect(customer.getByText('Yes, size M is in stock.')).toBeVisible()
    await expect(customer.getByTestId('nav-messages-unread')).toHaveCount(0)

    // The customer reports the conversation; staff can now read it, with the reason.
    await customer.getByText('Report this conversation').click()
    await customer.getByLabel('Why are you reporting it?').fill('Testing the report: please ignore.')
    await customer.getByRole('button', { name: 'Report to Isoko' }).click()
    await expect(customer.getByText(/This conversation was reported to Isoko staff on/)).toBeVisible()
    await staff.goto('/admin/conversations')
    await staff.getByRole('link', { name: new RegExp(`Aline ${lastName} and ${store.storeName}`) }).click()
    await expect(staff).toHaveURL(/\/admin\/conversations\/\d+$/)
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Aline ${lastName} and ${store.storeName}`)
    await expect(staff.getByText('Testing the report: please ignore.')).toBeVisible()
    await expect(staff.getByText('Yes, size M is in stock.')).toBeVisible()
    // Staff do not write into the conversation; they act on the report: a note is required, then the store is warned.
    const staffMain = staff.getByRole('main')
    await expect(staffMain.getByRole('textbox')).toHaveCount(1)
    await staffMain.getByRole('button', { name: 'Warn the reported side' }).click()
    await expect(staffMain.getByText('Write a note: why, in a few words.')).toBeVisible()
    await staffMain.getByLabel(/^Note/).fill('A test report: nothing to reproach.')
    await staffMain.getByRole('button', { name: 'Close the report' }).click()
    await expect(staff.getByText('Report closed', { exact: true })).toBeVisible()
    await expect(staffMain).toContainText('Note: A test report: nothing to reproach.')
    await expect(staffMain.getByRole('textbox')).toHaveCount(0)
  } finally {
    await customerContext.close()
    await vendorContext.close()
    await staffContext.close()
  }
})
