import { expect, test } from '@playwright/test'
import { seriousViolations } from './axe.ts'

// One page of each kind (the listing with filters set shows the chips and sorting the plain one does not; a
// policy page is /help's kind, a vendor that does not exist is /no-such-page's).
const pages = [
  '/',
  '/products?category=women&sort=price-low',
  '/vendors',
  '/vendor/1',
  '/cart',
  '/favorites',
  '/help',
  '/customer-login',
  '/vendor-onboarding',
  '/no-such-page',
]

for (const path of pages) {
  test(`axe finds no serious violation on ${path}`, async ({ page }) => {
    await page.goto(path)
    expect(await seriousViolations(page)).toEqual([])
  })
}
