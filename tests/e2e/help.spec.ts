import { expect, test } from '@playwright/test'

test('help: the FAQ opens one answer at a time and the contact form is stored and cleared', async ({ page }) => {
  await page.goto('/help')
  const questions = page.getByRole('main').locator('summary')
  await expect(questions).toHaveCount(5)
  await questions.nth(0).click()
  await expect(page.getByText(/1-2 business days/).first()).toBeVisible()
  await questions.nth(1).click()
  await expect(page.getByText(/30-day/).first()).toBeVisible()
  await expect(page.getByText(/1-2 business days/).first()).toBeHidden()

  await page.getByRole('button', { name: /send/i }).click()
  await expect(page).toHaveURL(/\/help/)
  await page.getByLabel(/name/i).first().fill('Aline Uwase')
  await page.getByLabel(/email/i).first().fill('aline@example.rw')
  await page.getByLabel(/subject/i).fill('Delivery to Musanze')
  await page.getByLabel(/message/i).fill('How long does delivery to Musanze take?')
  await page.getByRole('button', { name: /send/i }).click()
  await expect(page.getByText('Message sent!')).toBeVisible()
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible()
  await expect(page.getByLabel(/subject/i)).toHaveValue('')
})

test('the newsletter stores a valid address once and says so either way', async ({ page }) => {
  const email = `reader-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.rw`
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByLabel(/email/i).fill(email)
  await footer.getByRole('button', { name: /subscribe/i }).click()
  await expect(footer.getByText(/thank|subscribed/i)).toBeVisible()
  await footer.getByLabel(/email/i).fill(email)
  await footer.getByRole('button', { name: /subscribe/i }).click()
  await expect(footer.getByText(/already/i)).toBeVisible()
})
