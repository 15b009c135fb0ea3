import { expect, test } from '@playwright/test'
import { seriousViolations } from './axe.ts'

const pages = [
  '/',
  '/products',
  '/products?category=women&sort=price-low',
  '/vendors',
  '/vendor/1',
  '/vendor/99999',
  '/cart',
  '/favorites',
  '/help',
  '/privacy-policy',
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
