import { expect, test } from '@playwright/test'

test('help: the FAQ opens one answer at a time and the contact form is stored and cleared', async ({ page }) => {
  await page.goto('/help')
  const questions = page.getByRole('main').locator('summary')
  await expect(questions).toHaveCount(5)
  await questions.nth(0).click()
  await expect(page.getByText(/1-2 business days/).first()).toBeVisible()
  await questions.nth(1).click()
  await expect(page.getByText(/within 7 days of delivery/).first()).toBeVisible()
  await expect(page.getByText(/1-2 business days/).first()).toBeHidden()

  // The contact form is in the 'Send us a message' section; its fields are found by their own labels.
  const contact = page.getByRole('region', { name: 'Send us a message' })
  const send = contact.getByRole('button', { name: 'Send Message' })
  await send.click()
  await expect(page).toHaveURL(/\/help/)
  await expect(contact.getByText('Please enter your name.')).toBeVisible()
  await expect(contact.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await contact.getByLabel('Name', { exact: true }).fill('Aline Uwase')
  await contact.getByLabel('Email', { exact: true }).fill('aline@example.rw')
  await contact.getByLabel('Subject', { exact: true }).fill('Delivery to Musanze')
  await contact.getByLabel('Message', { exact: true }).fill('How long does delivery to Musanze take?')
  await send.click()
  const toasts = page.getByRole('region', { name: /notifications/i })
  await expect(toasts.getByText('Message sent!', { exact: true })).toBeVisible()
  await expect(toasts.getByText("We'll get back to you within 24 hours.", { exact: true })).toBeVisible()
  for (const field of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(contact.getByLabel(field, { exact: true })).toHaveValue('')
  }
  await expect(contact.getByText('Please enter your name.')).toBeHidden()
  // One message stored, one toast: the page rendering again must not announce it twice.
  await expect(toasts.getByText('Message sent!', { exact: true })).toHaveCount(1)
})

test('the newsletter asks to confirm by e-mail, and answers a second time the same (nothing to learn)', async ({
  page,
}) => {
  const email = `reader-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.rw`
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByLabel(/email/i).fill(email)
  await footer.getByRole('button', { name: /subscribe/i }).click()
  await expect(footer.getByText(/check your inbox/i)).toBeVisible()
  await footer.getByLabel(/email/i).fill(email)
  await footer.getByRole('button', { name: /subscribe/i }).click()
  await expect(footer.getByText(/check your inbox/i)).toBeVisible()
  await expect(footer.getByText(/already/i)).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the contact form is a plain form post: mistakes are shown, the message is stored, said so and cleared', async ({
    page,
  }) => {
    await page.goto('/help')
    const contact = page.getByRole('region', { name: 'Send us a message' })
    const send = contact.getByRole('button', { name: 'Send Message' })
    await contact.getByLabel('Name', { exact: true }).fill('Aline Uwase')
    await send.click()
    await expect(contact.getByText('Please enter a valid email address, like name@example.rw.')).toBeVisible()
    await expect(contact.getByLabel('Name', { exact: true })).toHaveValue('Aline Uwase')

    await contact.getByLabel('Email', { exact: true }).fill('aline@example.rw')
    await contact.getByLabel('Subject', { exact: true }).fill('Delivery to Musanze')
    await contact.getByLabel('Message', { exact: true }).fill('How long does delivery to Musanze take?')
    await send.click()
    const status = contact.getByRole('status')
    await expect(status).toContainText('Message sent!')
    await expect(status).toContainText("We'll get back to you within 24 hours.")
    for (const field of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(contact.getByLabel(field, { exact: true })).toHaveValue('')
    }
  })
})
