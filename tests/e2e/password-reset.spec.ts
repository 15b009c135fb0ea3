import type { Page } from '@playwright/test'
import { signInHere, signOutFromDashboard, toasts, uniqueEmail } from './customer-helpers.ts'
import { expect, test } from './fixtures'
import { waitForHydration } from './helpers'
import { linkFromMail } from './mail.ts'

// A forgotten password, reset through the e-mailed link. The answer to the request never says whether an address
// has an account. The e-mail itself is read from the SMTP sink the server sent it to (tests/e2e/mail.ts); staff's
// development mailbox lists it without its token.

const DEMO_PASSWORD = 'Isoko-Demo-2026'
const SENT = 'If an account exists for that address, we have sent a link.'

async function askForLink(page: Page, email: string) {
  await page.goto('/forgot-password')
  const main = page.getByRole('main')
  await main.getByLabel('Email').fill(email)
  await main.getByRole('button', { name: 'Send me a link' }).click()
  await expect(main.getByRole('status')).toContainText(SENT)
}

test('the login pages lead to the request, whose answer is the same for any address', async ({ page }) => {
  await page.goto('/customer-login')
  await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await askForLink(page, 'customer@isoko.rw')
  await askForLink(page, uniqueEmail('nobody'))
  // Something that is not an address is stopped by the browser's own e-mail check (and the server's behind it).
  const field = page.getByRole('main').getByLabel('Email')
  await field.fill('not-an-address@')
  await page.getByRole('main').getByRole('button', { name: 'Send me a link' }).click()
  expect(await field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false)
})

test('a made-up or used link says so at once, with a way to ask again', async ({ page }) => {
  await page.goto('/reset-password?token=made-up-token')
  const main = page.getByRole('main')
  await expect(main.getByRole('alert')).toHaveText(
    'This reset link has expired or was already used. Please ask for a new one.',
  )
  await expect(main.getByLabel('New password', { exact: true })).toHaveCount(0)
  await main.getByRole('link', { name: 'Ask for a new link' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await page.goto('/reset-password')
  await expect(main.getByRole('alert')).toContainText('expired or was already used')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the request is a plain form, with the same answer', async ({ page }) => {
    await askForLink(page, uniqueEmail('plain'))
  })
})

test('a customer resets a forgotten password with the e-mailed link, once', async ({ page, browser, shop }) => {
  const { email, password } = await shop.customer({ firstName: 'Grace', lastName: 'Ingabire' })
  await askForLink(page, email)
  const link = await linkFromMail(email, /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/)

  // Staff's mailbox (development only) lists the message, never its token.
  const staff = await browser.newContext()
  const mailbox = await staff.newPage()
  await mailbox.goto('/customer-login?redirectTo=/admin/mailbox')
  await signInHere(mailbox, 'admin@isoko.rw', DEMO_PASSWORD)
  await mailbox.waitForURL((url) => url.pathname.startsWith('/admin'))
  const opened = await mailbox.goto(`/admin/mailbox?to=${encodeURIComponent(email)}`)
  expect(opened?.status()).toBe(200)
  await expect(mailbox.getByRole('main')).toContainText('token=[hidden]')
  const token = new URL(link, 'http://x').searchParams.get('token') as string
  expect(await mailbox.content()).not.toContain(token)
  await staff.close()

  // The link's page: a mismatched confirmation is refused, then the new password is set. Refused by the running
  // page, which keeps the new password typed (before it runs, the form posts and the server's answer asks for both
  // again, as it never sends a password back): it is let run first.
  await page.goto(link)
  await waitForHydration(page)
  const main = page.getByRole('main')
  await main.getByLabel('New password', { exact: true }).fill('Umushanana-2026')
  await main.getByLabel('Confirm new password').fill('Umushanana-2025')
  await main.getByRole('button', { name: 'Save new password' }).click()
  await expect(toasts(page).getByText("Passwords don't match")).toBeVisible()
  await main.getByLabel('Confirm new password').fill('Umushanana-2026')
  await main.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL('/customer-login')
  await expect(toasts(page).getByText('Password changed')).toBeVisible()

  await signInHere(page, email, password)
  await expect(main.getByText('The e-mail address or the password is not right.')).toBeVisible()
  await signInHere(page, email, 'Umushanana-2026')
  await expect(page).toHaveURL('/customer-dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Grace Ingabire')

  // The link works once.
  await signOutFromDashboard(page)
  await page.goto(link)
  await expect(main.getByRole('alert')).toContainText('expired or was already used')
})
