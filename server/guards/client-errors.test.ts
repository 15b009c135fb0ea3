import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { clientErrorHandler } from './client-errors.ts'

// The pictures folder served as the server does (express.static, fallthrough: false), with the handler last.

const dir = mkdtempSync(path.join(tmpdir(), 'isoko-client-errors-'))
let server: Server
let base: string

beforeAll(async () => {
  const app = express()
  // Vitest sets NODE_ENV=test, in which Express's final handler logs nothing: log as the server does.
  app.set('env', 'production')
  app.use('/images', express.static(dir, { fallthrough: false }))
  app.get('/boom', () => {
    throw new Error('a real failure')
  })
  app.use(clientErrorHandler())
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

describe('client errors', () => {
  it('answers a missing picture 404 and a path leaving the folder 403, logging nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const missing = await fetch(`${base}/images/unknown-800.avif`)
      expect(missing.status).toBe(404)
      expect(await missing.text()).toBe('Not found.')
      expect((await fetch(`${base}/images/..%2F..%2Fetc%2Fpasswd`)).status).toBe(403)
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })

  it('leaves a server failure to be logged and answered 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect((await fetch(`${base}/boom`)).status).toBe(500)
    } finally {
      logged.mockRestore()
    }
  })
})
