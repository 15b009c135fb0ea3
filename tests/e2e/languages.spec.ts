import { seriousViolations } from './axe.ts'
import { expect, test } from './fixtures'
import { codeFromSms, type Language, newPhoneNumber, readIn, say, saying } from './languages.ts'

// Isoko in Kinyarwanda and French, as a shopper on a phone (360 px) lives it (issue 14): the pages in their
// language, a search in a word of it, an account made with a phone number and the code the SMS brings, a
// checkout, the order's page; the language switcher without JavaScript; axe on the pages in each language.

const SEARCH_WORD: Record<Exclude<Language, 'en'>, string> = { rw: 'inkweto', fr: 'chaussures' }

for (const locale of ['rw', 'fr'] as const) {
  test(`${locale}: browse, search in the language, sign up with a phone and its code, check out, read the order`, async ({
    page,
    context,
    baseURL,
  }) => {
    await readIn(context, locale, baseURL as string)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'home.hero.title'))

    // A word of the language finds the catalogue's shoes: their category carries the name in every language.
    const search = page.getByRole('banner').getByRole('combobox', { name: say(locale, 'header.search.label') })
    await search.fill(SEARCH_WORD[locale])
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/products\\?q=${SEARCH_WORD[locale]}`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      say(locale, 'products.heading.search', { q: SEARCH_WORD[locale] }),
    )
    const add = page.getByRole('button', { name: saying(locale, 'cart.add.button'), disabled: false })
    const card = page.locator('article', { has: add }).first()
    await expect(card).toBeVisible()
    // Prices as the language writes them: "RF 12.000" in Kinyarwanda, "12 000 RF" in French.
    await expect(card).toContainText(locale === 'rw' ? /RF\s\d{1,3}(\.\d{3})+/ : /\d{1,3}(\s\d{3})+\sRF/)

    // Into the cart from the product's page, which the running app shows (its Add to Cart button is a real one).
    const link = card.getByRole('heading').getByRole('link')
    const title = ((await link.textContent()) ?? '').trim()
    await link.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await page
      .getByRole('main')
      .getByRole('button', { name: saying(locale, 'cart.add.button') })
      .first()
      .click()
    await expect(page.getByText(say(locale, 'cart.toast.added.title'), { exact: true }).first()).toBeVisible()

    // To the checkout, which asks who is buying: a new account with a phone number, no e-mail, no password.
    await page.goto('/cart')
    await page.getByRole('link', { name: say(locale, 'cart.summary.checkout') }).click()
    await expect(page).toHaveURL(/\/customer-login\?redirectTo=%2Fcheckout/)
    await page.getByRole('link', { name: say(locale, 'account.createAccount') }).click()
    await page.getByRole('link', { name: say(locale, 'account.phone.signUpWithPhone') }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'account.phone.signUp.title'))
    const phone = newPhoneNumber()
    const main = page.getByRole('main')
    await main.locator('[name=firstName]').fill('Aline')
    await main.locator('[name=lastName]').fill('Mukamana')
    await main.locator('[name=phone]').fill(phone.typed)
    await main.getByRole('button', { name: say(locale, 'account.phone.send') }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'account.phone.code.title'))
    const sms = await codeFromSms(phone.e164)
    // The SMS speaks the language of the page that asked for it.
    expect(sms.text).toContain(locale === 'rw' ? 'kode yawe ni' : 'votre code est')
    // A wrong code first: refused next to the field, and the right one still works.
    await main.locator('[name=code]').fill(sms.code === '000000' ? '111111' : '000000')
    await main.getByRole('button', { name: say(locale, 'account.phone.code.submit') }).click()
    await expect(main.getByText(say(locale, 'account.phone.error.wrong'))).toBeVisible()
    await main.locator('[name=code]').fill(sms.code)
    await main.getByRole('button', { name: say(locale, 'account.phone.code.submit') }).click()

    // Back in the checkout, signed in: a delivery address (its phone is the one just verified), standard
    // delivery, cash on delivery, and the order.
    await expect(page).toHaveURL(/\/checkout/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'checkout.title'))
    await main.getByRole('link', { name: say(locale, 'checkout.address.new') }).click()
    await expect(main.locator('[name=phone]')).toHaveValue(phone.shown)
    await main.locator('[name=label]').fill('Home')
    await expect(main.getByRole('button', { name: say(locale, 'customer.address.show.district') })).toHaveCount(0)
    // Each level's choices arrive once the one above is chosen.
    for (const [level, place] of [
      ['province', 'Kigali'],
      ['district', 'Kicukiro'],
      ['sector', 'Niboye'],
      ['cell', 'Niboye'],
    ] as const) {
      await expect(main.locator(`[name=${level}] option[value="${place}"]`)).toHaveCount(1)
      await main.locator(`[name=${level}]`).selectOption(place)
    }
    await main.locator('[name=landmark]').fill('Near the market')
    await main.getByRole('button', { name: say(locale, 'customer.address.save') }).click()
    await expect(page).toHaveURL(/\/checkout/)
    await main.getByRole('radio', { name: saying(locale, 'orders.delivery.standard') }).check()
    await main.getByRole('button', { name: say(locale, 'checkout.continue') }).click()
    await main.getByRole('radio', { name: saying(locale, 'orders.method.cod') }).check()
    await main.getByRole('button', { name: say(locale, 'checkout.continue') }).click()
    // Without an e-mail address the receipt and the order's news come by SMS, and the review says so.
    await expect(main.getByText(say(locale, 'checkout.review.smsReceipt'))).toBeVisible()
    await main.locator('form:has(input[name=intent][value=place])').getByRole('button').click()

    // The order's page, in the language: its status, and the receipt by SMS to the number.
    await expect(page).toHaveURL(/\/customer-dashboard\/orders\/ISK-\d+/)
    await expect(page.getByRole('main')).toContainText(say(locale, 'orders.status.confirmed'))
    await expect(page.getByRole('main')).toContainText(title)
    expect(await receiptsBySms(phone.e164)).not.toEqual([])
  })
}

/** The SMS about an order that the number received (the receipt, for an account without e-mail). */
async function receiptsBySms(phone: string): Promise<string[]> {
  const simulator = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}/africastalking/__messages`
  for (let i = 0; i < 60; i++) {
    const answer = (await (await fetch(simulator)).json()) as { messages: { to: string; message: string }[] }
    const receipts = answer.messages.filter((m) => m.to === phone && /ISK-\d+/.test(m.message)).map((m) => m.message)
    if (receipts.length > 0) return receipts
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return []
}

test('the language chosen is kept on the account: signing in on another phone brings it back', async ({
  page,
  browser,
  baseURL,
  shop,
}) => {
  const customer = await shop.customer()
  // Signed in, reading Isoko in English, switching to French in the footer.
  await page.goto('/customer-login')
  await page.getByRole('main').locator('[name=email]').fill(customer.email)
  await page.getByRole('main').locator('[name=password]').fill(customer.password)
  await page
    .getByRole('main')
    .getByRole('button', { name: say('en', 'account.customerLogin.submit') })
    .click()
  await expect(page).toHaveURL(/\/customer-dashboard/)
  await page.getByRole('contentinfo').getByRole('button', { name: 'Français' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  // Another phone, whose browser asks for English: signing in brings French back.
  const other = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 }, locale: 'en-US' })
  const second = await other.newPage()
  await second.goto('/customer-login')
  await expect(second.locator('html')).toHaveAttribute('lang', 'en')
  await second.getByRole('main').locator('[name=email]').fill(customer.email)
  await second.getByRole('main').locator('[name=password]').fill(customer.password)
  await second
    .getByRole('main')
    .getByRole('button', { name: say('en', 'account.customerLogin.submit') })
    .click()
  await expect(second).toHaveURL(/\/customer-dashboard/)
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr')
  await other.close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the language switcher is a plain form: the side menu and the footer change the page, at the same address', async ({
    page,
  }) => {
    await page.goto('/products?sort=newest')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    // The side menu (a <details>) holds the choice on a phone.
    await page
      .getByRole('banner')
      .locator('summary', { hasText: say('en', 'nav.menu') })
      .click()
    await page
      .getByRole('navigation', { name: say('en', 'nav.main') })
      .getByRole('button', { name: 'Ikinyarwanda' })
      .click()
    await expect(page).toHaveURL('/products?sort=newest')
    await expect(page.locator('html')).toHaveAttribute('lang', 'rw')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('rw', 'products.heading.all'))
    // The footer's, from Kinyarwanda to French; the choice is remembered on the next page.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Français' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await page.goto('/cart')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('fr', 'cart.empty.title'))
    // Search engines get each language's address.
    await expect(page.locator('link[rel=alternate][hreflang=rw]')).toHaveAttribute('href', /\/cart\?lang=rw$/)
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute('href', /\/cart$/)
  })
})

for (const locale of ['rw', 'fr'] as const) {
  test(`${locale}: no serious accessibility problem on the shopping pages`, async ({ page, context, baseURL }) => {
    await readIn(context, locale, baseURL as string)
    await page.goto('/products')
    const productHref = (await page.locator('article a[href^="/products/"]').first().getAttribute('href')) as string
    for (const path of [
      '/',
      '/products',
      productHref,
      '/vendors',
      '/cart',
      '/customer-login',
      '/phone-sign-in?new=1',
    ]) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] })
    }
  })
}
