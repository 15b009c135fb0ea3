import { IMAGE_FILE_PATTERN } from '#app/modules/images/image-keys.ts'
import { getImageStorage } from '#app/modules/images/storage.server.ts'
import type { Route } from './+types/images'

// Serves stored pictures from the image storage: the local disk during development (in production the server's
// static handler answers /images/ first), or the S3 bucket of STORAGE_URL, proxied, or a redirect to its public
// base URL when one is configured. Only `<key>-<width>.<avif|webp>` names are served, so no other file is read.

const TYPES = { avif: 'image/avif', webp: 'image/webp' } as const
const IMMUTABLE = 'public, max-age=31536000, immutable'

export async function loader({ params }: Route.LoaderArgs) {
  const name = params['*'] ?? ''
  const match = IMAGE_FILE_PATTERN.exec(name)
  if (!match) return new Response('Not found', { status: 404 })
  const storage = getImageStorage()
  const direct = storage.publicUrl(name)
  // The name never changes its bytes, so the redirect itself may be cached for good too.
  if (direct) return new Response(null, { status: 301, headers: { Location: direct, 'Cache-Control': IMMUTABLE } })
  const stored = await storage.get(name)
  if (!stored) return new Response('Not found', { status: 404 })
  const headers: Record<string, string> = {
    'Content-Type': TYPES[match[3] as keyof typeof TYPES],
    'Cache-Control': IMMUTABLE,
  }
  if (stored.size !== null) headers['Content-Length'] = String(stored.size)
  return new Response(stored.body, { headers })
}
