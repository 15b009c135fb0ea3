// Photo upload benchmark (docs/benchmarks.md, "Photo uploads"): makes a realistic 12-megapixel JPEG (4000×3000,
// quality 90, from noise, gradients and shapes so that it compresses like a photo), then times storeUploadedImage
// on it for the product kind with the encode cache off, and prints the bytes of every stored file.
//   npm run bench:images [-- --runs 5]
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { storeUploadedImage } from '#app/modules/images/uploads.server.ts'

const WIDTH = 4000
const HEIGHT = 3000

async function makePhoto(): Promise<Buffer> {
  // Fine grain everywhere (sensor noise and texture), as in a real photo: this is what makes JPEGs large.
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const shapes = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 997) % WIDTH
    const y = (i * 613) % HEIGHT
    const r = 80 + ((i * 131) % 500)
    const hue = (i * 47) % 360
    return i % 2
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${hue} 60% 50%)" fill-opacity="0.7"/>`
      : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" fill="hsl(${hue} 50% 40%)" fill-opacity="0.6" transform="rotate(${i * 9} ${x} ${y})"/>`
  }).join('')
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb8e6"/><stop offset="0.55" stop-color="#f4d9a6"/><stop offset="1" stop-color="#3f6b35"/></linearGradient>
      <radialGradient id="sun" cx="0.7" cy="0.25" r="0.4"><stop offset="0" stop-color="#fff6d0" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6d0" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/><rect width="100%" height="100%" fill="url(#sun)"/>${shapes}</svg>`
  return sharp(Buffer.from(scene))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

async function main() {
  const runs = argument('runs', 5)
  console.log(
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`,
  )
  const started = performance.now()
  const photo = await makePhoto()
  const meta = await sharp(photo).metadata()
  console.log(
    `Photo: ${meta.width}×${meta.height} JPEG, ${(photo.length / 1e6).toFixed(2)} MB (${photo.length} bytes), made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const dir = await mkdtemp(path.join(tmpdir(), 'isoko-bench-images-'))
  const file = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' })
  const times: number[] = []
  let files: { name: string; bytes: number }[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      const result = await storeUploadedImage(file, 'product', { dir, cacheDir: false, maxBytes: 50 * 1024 * 1024 })
      times.push(performance.now() - t0)
      if (!result.ok) throw new Error(`refused: ${result.code}`)
      files = result.image.files
      console.log(`  run ${i + 1}: ${(times[i] as number).toFixed(0)} ms`)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] as number
  console.log(
    `storeUploadedImage (product, cache off), ${runs} runs: median ${median.toFixed(0)} ms, min ${(sorted[0] as number).toFixed(0)} ms, max ${(sorted[sorted.length - 1] as number).toFixed(0)} ms`,
  )
  console.log('Stored files:')
  for (const f of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
    console.log(`  ${f.name.replace(/^up-[0-9a-f]+/, 'up-…')}  ${f.bytes} bytes`)
  }
}

await main()
