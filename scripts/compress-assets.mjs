#!/usr/bin/env node
// Compresses the browser build once, at build time: beside every text file over 1 KB in build/client (scripts,
// styles, SVG, JSON, text, HTML) a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9), each kept only when it
// is smaller. The server sends them as they are (server/static-assets.ts): no asset is compressed per request.
// Runs after every `react-router build` (react-router.config.ts, buildEnd); `node scripts/compress-assets.mjs [dir]`
// does it again by hand.
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** What is worth compressing: text formats. Pictures and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest|map)$/
const MIN_BYTES = 1024

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

async function compressOne(file) {
  const body = await readFile(file)
  const [br, gzBody] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(body, { level: 9 }),
  ])
  const written = { file, size: body.length, br: 0, gz: 0 }
  // A variant no smaller than the file is not worth a Content-Encoding: the server then sends the file itself.
  if (br.length < body.length) {
    await writeFile(`${file}.br`, br)
    written.br = br.length
  } else await unlink(`${file}.br`).catch(() => {})
  if (gzBody.length < body.length) {
    await writeFile(`${file}.gz`, gzBody)
    written.gz = gzBody.length
  } else await unlink(`${file}.gz`).catch(() => {})
  return written
}

/** Writes the `.br` and `.gz` of every compressible file over 1 KB under `dir`; returns what it wrote. */
export async function compressAssets(dir) {
  const files = []
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    if ((await stat(file)).size <= MIN_BYTES) continue
    files.push(file)
  }
  const results = []
  // Two at a time: brotli 11 keeps a core busy, and builds share the machine.
  let next = 0
  async function worker() {
    while (next < files.length) results.push(await compressOne(files[next++]))
  }
  await Promise.all([worker(), worker()])
  return results
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = path.resolve(process.argv[2] ?? 'build/client')
  const started = Date.now()
  const results = await compressAssets(dir)
  const sum = (key) => results.reduce((total, r) => total + r[key], 0)
  console.log(
    `compressed ${results.length} files in ${path.relative(process.cwd(), dir) || '.'} in ${Date.now() - started} ms: ` +
      `${(sum('size') / 1024).toFixed(0)} KB, brotli ${(sum('br') / 1024).toFixed(0)} KB, gzip ${(sum('gz') / 1024).toFixed(0)} KB`,
  )
}
