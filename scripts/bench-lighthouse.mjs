#!/usr/bin/env node
// Lighthouse, mobile, with its default throttling (simulated slow 4G and a 4x slower CPU), against a running
// server: the median of 3 runs of /, /products and a product page, printing the score, LCP, TBT and CLS.
//
//   npm start (or any running Isoko), then: npm run bench:lighthouse [-- --url http://127.0.0.1:3000 --runs 3]
//
// Lighthouse is fetched by npx at the pinned version below when the script runs, not installed by `npm ci`: it
// brings about 300 packages that no build, test or start needs. Chromium: CHROME_PATH, else /usr/bin/chromium.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { benchTarget, median } from './bench-pages.mjs'

// 12.8 is the last Lighthouse that runs on Node 20 (the project's engines: >=20.19); 13 needs Node 22.19.
const LIGHTHOUSE = 'lighthouse@12.8.2'
const { base, runs, chrome, pages } = await benchTarget(3)

const out = mkdtempSync(path.join(tmpdir(), 'isoko-lighthouse-'))
const rows = []
try {
  for (const page of pages) {
    const results = []
    for (let i = 0; i < runs; i++) {
      const file = path.join(out, `run-${results.length}.json`)
      const run = spawnSync(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `${base}${page}`,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${file}`,
          '--quiet',
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
      )
      if (run.status !== 0 || !existsSync(file)) {
        console.error(`Lighthouse failed on ${page} (exit ${run.status})`)
        continue
      }
      const report = JSON.parse(readFileSync(file, 'utf8'))
      const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN
      results.push({
        score: Math.round((report.categories.performance.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
      })
    }
    if (results.length === 0) continue
    rows.push({
      page,
      runs: results.length,
      score: median(results.map((r) => r.score)),
      lcp: median(results.map((r) => r.lcp)),
      tbt: median(results.map((r) => r.tbt)),
      cls: median(results.map((r) => r.cls)),
      fcp: median(results.map((r) => r.fcp)),
      scores: results.map((r) => r.score).join('/'),
    })
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}

console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, default throttling, median of ${runs}: ${base}\n`)
console.log(
  `${'page'.padEnd(44)}${'score'.padStart(7)}${'FCP'.padStart(9)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(8)}  runs`,
)
for (const r of rows) {
  console.log(
    `${r.page.slice(0, 43).padEnd(44)}${String(r.score).padStart(7)}${`${(r.fcp / 1000).toFixed(2)} s`.padStart(9)}` +
      `${`${(r.lcp / 1000).toFixed(2)} s`.padStart(9)}${`${Math.round(r.tbt)} ms`.padStart(9)}${r.cls.toFixed(3).padStart(8)}  ${r.scores}`,
  )
}
console.log('\nTargets: score ≥ 97, LCP ≤ 1.8 s, TBT ≤ 100 ms, CLS ≤ 0.02.')
if (rows.length < pages.length) process.exit(1)
