import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv } from '#app/lib/env.server.ts'
import { IMAGE_FILE_PATTERN } from '#app/modules/images/image-keys.ts'
import type { Route } from './+types/images'

// Serves stored pictures from <DATA_DIR>/images during development; in production the server's static handler
// answers /images/ first. Only `<key>-<width>.<avif|webp>` names are served, so no other file can be read.

const TYPES = { avif: 'image/avif', webp: 'image/webp' } as const

export async function loader({ params }: Route.LoaderArgs) {
  const name = params['*'] ?? ''
  const match = IMAGE_FILE_PATTERN.exec(name)
  if (!match) return new Response('Not found', { status: 404 })
  const file = path.join(path.resolve(getEnv().DATA_DIR, 'images'), name)
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return new Response('Not found', { status: 404 })
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
  return new Response(body, {
    headers: {
      'Content-Type': TYPES[match[3] as keyof typeof TYPES],
      'Content-Length': String(info.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
