import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

/** A photo-like JPEG made here (a gradient with noise), different for each seed: what a phone would upload. */
export async function photoFile(seed: number, width = 320, height = 400) {
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width
    const y = Math.floor(i / 3 / width)
    raw[i] = (x + seed * 40) % 256
    raw[i + 1] = (y * 255) / height
    raw[i + 2] = (x * 7 + y * 13 + seed) % 256
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer()
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer }
}

/**
 * In the product editor: uploads two photos and waits until they are processed and shown; returns the photos
 * region. Processing is the slow part (AVIF and WebP at every width), hence the long wait.
 */
export async function uploadTwoPhotos(page: Page, timeout = 60_000): Promise<Locator> {
  const photos = page.getByRole('region', { name: 'Photos' })
  await photos.getByLabel('Add photos').setInputFiles([await photoFile(1), await photoFile(2)])
  await photos.getByRole('button', { name: 'Upload photos' }).click()
  await expect(page.getByText('Photos added.')).toBeVisible({ timeout })
  await expect(photos.getByRole('img')).toHaveCount(2)
  return photos
}
