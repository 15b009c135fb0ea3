import { createHash, createHmac } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, copyFile, link, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv } from '#app/lib/env.server.ts'

// Where stored pictures live (DESIGN.md section 2): the local disk (`<DATA_DIR>/images`) by default, or an
// S3-compatible bucket when STORAGE_URL is set. Names are flat file names such as `up-3f…-400.webp`.
//
// STORAGE_URL format:
//   s3://ACCESS_KEY:SECRET@host[:port]/bucket?region=us-east-1&public=https://cdn.example/bucket
//   s3+http://…  talks plain HTTP (a MinIO on the same network); s3:// uses HTTPS.
//   region defaults to us-east-1; `public` (optional) is a base URL the files are readable at (a CDN or a public
//   bucket): the /images route then redirects there instead of proxying the object. Key and secret are
//   URL-encoded. Requests use path-style URLs (https://host/bucket/name) signed with AWS Signature V4.

export type StoredObject = { body: ReadableStream<Uint8Array>; size: number | null }

export interface ImageStorage {
  readonly kind: 'local' | 's3'
  put(name: string, bytes: Buffer, contentType: string): Promise<void>
  /** The object, or null when there is none. */
  get(name: string): Promise<StoredObject | null>
  exists(name: string): Promise<boolean>
  /** Removes the file; a file that is not there is not an error. */
  delete(name: string): Promise<void>
  /** Where browsers may fetch the file directly, or null when the app serves it. */
  publicUrl(name: string): string | null
}

/** Folders under DATA_DIR: the server's user only (issue 11). */
const DIR_MODE = 0o700
/** Files under DATA_DIR: not world-readable; the server itself serves them. */
const FILE_MODE = 0o600

/** Pictures as files in one folder; writes are atomic (temporary file, then rename). */
export class LocalStorage implements ImageStorage {
  readonly kind = 'local' as const
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Buffer, _contentType?: string): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE })
    const file = this.file(name)
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    await writeFile(tmp, bytes, { mode: FILE_MODE })
    await rename(tmp, file)
  }

  /** Places a file already on disk (the encode cache) by hard link, or by copy across disks. */
  async putFile(name: string, from: string): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE })
    const to = this.file(name)
    await unlink(to).catch(() => {})
    try {
      await link(from, to)
    } catch {
      await copyFile(from, to)
    }
    // A hard link shares the cache file's mode, a copy takes the cache's: either way, not world-readable.
    await chmod(to, FILE_MODE)
  }

  async get(name: string): Promise<StoredObject | null> {
    const file = this.file(name)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size }
  }

  async exists(name: string): Promise<boolean> {
    const info = await stat(this.file(name)).catch(() => null)
    return Boolean(info?.isFile())
  }

  async delete(name: string): Promise<void> {
    try {
      await unlink(this.file(name))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  publicUrl(): string | null {
    return null
  }

  private file(name: string): string {
    if (name.includes('/') || name.includes('\\') || name.startsWith('.')) throw new Error(`Bad file name: ${name}`)
    return path.join(this.dir, name)
  }
}

export type S3Config = {
  /** http(s)://host[:port], no trailing slash. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Base URL the objects are publicly readable at, without a trailing slash. */
  publicBase: string | null
}

/** Reads STORAGE_URL (format above); throws a clear message when it is malformed. */
export function parseStorageUrl(value: string): S3Config {
  const url = new URL(value)
  const scheme = url.protocol.replace(/:$/, '')
  if (scheme !== 's3' && scheme !== 's3+http' && scheme !== 's3+https') {
    throw new Error('STORAGE_URL must start with s3:// (HTTPS) or s3+http://')
  }
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''))
  if (!bucket || bucket.includes('/')) throw new Error('STORAGE_URL must name one bucket: s3://key:secret@host/bucket')
  if (!url.username || !url.password) throw new Error('STORAGE_URL must carry the access key and secret')
  const publicBase = url.searchParams.get('public')
  return {
    endpoint: `${scheme === 's3+http' ? 'http' : 'https'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    publicBase: publicBase ? publicBase.replace(/\/+$/, '') : null,
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Signs a request with AWS Signature V4 (header form) and returns the headers to send. Only the headers given
 * plus host, x-amz-date and x-amz-content-sha256 are signed.
 */
export function signV4(input: {
  method: string
  url: URL
  headers: Record<string, string>
  payloadHash: string
  region: string
  service?: string
  accessKeyId: string
  secretAccessKey: string
  now?: Date
}): Record<string, string> {
  const service = input.service ?? 's3'
  const amzDate = (input.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const day = amzDate.slice(0, 8)
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  }
  const names = Object.keys(headers).sort()
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&')
  const canonicalRequest = [
    input.method,
    input.url.pathname
      .split('/')
      .map((s) => uriEncode(decodeURIComponent(s)))
      .join('/'),
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n')
  const scope = `${day}/${input.region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request')
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  const { host: _host, ...rest } = headers
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  }
}

/** Pictures as objects in an S3-compatible bucket (AWS, MinIO, R2, Garage…), over fetch with SigV4. */
export class S3Storage implements ImageStorage {
  readonly kind = 's3' as const
  constructor(readonly config: S3Config) {}

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.request('PUT', name, bytes, {
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    })
    if (!res.ok) throw new Error(`S3 PUT ${name} failed: ${res.status} ${await res.text().catch(() => '')}`)
    await res.body?.cancel()
  }

  async get(name: string): Promise<StoredObject | null> {
    const res = await this.request('GET', name)
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (!res.ok || !res.body) throw new Error(`S3 GET ${name} failed: ${res.status}`)
    const length = res.headers.get('content-length')
    return { body: res.body, size: length ? Number(length) : null }
  }

  async exists(name: string): Promise<boolean> {
    const res = await this.request('HEAD', name)
    await res.body?.cancel()
    if (res.status === 404) return false
    if (!res.ok) throw new Error(`S3 HEAD ${name} failed: ${res.status}`)
    return true
  }

  /** S3 answers 204 whether or not the object existed; some compatible stores answer 404 for a missing one. */
  async delete(name: string): Promise<void> {
    const res = await this.request('DELETE', name)
    await res.body?.cancel()
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${name} failed: ${res.status}`)
  }

  publicUrl(name: string): string | null {
    return this.config.publicBase ? `${this.config.publicBase}/${uriEncode(name)}` : null
  }

  private request(method: string, name: string, body?: Buffer, headers: Record<string, string> = {}) {
    const { endpoint, bucket, region, accessKeyId, secretAccessKey } = this.config
    const url = new URL(`${endpoint}/${uriEncode(bucket)}/${uriEncode(name)}`)
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash: sha256(body ?? ''),
      region,
      accessKeyId,
      secretAccessKey,
    })
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined })
  }
}

let configured: ImageStorage | undefined

/** The storage STORAGE_URL configures (S3), or `<DATA_DIR>/images` on the local disk. */
export function getImageStorage(): ImageStorage {
  if (configured) return configured
  const env = getEnv()
  configured = env.STORAGE_URL
    ? new S3Storage(parseStorageUrl(env.STORAGE_URL))
    : new LocalStorage(path.resolve(env.DATA_DIR, 'images'))
  return configured
}
