import { DEMO_PASSWORD } from './admin-helpers'
import { expect, signIn, test } from './fixtures'

// The support desk at 360 px (issue 15): Start Chat on the help page opens a conversation with staff in the
// customer's account; staff answer from the console; the customer reads the answer and writes back.

test(
  'a customer starts a chat from the help page; staff answer; the customer reads it and answers back',
  {
    tag: '@phone-only',
  },
  async ({ browser, page, shop }, info) => {
    const customer = await shop.customer()
    await signIn(page, customer)
    await page.goto('/help')
    const main = page.getByRole('main')
    await expect(main).toContainText('We answer within 24 hours')
    await main.getByRole('link', { name: 'Start a chat' }).click()
    await expect(page).toHaveURL(/\/customer-dashboard\/support#new$/)
    // Nothing typed: each field says what it needs.
    await main.getByRole('button', { name: 'Send to Isoko staff' }).click()
    await expect(main.getByText('Please enter a subject.')).toBeVisible()
    const subject = `Parcel for ${customer.name}`
    await main.getByLabel('Subject').fill(subject)
    await main.getByLabel('Your message').fill('My order was due yesterday. Where is it now?')
    await main.getByRole('button', { name: 'Send to Isoko staff' }).click()
    await expect(page.getByText('Sent: Isoko staff will answer here')).toBeVisible()
    await expect(main.getByText('New', { exact: true })).toBeVisible()
    const ticketUrl = page.url()

    const staffContext = await browser.newContext({
      baseURL: info.project.use.baseURL,
      viewport: { width: 360, height: 800 },
    })
    const staff = await staffContext.newPage()
    await signIn(staff, { email: 'admin@isoko.rw', password: DEMO_PASSWORD })
    await staff.goto(`/admin/support?q=${encodeURIComponent(subject)}`)
    await staff
      .getByRole('main')
      .getByRole('link', { name: new RegExp(subject) })
      .click()
    const desk = staff.getByRole('main')
    await expect(desk).toContainText('My order was due yesterday.')
    await desk.getByRole('button', { name: 'Send the answer' }).click()
    await expect(desk.getByText('Write a message first.')).toBeVisible()
    await desk.getByLabel(/^Answer/).fill('It left Kigali this morning; you will have it tomorrow.')
    await desk.getByRole('button', { name: 'Send the answer' }).click()
    await expect(staff.getByText('Answer sent to the customer')).toBeVisible()
    await expect(desk.getByText('Answered', { exact: true })).toBeVisible()
    await staffContext.close()

    await page.goto(ticketUrl)
    await expect(main).toContainText('It left Kigali this morning; you will have it tomorrow.')
    await expect(main.getByText('Answered', { exact: true })).toBeVisible()
    await main.getByLabel('Your answer').fill('Thank you!')
    await main.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByText('Sent to Isoko staff', { exact: true })).toBeVisible()
    await expect(main.getByText('Waiting for staff', { exact: true })).toBeVisible()
  },
)
