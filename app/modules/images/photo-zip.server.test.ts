import { zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { openPhotoZip } from './photo-zip.server.ts'

const limits = { maxBytes: 100_000, maxEntries: 5, maxPhotos: 3, maxUnzipped: 50_000 }
const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill)

describe('openPhotoZip', () => {
  test('lists photos, skips folders and system files, finds names by path or by file name in any case', () => {
    const zip = zipSync({
      'shoot/Front.JPG': bytes(10),
      'back.png': bytes(20, 2),
      '__MACOSX/._back.png': bytes(3),
    })
    const opened = openPhotoZip(zip, limits)
    if (!opened.ok) throw new Error(opened.code)
    expect(opened.zip.entries.map((e) => e.name).sort()).toEqual(['back.png', 'shoot/Front.JPG'])
    expect(opened.zip.find('front.jpg')?.name).toBe('shoot/Front.JPG')
    expect(opened.zip.find('SHOOT/front.jpg')?.name).toBe('shoot/Front.JPG')
    expect(opened.zip.find('missing.jpg')).toBeUndefined()
    const read = opened.zip.read(['back.png'])
    expect(read.get('back.png')).toEqual(bytes(20, 2))
  })

  test('refuses a zip bomb (too large unzipped), too many entries, climbing names, and what is not a zip', () => {
    // 60 KB of zeros compress to almost nothing: refused by what the entry says it unzips to.
    expect(openPhotoZip(zipSync({ 'a.jpg': new Uint8Array(60_000) }), limits)).toEqual({
      ok: false,
      code: 'too-large-unzipped',
    })
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}.jpg`, bytes(1)]))
    expect(openPhotoZip(zipSync(many), limits)).toEqual({ ok: false, code: 'too-many-files' })
    expect(openPhotoZip(zipSync({ '../evil.jpg': bytes(1) }), limits)).toEqual({ ok: false, code: 'unsafe-name' })
    expect(openPhotoZip(bytes(300), limits)).toEqual({ ok: false, code: 'not-zip' })
    expect(openPhotoZip(bytes(200_000), limits)).toEqual({ ok: false, code: 'too-large' })
  })
})
