#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests, build, then the browser journeys in Chromium.
// With TEST_DATABASE_URL set, the integration tests and the journeys run on PostgreSQL too.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { installedChromium } from './chromium.mjs'

const started = Date.now()

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`)
  const stepStarted = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`\n◆ ${title}: ${seconds(stepStarted)}`)
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal}).`)
    process.exit(result.status || 1)
  }
}

/** Seconds since `from`, for the steps' timings (the whole run should stay under 15 minutes). */
function seconds(from) {
  return `${Math.round((Date.now() - from) / 1000)} s`
}

/**
 * Several steps at once (each prints as it goes, so their lines interleave); fails after all have ended if any
 * failed. The built server's tests mostly wait on child processes, so they share the machine well.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, command, args, env = {} }) =>
        new Promise((resolve) => {
          console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`)
          const stepStarted = Date.now()
          const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
          child.on('exit', (code, signal) => {
            console.log(`\n◆ ${title}: ${seconds(stepStarted)}`)
            resolve({ title, code: code ?? signal })
          })
        }),
    ),
  )
  const failed = results.filter((r) => r.code !== 0)
  for (const f of failed) console.error(`\n✖ ${f.title} failed (exit ${f.code}).`)
  if (failed.length > 0) process.exit(1)
}

/** Chromium for the journeys (scripts/chromium.mjs), or Debian's packages installed now. */
function findChromium() {
  const found = installedChromium(process.env.CHROME_PATH)
  if (found) return found
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium and chromium-headless-shell packages (apt-get).")
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    // One at a time: a distribution without the shell still gets the browser.
    for (const pkg of ['chromium', 'chromium-headless-shell']) {
      spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
    }
    const installed = installedChromium(undefined)
    if (installed) return installed
  }
  console.error(
    'Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install chromium chromium-headless-shell`) or ' +
      'set CHROME_PATH to a Chromium or Chrome binary, then run `npm test` again. The browser journeys cannot run ' +
      'without it.',
  )
  process.exit(1)
}

const chrome = findChromium()
// The typecheck and the build share the two cores well (each mostly keeps one busy): 20 s less than one after the other.
await runTogether([
  { title: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { title: 'build', command: 'npx', args: ['react-router', 'build'] },
])
run('lint', 'npx', ['biome', 'check', '.'])
run('unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' })
const serverTests = {
  title: 'the built server: production mode, several servers on one database, the fuzz of every route',
  command: 'npx',
  args: ['vitest', 'run', '--config', 'vitest.server.config.ts'],
}
if (process.env.TEST_DATABASE_URL) {
  await runTogether([{ title: 'integration tests (PostgreSQL)', command: 'npx', args: ['vitest', 'run'] }, serverTests])
} else {
  run(serverTests.title, serverTests.command, serverTests.args)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-e2e-'))
try {
  run('browser journeys (Chromium, 360 px and 1280 px)', 'npx', ['playwright', 'test'], {
    CHROME_PATH: chrome,
    E2E_DATA_DIR: dataDir,
  })
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\n✔ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`)
