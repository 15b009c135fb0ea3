import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The built server (build/server/index.js through server/start.js, as `npm run serve` runs it) in a child
// process: these tests run after `npm run build` (scripts/test.mjs) and see what an operator sees.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'isoko-server-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export type RunningServer = {
  url: string
  output(): string
  stop(): Promise<void>
}

/** Only what the server is given: no variable of the test runner's own leaks into the configuration. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG']
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])))
}

/** Runs the server until it exits by itself (a refused start): its exit code and everything it printed. */
export async function runUntilExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/start.js'], { env: { ...baseEnv(), ...env } })
  let output = ''
  child.stdout.on('data', (c) => {
    output += c
  })
  child.stderr.on('data', (c) => {
    output += c
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  clearTimeout(timer)
  return { code, output }
}

/** Starts the server and resolves once /healthz answers; rejects with its output if it exits first. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const port = env.PORT ?? String(await freePort())
  const child: ChildProcess = spawn(process.execPath, ['server/start.js'], {
    env: { ...baseEnv(), HOST: '127.0.0.1', ...env, PORT: port },
  })
  let output = ''
  child.stdout?.on('data', (c) => {
    output += c
  })
  child.stderr?.on('data', (c) => {
    output += c
  })
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) throw new Error(`the server exited before it was ready:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server was not ready in ${timeoutMs} ms:\n${output}`)
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (!exited) child.kill('SIGTERM')
      await exit
    },
  }
}
