// The browser's files as the build compressed them (scripts/compress-assets.mjs: brotli 11 and gzip 9 beside each
// text file over 1 KB): a request that accepts brotli or gzip is answered with the `.br` or `.gz` file itself,
// with its Content-Encoding and the original file's Content-Type. Nothing is compressed per request.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'

export type Encoding = 'br' | 'gzip'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/**
 * The content coding to answer with, of those on offer: brotli before gzip (smaller), neither when the client
 * refuses both (`q=0`) or names neither. `*` counts as accepting both.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[] = ['br', 'gzip']) {
  if (!acceptEncoding) return undefined
  const q = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const given = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = given ? Number(given.slice(2)) : 1
    q.set(name.trim(), Number.isFinite(value) ? value : 0)
  }
  const star = q.get('*')
  for (const encoding of offered) {
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? star ?? 0
    if (value > 0) return encoding
  }
  return undefined
}

/** The `.br` and `.gz` files under `root`, by the URL path of the file they compress. */
function findCompressed(root: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>()
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.br') || entry.name.endsWith('.gz')) {
        const original = full.slice(0, -3)
        const url = `/${path.relative(root, original).split(path.sep).join('/')}`
        const set = found.get(url) ?? new Set<Encoding>()
        set.add(entry.name.endsWith('.br') ? 'br' : 'gzip')
        found.set(url, set)
      }
    }
  }
  walk(root)
  return found
}

/**
 * Put before the static file handlers of `root`: rewrites a request for a file that has a compressed twin to that
 * twin, which the static handler then sends (its caching headers unchanged); `staticHeaders` gives the twin its
 * Content-Encoding and Content-Type when it is actually sent.
 */
export function precompressedAssets(root: string) {
  const compressed = findCompressed(root)
  function precompressed(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const variants = compressed.get(req.path)
    if (!variants) return next()
    res.vary('Accept-Encoding')
    const encoding = chooseEncoding(
      req.headers['accept-encoding'],
      ['br', 'gzip'].filter((e) => variants.has(e as Encoding)) as Encoding[],
    )
    if (!encoding) return next()
    res.locals.assetEncoding = encoding
    res.locals.assetType = TYPES[path.extname(req.path)] ?? 'application/octet-stream'
    const query = req.url.indexOf('?')
    req.url = `${req.path}${encoding === 'br' ? '.br' : '.gz'}${query === -1 ? '' : req.url.slice(query)}`
    next()
  }
  return { middleware: precompressed, count: compressed.size }
}

/** express.static's `setHeaders` for the handlers behind `precompressedAssets`. */
export function staticHeaders(res: Response) {
  const encoding = res.locals.assetEncoding as Encoding | undefined
  if (!encoding) return
  res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Type', res.locals.assetType as string)
}

/**
 * Runs `handler` (a static file handler of `root`) only for the files at the top of `root` (the favicon, robots.txt
 * and their compressed twins): any other address, every page among them, goes on without a look at the disk.
 */
export function onlyTopLevelFiles(root: string, handler: (req: Request, res: Response, next: NextFunction) => void) {
  const files = new Set<string>()
  try {
    for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isFile()) files.add(`/${entry.name}`)
  } catch {
    // No build yet: nothing to serve.
  }
  return function topLevelFiles(req: Request, res: Response, next: NextFunction) {
    if (files.has(req.path)) handler(req, res, next)
    else next()
  }
}
