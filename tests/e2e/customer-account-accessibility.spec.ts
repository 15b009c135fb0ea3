import { expect, test } from '@playwright/test'
import { seriousViolations } from './axe.ts'
import { signUp } from './customer-helpers.ts'

// axe on the customer's account pages (they need a signed-in customer, so they are not in accessibility.spec.ts)
// and on the password pages, including their refusals.

test('axe finds no serious violation on the customer account pages', async ({ page }) => {
  test.slow()
  await signUp(page, 'axe')
  const paths = [
    '/customer-dashboard',
    '/customer-dashboard/profile',
    '/customer-dashboard/addresses',
    '/customer-dashboard/addresses/new',
    '/customer-dashboard/addresses/new?cascade=sector&province=Kigali&district=Gasabo&sector=Kimironko',
    '/customer-dashboard/password',
  ]
  for (const path of paths) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
  // A refused address form: its messages next to the fields.
  await page.goto('/customer-dashboard/addresses/new')
  await page.getByRole('main').getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByRole('main').getByText('Please choose a province from the list.')).toBeVisible()
  expect(await seriousViolations(page), 'refused address form').toEqual([])
})

test('axe finds no serious violation on the password reset pages', async ({ page }) => {
  for (const path of ['/forgot-password', '/reset-password?token=made-up-token']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})
