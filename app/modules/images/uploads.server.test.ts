import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_UPLOAD_SIDE, storeUploadedImage } from './uploads.server.ts'

let root: string
let n = 0

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'isoko-uploads-test-'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A photo-like picture: a gradient with some noise, made in memory (nothing downloaded). */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 600, height = 900, seed = 1) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const noise = (x * 7 + y * 13 + seed * 31) % 23
      raw[i] = (x * 255) / width + noise
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = 128 + noise
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer()
}

const file = (bytes: Buffer | string, name: string, type = '') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

const options = () => ({ dir: path.join(root, `out-${++n}`), cacheDir: false as const })

describe('storeUploadedImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('stores a %s as AVIF and WebP at 200/400/800 wide, 4:5', async (format) => {
    const opts = options()
    const result = await storeUploadedImage(file(await picture(format), `p.${format}`), 'product', opts)
    if (!result.ok) throw new Error(result.code)
    expect(result.image.key).toMatch(/^up-[0-9a-f]{24}$/)
    expect(result.image.placeholder).toMatch(/^#[0-9a-f]{6}$/)
    const names = (await readdir(opts.dir)).sort()
    expect(names).toEqual(
      [200, 400, 800].flatMap((w) => [`${result.image.key}-${w}.avif`, `${result.image.key}-${w}.webp`]).sort(),
    )
    for (const name of names) {
      const meta = await sharp(path.join(opts.dir, name)).metadata()
      const width = Number(/-(\d+)\.\w+$/.exec(name)?.[1])
      expect(meta.format).toBe(name.endsWith('.avif') ? 'heif' : 'webp')
      expect([meta.width, meta.height]).toEqual([width, (width * 5) / 4])
    }
  })

  it('gives the same key to the same bytes, and another key to other bytes', async () => {
    const bytes = await picture('jpeg', 400, 500, 7)
    const a = await storeUploadedImage(file(bytes, 'a.jpg'), 'product', options())
    const b = await storeUploadedImage(file(bytes, 'renamed.jpg'), 'product', options())
    const c = await storeUploadedImage(file(await picture('jpeg', 400, 500, 8), 'c.jpg'), 'product', options())
    if (!a.ok || !b.ok || !c.ok) throw new Error('refused')
    expect(a.image.key).toBe(b.image.key)
    expect(c.image.key).not.toBe(a.image.key)
  })

  it('refuses text, even named .jpg, and SVG as not_image', async () => {
    const text = file('just some words, not a picture', 'photo.jpg', 'image/jpeg')
    expect(await storeUploadedImage(text, 'product', options())).toEqual({ ok: false, code: 'not_image' })
    const svg = file(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000"/></svg>',
      'drawing.svg',
      'image/svg+xml',
    )
    expect(await storeUploadedImage(svg, 'product', options())).toEqual({ ok: false, code: 'not_image' })
  })

  it('refuses a GIF as unsupported', async () => {
    const gif = file(await picture('gif', 400, 500), 'anim.gif', 'image/gif')
    expect(await storeUploadedImage(gif, 'product', options())).toEqual({ ok: false, code: 'unsupported' })
  })

  it('refuses a file over the size limit, a picture too small, and no file', async () => {
    const bytes = await picture('png', 600, 900)
    expect(
      await storeUploadedImage(file(bytes, 'big.png'), 'product', { ...options(), maxBytes: bytes.length - 1 }),
    ).toEqual({ ok: false, code: 'too_large' })
    const small = file(await picture('jpeg', MIN_UPLOAD_SIDE - 1, 400), 'small.jpg')
    expect(await storeUploadedImage(small, 'product', options())).toEqual({ ok: false, code: 'too_small' })
    expect(await storeUploadedImage(null, 'product', options())).toEqual({ ok: false, code: 'missing' })
    expect(await storeUploadedImage(file('', 'empty.jpg'), 'product', options())).toEqual({
      ok: false,
      code: 'missing',
    })
  })
})
