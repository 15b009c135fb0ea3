// What the browser benchmarks (bench-lighthouse.mjs, bench-main-thread.mjs) share: their options, the Chromium they
// drive, and the pages they measure on a running server (/, /products and the listing's first product page).
import { existsSync } from 'node:fs'

/** `--name value` from the command line, or `fallback`. */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : process.argv[i + 1]
}

/**
 * The server (--url, BENCH_URL, else port 3000), the runs per page (--runs) and Debian's Chromium (CHROME_PATH, else
 * /usr/bin/chromium); exits saying what is missing when there is no Chromium or no server answers.
 */
export async function benchTarget(defaultRuns) {
  const base = option('url', process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')
  const runs = Number(option('runs', defaultRuns))
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chrome)) {
    console.error(`Chromium not found at ${chrome}: install it (Debian: apt-get install chromium) or set CHROME_PATH.`)
    process.exit(1)
  }
  const listing = await fetch(`${base}/products`).then(
    (r) => r.text(),
    () => undefined,
  )
  if (listing === undefined) {
    console.error(`No server answers at ${base}: start one (npm start) or pass --url.`)
    process.exit(1)
  }
  const product = listing.match(/href="(\/products\/[^"?]+)"/)?.[1]
  return { base, runs, chrome, pages: ['/', '/products', ...(product ? [product] : [])] }
}

/** The middle value of `xs` (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
