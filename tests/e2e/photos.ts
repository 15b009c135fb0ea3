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
