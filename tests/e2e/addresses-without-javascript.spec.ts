import { expect, test } from '@playwright/test'
import { signUp } from './customer-helpers.ts'

// Delivery addresses on a phone that has not run (or cannot run) JavaScript: every step is a plain form, and
// the place is chosen level by level, the page reloading with the next list and keeping what was typed.

test.use({ javaScriptEnabled: false })

test('an address is added, made default, edited and deleted with plain forms', async ({ page }) => {
  test.slow()
  await signUp(page, 'nojs', { firstName: 'Diane', lastName: 'Uwera' })
  const main = page.getByRole('main')
  await page.goto('/customer-dashboard/addresses/new')
  await main.getByLabel('Label').fill('Home')
  await main.getByLabel('Mobile number').fill('0788 123 456')
  await main.getByLabel('Landmark').fill('Opposite the health centre')
  await expect(main.getByLabel('District')).toBeDisabled()

  await main.getByLabel('Province').selectOption('South')
  await main.getByRole('button', { name: 'Show districts' }).click()
  await expect(main.getByLabel('Province')).toHaveValue('South')
  await expect(main.getByLabel('Label')).toHaveValue('Home')
  await expect(main.getByLabel('Landmark')).toHaveValue('Opposite the health centre')
  await main.getByLabel('District').selectOption('Huye')
  await main.getByRole('button', { name: 'Show sectors' }).click()
  await expect(main.getByLabel('District')).toHaveValue('Huye')
  await main.getByLabel('Sector').selectOption('Ngoma')
  await main.getByRole('button', { name: 'Show cells' }).click()
  await main.getByLabel('Cell').selectOption('Butare')
  await expect(main.getByLabel('Mobile number')).toHaveValue('0788 123 456')

  // A changed province, sent with the old district still chosen: the district and what was under it are cleared.
  await main.getByLabel('Province').selectOption('West')
  await main.getByRole('button', { name: 'Show districts' }).click()
  await expect(main.getByLabel('District')).toHaveValue('')
  await expect(main.getByLabel('Sector')).toBeDisabled()
  // Saving now says what is missing, next to each list.
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(main.getByText('Please choose a district of this province from the list.')).toBeVisible()
  await expect(main.getByLabel('Label')).toHaveValue('Home')

  await main.getByLabel('Province').selectOption('South')
  await main.getByRole('button', { name: 'Show districts' }).click()
  await main.getByLabel('District').selectOption('Huye')
  await main.getByRole('button', { name: 'Show sectors' }).click()
  await main.getByLabel('Sector').selectOption('Ngoma')
  await main.getByRole('button', { name: 'Show cells' }).click()
  await main.getByLabel('Cell').selectOption('Butare')
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(page).toHaveURL(/\/customer-dashboard\/addresses$/)
  const card = (label: string) =>
    main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
  await expect(card('Home')).toContainText('Butare, Ngoma, Huye, Southern Province')
  await expect(card('Home')).toContainText('+250 788 123 456')
  await expect(card('Home')).toContainText('Default')

  // A second address, then made the default with its own button.
  await page.goto('/customer-dashboard/addresses/new')
  await main.getByLabel('Label').fill('Work')
  await main.getByLabel('Mobile number').fill('0788 123 456')
  await main.getByLabel('Landmark').fill('Kigali Heights, 3rd floor')
  await main.getByLabel('Province').selectOption('Kigali')
  await main.getByRole('button', { name: 'Show districts' }).click()
  await main.getByLabel('District').selectOption('Gasabo')
  await main.getByRole('button', { name: 'Show sectors' }).click()
  await main.getByLabel('Sector').selectOption('Kimihurura')
  await main.getByRole('button', { name: 'Show cells' }).click()
  await main.getByLabel('Cell').selectOption({ index: 1 })
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(card('Work')).not.toContainText('Default')
  await card('Work').getByRole('button', { name: 'Make default' }).click()
  await expect(card('Work')).toContainText('Default')
  await expect(card('Home')).not.toContainText('Default')

  // Edited: the form opens with the saved place and its lists.
  await card('Home').getByRole('link', { name: 'Edit' }).click()
  await expect(main.getByLabel('Cell')).toHaveValue('Butare')
  await main.getByLabel('Landmark').fill('Behind the university library')
  await main.getByRole('button', { name: 'Save address' }).click()
  await expect(card('Home')).toContainText('Behind the university library')

  await card('Work').getByRole('button', { name: 'Delete' }).click()
  await expect(card('Work')).toHaveCount(0)
  await expect(card('Home')).toContainText('Default')
})
