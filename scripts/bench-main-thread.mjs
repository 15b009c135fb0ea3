#!/usr/bin/env node
// The browser's own work on a page, as a phone-sized Chromium does it, against a running server: what Lighthouse's
// blocking time is made of, measured without Lighthouse's simulation (whose figures vary by a factor of 2-5 on a
// shared machine). For each page, the median over --runs loads at 412 × 823 px, unthrottled:
// - script, style and layout: Chromium's own totals (Performance.getMetrics) from the request until 2.5 s after the
//   page runs (React has hydrated its main landmark), which includes what follows hydration (the routes its links
//   lead to arriving, and what React draws again for them);
// - relayout: one full restyle and layout of the page once it runs (the page hidden and shown again), the cost of
//   its DOM and CSS as they are, without the first-use costs of a load;
// - redrawn: after the page runs, how many elements React updated when the router's state last changed (read from
//   React's DevTools hook), and how many hidden or checkbox inputs it rewrote.
//
//   npm start (or any running Isoko), then: npm run bench:main-thread [-- --url http://127.0.0.1:3000 --runs 7]
//
// Chromium: CHROME_PATH, else /usr/bin/chromium.
import { chromium } from '@playwright/test'
import { benchTarget, median } from './bench-pages.mjs'

const { base, runs, chrome, pages } = await benchTarget(7)

/** Installed before the page's scripts: counts what each React commit updated (the last one is kept). */
function watchCommits() {
  const state = { updates: 0, inputs: 0, commits: 0 }
  window.__benchCommits = state
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let updates = 0
      let inputs = 0
      const walk = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          // A host element (tag 5) flagged for an update (4): React calls its commitUpdate.
          if (f.tag === 5 && f.flags & 4 && f.alternate) {
            updates++
            if (f.type === 'input') inputs++
          }
          if (f.child) walk(f.child)
        }
      }
      walk(root.current.child)
      state.commits++
      state.updates = updates
      state.inputs = inputs
    },
  }
}

const browser = await chromium.launch({ executablePath: chrome })
const rows = []
try {
  for (const path of pages) {
    const samples = []
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      const page = await context.newPage()
      await page.addInitScript(watchCommits)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      await page.goto(`${base}${path}`)
      await page.waitForFunction(
        () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react')),
        null,
        { timeout: 30_000 },
      )
      await page.waitForTimeout(2500)
      const { metrics } = await cdp.send('Performance.getMetrics')
      const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
      const relayout = await page.evaluate(() => {
        const root = document.documentElement
        const times = []
        for (let n = 0; n < 15; n++) {
          root.style.display = 'none'
          void root.offsetHeight
          root.style.display = ''
          const start = performance.now()
          void root.offsetHeight
          times.push(performance.now() - start)
        }
        return times.sort((a, b) => a - b)[7]
      })
      const commits = await page.evaluate(() => window.__benchCommits)
      samples.push({
        script: metric('ScriptDuration'),
        style: metric('RecalcStyleDuration'),
        layout: metric('LayoutDuration'),
        relayout,
        updates: commits.updates,
        inputs: commits.inputs,
        elements: await page.evaluate(() => document.getElementsByTagName('*').length),
      })
      await context.close()
    }
    const m = (key) => median(samples.map((s) => s[key]))
    rows.push({
      path,
      script: m('script'),
      style: m('style'),
      layout: m('layout'),
      relayout: m('relayout'),
      updates: m('updates'),
      inputs: m('inputs'),
      elements: m('elements'),
    })
  }
} finally {
  await browser.close()
}

console.log(`\nMain-thread work at 412 px, unthrottled, median of ${runs} loads: ${base}\n`)
console.log(
  `${'page'.padEnd(40)}${'elements'.padStart(9)}${'script'.padStart(9)}${'style'.padStart(8)}${'layout'.padStart(8)}${'relayout'.padStart(10)}${'redrawn'.padStart(9)}${'inputs'.padStart(8)}`,
)
for (const r of rows) {
  console.log(
    `${r.path.slice(0, 39).padEnd(40)}${String(r.elements).padStart(9)}${`${Math.round(r.script)} ms`.padStart(9)}` +
      `${`${Math.round(r.style)} ms`.padStart(8)}${`${Math.round(r.layout)} ms`.padStart(8)}` +
      `${`${r.relayout.toFixed(1)} ms`.padStart(10)}${String(r.updates).padStart(9)}${String(r.inputs).padStart(8)}`,
  )
}
