import { expect, signIn, test } from './fixtures'

// Staff set the money rules (issue 13): a commission rate for a store, listed as scheduled; the delivery fees form
// refuses what is not a whole number of francs, next to the field, keeping what was typed. Desktop only: the
// phone width of these pages is checked by no-sideways-scroll.spec.ts. The fees themselves are not changed here:
// every journey's checkout shares them.

test('staff schedule a store’s commission rate and see it listed; a bad delivery fee is refused by field', async ({
  page,
  shop,
}) => {
  const store = await shop.vendor({ products: 1 })
  await signIn(page, { email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' })
  await page.goto('/admin')
  await page.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Commission' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Commission' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Add a rule' })

  // A store rule without its store, and a rate over 100%: each message beside its field, the rate kept.
  await form.getByLabel('Applies to').selectOption('store')
  await form.getByLabel('Rate (%)').fill('120')
  await form.getByRole('button', { name: 'Add rule' }).click()
  await expect(form.getByText('Choose the store this rate is for.')).toBeVisible()
  await expect(form.getByText(/Enter a rate from 0 to 100 percent/)).toBeVisible()
  await expect(form.getByLabel('Rate (%)')).toHaveValue('120')

  const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`
  await form.getByLabel('Store (for a store rule)').selectOption({ label: store.storeName })
  await form.getByLabel('Rate (%)').fill('7.5')
  await form.getByLabel('Effective from').fill(nextYear)
  await form.getByRole('button', { name: 'Add rule' }).click()
  await expect(page.getByText('The commission rule is saved.')).toBeVisible()
  const scheduled = page.getByRole('table').nth(1)
  const row = scheduled.getByRole('row', { name: new RegExp(store.storeName) })
  await expect(row).toContainText('7.5%')
  await expect(row.getByRole('link', { name: store.storeName })).toHaveAttribute('href', `/vendor/${store.vendorId}`)

  await page.getByRole('link', { name: 'Delivery fees' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery fees' })).toBeVisible()
  const kigali = page.getByRole('group', { name: 'Kigali' })
  await kigali.getByLabel('Standard delivery (RWF)').fill('1,5OO')
  await page.getByRole('button', { name: 'Save delivery fees' }).click()
  await expect(kigali.getByText('Enter a whole number of francs, 0 or more.')).toBeVisible()
  await expect(kigali.getByLabel('Standard delivery (RWF)')).toHaveValue('1,5OO')
  await expect(kigali.getByLabel('Standard delivery (RWF)')).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('link', { name: 'Balances' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Balances per store' })).toBeVisible()
  await expect(page.getByRole('link', { name: store.storeName })).toBeVisible()
})
