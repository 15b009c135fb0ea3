import { expect, test } from './fixtures'

// The desktop mega menu (md and up): a department's panel is built when it opens, from the page's data (issue 16),
// so nothing of it is in the served HTML; before the menu's code runs, a department is a link to its listing.

test.describe('the mega menu', { tag: '@desktop-only' }, () => {
  test('opens a department on a click or a hover, leads to a subcategory, and closes on Escape', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Shop by department' }).filter({ visible: true })
    const women = nav.getByRole('button', { name: 'Women', exact: true })
    // Once its code runs, the department is a button that says whether its panel is open.
    await expect(women).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Dresses', exact: true })).toHaveCount(0)

    await women.click()
    await expect(women).toHaveAttribute('aria-expanded', 'true')
    const dresses = nav.getByRole('link', { name: 'Dresses', exact: true })
    await expect(dresses).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Shop all Women' })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(dresses).toBeHidden()
    await expect(women).toBeFocused()
    await expect(women).toHaveAttribute('aria-expanded', 'false')

    // A mouse resting on another department opens it after a moment.
    const men = nav.getByRole('button', { name: 'Men', exact: true })
    await men.hover()
    await expect(men).toHaveAttribute('aria-expanded', 'true')
    await page.mouse.move(600, 700)
    await expect(men).toHaveAttribute('aria-expanded', 'false')

    await women.click()
    await dresses.click()
    await expect(page).toHaveURL(/\/products\?category=women&subcategory=women-clothing-dresses$/)
    await expect(dresses).toBeHidden()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('a department is a link to its listing', async ({ page }) => {
      await page.goto('/')
      const nav = page.getByRole('navigation', { name: 'Shop by department' }).filter({ visible: true })
      await nav.getByRole('link', { name: 'Beauty' }).click()
      await expect(page).toHaveURL(/\/products\?category=beauty$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beauty')
    })
  })
})
