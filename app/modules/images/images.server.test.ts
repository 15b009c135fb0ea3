import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bannerSvg, productSvg } from './artwork.ts'
import { defaultImageCacheDir, deleteImage, deleteImagesNotInUse, imageFileNames, storeImage } from './images.server.ts'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'isoko-images-test-'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('storeImage', () => {
  it('writes AVIF and WebP at each product width, 4:5, within the size budgets', async () => {
    const dir = path.join(root, 'a')
    const svg = productSvg({ kind: 'dress', colour: 'Indigo', patternIndex: 1 })
    const stored = await storeImage(svg, 'p-test-dress', 'product', { dir, cacheDir: path.join(root, 'cache') })
    expect(stored).toMatchObject({ width: 800, height: 1000 })
    expect((await readdir(dir)).sort()).toEqual([
      'p-test-dress-200.avif',
      'p-test-dress-200.webp',
      'p-test-dress-400.avif',
      'p-test-dress-400.webp',
      'p-test-dress-800.avif',
      'p-test-dress-800.webp',
    ])
    for (const f of stored.files) {
      expect(f.bytes).toBeLessThanOrEqual(f.width === 800 ? 40_000 : f.width === 200 ? 12_000 : 22_000)
      const meta = await sharp(path.join(dir, f.name)).metadata()
      expect([meta.width, meta.height]).toEqual([f.width, (f.width * 5) / 4])
    }
  })

  it('keeps the colours of an uploaded PNG (with an alpha channel) at every width and format', async () => {
    // A dark green and a deep red half, as a shop's PNG logo or photo might be: every stored width must show the
    // same colours (a smaller width once came out lime, the resize output being read back as premultiplied).
    const halves = { dark: { r: 20, g: 90, b: 40 }, red: { r: 150, g: 30, b: 40 } }
    const png = await sharp({
      create: { width: 400, height: 500, channels: 4, background: { ...halves.dark, alpha: 1 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 400, height: 250, channels: 4, background: { ...halves.red, alpha: 1 } },
          })
            .png()
            .toBuffer(),
          top: 250,
          left: 0,
        },
      ])
      .png()
      .toBuffer()
    for (const kind of ['product', 'logo'] as const) {
      const dir = path.join(root, `png-${kind}`)
      const stored = await storeImage(png, kind === 'logo' ? 'logo-png' : 'p-png', kind, { dir, cacheDir: false })
      for (const file of stored.files) {
        const { data, info } = await sharp(path.join(dir, file.name))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
        // The middle of the upper quarter (dark green) and of the lower quarter (red); the logo is a square crop.
        for (const [fraction, colour] of [
          [0.25, halves.dark],
          [0.75, halves.red],
        ] as const) {
          const i = (Math.floor(info.height * fraction) * info.width + Math.floor(info.width / 2)) * info.channels
          const seen = { r: data[i] as number, g: data[i + 1] as number, b: data[i + 2] as number }
          expect(
            Math.max(Math.abs(seen.r - colour.r), Math.abs(seen.g - colour.g), Math.abs(seen.b - colour.b)),
            `${file.name} at ${fraction}: ${JSON.stringify(seen)}`,
          ).toBeLessThanOrEqual(12)
        }
      }
    }
  })

  it('copies from the cache the second time, giving the same bytes', async () => {
    const svg = productSvg({ kind: 'basket', colour: 'Natural', patternIndex: 2 })
    const cacheDir = path.join(root, 'cache')
    await storeImage(svg, 'p-basket', 'product', { dir: path.join(root, 'b1'), cacheDir })
    const entries = (await readdir(cacheDir)).length
    await storeImage(svg, 'p-basket', 'product', { dir: path.join(root, 'b2'), cacheDir })
    expect((await readdir(cacheDir)).length).toBe(entries)
    for (const name of await readdir(path.join(root, 'b1'))) {
      expect(await readFile(path.join(root, 'b2', name))).toEqual(await readFile(path.join(root, 'b1', name)))
    }
  })

  it('stores banners at 640 and 1280, 3:1', async () => {
    const dir = path.join(root, 'c')
    const svg = bannerSvg({
      colours: ['#0f766e', '#f59e0b'],
      patternIndex: 0,
      items: [{ kind: 'basket', colour: 'Natural' }],
    })
    const stored = await storeImage(svg, 'banner-test', 'banner', { dir, cacheDir: false })
    expect(stored.files.map((f) => f.name).sort()).toEqual([
      'banner-test-1280.avif',
      'banner-test-1280.webp',
      'banner-test-640.avif',
      'banner-test-640.webp',
    ])
    const meta = await sharp(path.join(dir, 'banner-test-1280.webp')).metadata()
    expect([meta.width, meta.height]).toEqual([1280, 427])
  })

  it('refuses keys that are not lower-case words and dashes', async () => {
    await expect(storeImage('<svg/>', '../evil', 'product', { dir: root, cacheDir: false })).rejects.toThrow(
      /Bad image key/,
    )
  })
})

describe('the encode cache', () => {
  it('lives in DATA_DIR/cache/images, readable by this user only, never under node_modules', async () => {
    const dataDir = path.join(root, 'data')
    const dir = await defaultImageCacheDir(dataDir)
    expect(dir).toBe(path.join(dataDir, 'cache', 'images'))
    const info = await stat(dir as string)
    expect(info.isDirectory()).toBe(true)
    expect(info.mode & 0o077).toBe(0)
  })

  it('falls back to a folder of its own in the temporary directory when DATA_DIR cannot be written', async () => {
    // A file where DATA_DIR's parent should be: no folder can be made there, whoever runs the test.
    const blocker = path.join(root, 'not-a-folder')
    await writeFile(blocker, 'x')
    const dir = await defaultImageCacheDir(path.join(blocker, 'data'))
    expect(dir).not.toBe(false)
    expect(path.dirname(dir as string)).toBe(tmpdir())
    expect(dir).toMatch(/isoko-image-cache-/)
    expect(((await stat(dir as string)).mode & 0o077) === 0).toBe(true)
  })
})

describe('deleting a stored picture', () => {
  const svg = (colour: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="${colour}"/></svg>`

  it('deleteImage removes every variant of the key and nothing else, also when some are already gone', async () => {
    const dir = path.join(root, 'del')
    await storeImage(svg('#112233'), 'up-gone', 'product', { dir, cacheDir: false })
    await storeImage(svg('#445566'), 'logo-up-kept', 'logo', { dir, cacheDir: false })
    await rm(path.join(dir, 'up-gone-400.avif'))
    await deleteImage('up-gone', { dir })
    expect((await readdir(dir)).sort()).toEqual(imageFileNames('logo-up-kept').sort())
    await deleteImage('logo-up-kept', { dir })
    expect(await readdir(dir)).toEqual([])
    await expect(deleteImage('../evil', { dir })).rejects.toThrow(/Bad image key/)
  })

  it('deleteImagesNotInUse keeps the keys still in use and deletes the others once each', async () => {
    const dir = path.join(root, 'unused')
    await storeImage(svg('#778899'), 'banner-up-used', 'banner', { dir, cacheDir: false })
    await storeImage(svg('#aabbcc'), 'banner-up-free', 'banner', { dir, cacheDir: false })
    const asked: string[] = []
    const deleted = await deleteImagesNotInUse(
      ['banner-up-used', 'banner-up-free', 'banner-up-free'],
      async (key) => {
        asked.push(key)
        return key === 'banner-up-used'
      },
      { dir },
    )
    expect(deleted).toEqual(['banner-up-free'])
    expect(asked).toEqual(['banner-up-used', 'banner-up-free'])
    expect((await readdir(dir)).sort()).toEqual(imageFileNames('banner-up-used').sort())
  })

  it('deleteImagesNotInUse deletes nothing when it cannot tell whether a key is in use', async () => {
    const dir = path.join(root, 'unknown')
    await storeImage(svg('#ddeeff'), 'up-unsure', 'product', { dir, cacheDir: false })
    const deleted = await deleteImagesNotInUse(
      ['up-unsure'],
      async () => {
        throw new Error('database gone')
      },
      { dir },
    )
    expect(deleted).toEqual([])
    expect((await readdir(dir)).sort()).toEqual(imageFileNames('up-unsure').sort())
  })
})
