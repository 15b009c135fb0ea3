import sharp from 'sharp'
import { expect, signIn, test } from './fixtures'

// A vendor gives the store a logo and a banner on the settings page and sees them on the public store page; a
// file that is not a photo is refused with a message next to its field. Each journey has its own store
// (tests/e2e/fixtures.ts).

/** A photo-like picture of the given size: a gradient with a circle on it. */
async function picture(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0b5d7a"/><stop offset="1" stop-color="#fad201"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="${Math.min(width, height) / 3}" fill="#e11d48"/></svg>`
  const image = sharp(Buffer.from(svg))
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer()
}

test('a vendor uploads a logo and a banner and sees them on the store page', { tag: '@desktop-only' }, async ({
  page,
  shop,
}) => {
  // Once, at 1280 px; the 360 px settings page is below.
  const vendor = await shop.vendor({ products: 1 })
  await signIn(page, vendor)
  await page.goto('/vendor-dashboard/settings')
  const logo = page.getByTestId('logo-picture')
  await logo.getByLabel('Store logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await picture(400, 400, 'png'),
  })
  await logo.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Logo saved')).toBeVisible()
  await expect(logo.getByRole('img', { name: "Your store's logo" })).toHaveAttribute('src', /\/images\/logo-up-/)

  const banner = page.getByTestId('banner-picture')
  await banner.getByLabel('Store banner').setInputFiles({
    name: 'banner.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1500, 500, 'jpeg'),
  })
  await banner.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Banner saved')).toBeVisible()
  await expect(banner.getByRole('img', { name: "Your store's banner" })).toHaveAttribute('src', /\/images\/banner-up-/)

  await page.goto(`/vendor/${vendor.vendorId}`)
  const main = page.getByRole('main')
  const logoImg = main.locator('img[src*="/images/logo-up-"]').first()
  await expect(logoImg).toBeVisible()
  expect(await logoImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const bannerImg = main.locator('img[src*="/images/banner-up-"]').first()
  await expect(bannerImg).toBeVisible()
  expect(await bannerImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
})

test('a text file as a logo is refused with the not-a-photo message', async ({ page, shop }) => {
  await signIn(page, await shop.vendor({ products: 0 }))
  await page.goto('/vendor-dashboard/settings')
  const logo = page.getByTestId('logo-picture')
  await logo.getByLabel('Store logo').setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('This is a note, not a picture.'),
  })
  await logo.getByRole('button', { name: 'Upload' }).click()
  await expect(logo.getByText('This file is not a photo.')).toBeVisible()
  await expect(logo.getByLabel('Store logo')).toHaveAttribute('aria-invalid', 'true')
  // The other settings are untouched and still on the page.
  await expect(page.getByLabel('Store name')).not.toHaveValue('')
})
