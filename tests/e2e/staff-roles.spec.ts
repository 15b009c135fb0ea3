import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, signIn } from './admin-helpers.ts'
import { seriousViolations } from './axe.ts'
import { linkFromMail } from './mail.ts'

// Staff roles (issue 17): an owner invites a support member by e-mail from the console; the invitee follows the
// e-mailed link (read from the SMTP sink: tests/e2e/mail.ts), chooses a name and password, and lands in the
// console signed in. They see the support pages, and neither the money pages in the navigation nor the payouts
// page by its address (403, saying so). The owner finds the invitation and the joining in the audit log.
// Desktop only: the pages' phone width is checked by screenshots while building them. Each page is checked with axe.

test('an owner invites a support member, who signs in, sees the support pages and is refused payouts', async ({
  page,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const email = `support-${tag}@example.rw`
  const password = 'Imigongo-Art-2026'

  await signIn(page, '/customer-login', 'admin@isoko.rw', DEMO_PASSWORD)
  const nav = page.getByRole('navigation', { name: 'Admin pages' })
  await nav.getByRole('link', { name: 'Staff' }).click()
  const main = page.getByRole('main')
  const invite = main.getByRole('region', { name: 'Invite someone' })
  await invite.getByLabel('E-mail address').fill(email)
  await invite.getByLabel('Role').selectOption('support')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(main.getByRole('region', { name: 'Invitations waiting' })).toContainText(email)
  // Checked once the toast is gone (the toaster is checked with the storefront).
  await page.reload()
  expect(await seriousViolations(page), '/admin/staff').toEqual([])

  // The invitee, in a browser of their own.
  const link = await linkFromMail(email, /https?:\/\/[^\s"'<>]+\/staff-invitation\?token=[^\s"'<>]+/)
  const invitee = await (await browser.newContext()).newPage()
  await invitee.goto(link)
  const form = invitee.getByRole('main')
  await expect(form).toContainText(`You were invited as Support, with the address ${email}.`)
  expect(await seriousViolations(invitee), '/staff-invitation').toEqual([])
  await form.getByLabel('Your full name').fill('Aimée Uwera')
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByLabel('Confirm password').fill(password)
  await form.getByRole('button', { name: 'Join the staff' }).click()
  await expect(invitee).toHaveURL(/\/admin$/)
  // The console's header (not the page's main part) says who is signed in.
  await expect(invitee.getByRole('banner')).toContainText('Signed in as Aimée Uwera')

  const theirNav = invitee.getByRole('navigation', { name: 'Admin pages' })
  await expect(theirNav.getByRole('link', { name: 'Support messages' })).toBeVisible()
  await expect(theirNav.getByRole('link', { name: 'Payouts' })).toHaveCount(0)
  await expect(theirNav.getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await theirNav.getByRole('link', { name: 'Support messages' }).click()
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Support desk')

  // A finance page, by its address: refused, and it says so.
  const refused = await invitee.goto('/admin/payouts')
  expect(refused?.status()).toBe(403)
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Your role cannot open this')
  await invitee.getByRole('link', { name: 'Go to your pages' }).click()
  await expect(invitee).toHaveURL(/\/admin$/)

  // The link works once.
  await invitee.context().clearCookies()
  await invitee.goto(link)
  await expect(invitee.getByRole('main').getByRole('alert')).toHaveText(
    'This invitation was already used. Sign in with the password you chose.',
  )

  // The owner reads both in the audit log.
  await page.goto('/admin/audit')
  const log = main.getByRole('list').filter({ hasText: 'Joined the staff' })
  await expect(log).toContainText('Joined the staff')
  await expect(log).toContainText(`by Aimée Uwera`)
  await expect(log).toContainText('Staff invited')
  await expect(log).toContainText(email)
  expect(await seriousViolations(page), '/admin/audit').toEqual([])
  await invitee.context().close()
})
