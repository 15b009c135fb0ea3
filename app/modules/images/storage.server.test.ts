import { createHash, createHmac } from 'node:crypto'
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeImage } from './images.server.ts'
import { LocalStorage, parseStorageUrl, S3Storage } from './storage.server.ts'

const ACCESS = 'AKIDTEST'
const SECRET = 'wJalr/XUtn+FEMI'

/**
 * A tiny S3: objects in memory, path-style URLs, and every request's AWS Signature V4 recomputed here from the
 * raw request (independently of the code under test) and refused with 403 when it does not match.
 */
function fakeS3(): { server: Server; objects: Map<string, { body: Buffer; type: string }>; refused: number } {
  const objects = new Map<string, { body: Buffer; type: string }>()
  const state = { server: undefined as unknown as Server, objects, refused: 0 }
  const hash = (d: string | Buffer) => createHash('sha256').update(d).digest('hex')
  const mac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest()
  const verify = (req: IncomingMessage, body: Buffer): boolean => {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      )
    if (!auth) return false
    const [, access, day, region, signed, signature] = auth as unknown as string[]
    if (access !== ACCESS) return false
    const payload = req.headers['x-amz-content-sha256']
    if (payload !== hash(body)) return false
    const names = (signed as string).split(';')
    if (!names.includes('host') || !names.includes('x-amz-date')) return false
    const url = new URL(req.url ?? '/', 'http://x')
    const canonical = [
      req.method,
      url.pathname,
      '',
      names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
      signed,
      payload,
    ].join('\n')
    const amzDate = String(req.headers['x-amz-date'])
    const scope = `${day}/${region}/s3/aws4_request`
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hash(canonical)].join('\n')
    const key = mac(mac(mac(mac(`AWS4${SECRET}`, day as string), region as string), 's3'), 'aws4_request')
    return createHmac('sha256', key).update(toSign).digest('hex') === signature
  }
  state.server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      if (!verify(req, body)) {
        state.refused++
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
        return
      }
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
      const found = objects.get(key)
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type'] ?? '') })
        res.writeHead(200).end()
      } else if (req.method === 'DELETE') {
        // As S3 does: 204 whether or not the object was there.
        objects.delete(key)
        res.writeHead(204).end()
      } else if (!found) {
        res.writeHead(404).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>')
      } else {
        res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length })
        res.end(req.method === 'HEAD' ? undefined : found.body)
      }
    })
  })
  return state
}

let root: string
let s3: ReturnType<typeof fakeS3>
let endpoint: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'isoko-storage-test-'))
  s3 = fakeS3()
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve))
  endpoint = `127.0.0.1:${(s3.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => s3.server.close(resolve))
  await rm(root, { recursive: true, force: true })
})

const text = async (o: { body: ReadableStream<Uint8Array> } | null) => (o ? new Response(o.body).text() : null)

describe('parseStorageUrl', () => {
  it('reads key, secret, host, bucket, region and public base', () => {
    expect(
      parseStorageUrl('s3://AK:s%2Fecret@minio.local:9000/isoko?region=af-south-1&public=https://cdn.example/isoko/'),
    ).toEqual({
      endpoint: 'https://minio.local:9000',
      bucket: 'isoko',
      region: 'af-south-1',
      accessKeyId: 'AK',
      secretAccessKey: 's/ecret',
      publicBase: 'https://cdn.example/isoko',
    })
    expect(parseStorageUrl('s3+http://AK:S@127.0.0.1:9000/b')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      publicBase: null,
    })
  })

  it('refuses a URL without credentials, bucket or the s3 scheme', () => {
    expect(() => parseStorageUrl('s3://host/bucket')).toThrow(/access key/)
    expect(() => parseStorageUrl('s3://a:b@host/')).toThrow(/bucket/)
    expect(() => parseStorageUrl('https://a:b@host/bucket')).toThrow(/s3:\/\//)
  })
})

describe('LocalStorage', () => {
  it('puts, gets and tells whether a file exists; a missing one is null', async () => {
    const storage = new LocalStorage(path.join(root, 'local'))
    await storage.put('a-200.webp', Buffer.from('hello'), 'image/webp')
    expect(await storage.exists('a-200.webp')).toBe(true)
    expect(await text(await storage.get('a-200.webp'))).toBe('hello')
    expect(await storage.get('b-200.webp')).toBeNull()
    expect(await storage.exists('b-200.webp')).toBe(false)
    expect((await readdir(path.join(root, 'local'))).filter((n) => n.endsWith('.tmp'))).toEqual([])
    expect(storage.publicUrl()).toBeNull()
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Bad file name/)
  })
})

describe('LocalStorage delete', () => {
  it('removes the file, and a file already gone is no error', async () => {
    const storage = new LocalStorage(path.join(root, 'deleting'))
    await storage.put('d-200.webp', Buffer.from('x'), 'image/webp')
    await storage.put('e-200.webp', Buffer.from('y'), 'image/webp')
    await storage.delete('d-200.webp')
    expect(await readdir(path.join(root, 'deleting'))).toEqual(['e-200.webp'])
    await expect(storage.delete('d-200.webp')).resolves.toBeUndefined()
    await expect(new LocalStorage(path.join(root, 'never-made')).delete('d-200.webp')).resolves.toBeUndefined()
    await expect(storage.delete('../e-200.webp')).rejects.toThrow(/Bad file name/)
  })
})

describe('LocalStorage file modes', () => {
  it('creates its folder 0700 and writes files no other user can read, placed by copy or by link', async () => {
    const storage = new LocalStorage(path.join(root, 'modes', 'images'))
    await storage.put('m-200.webp', Buffer.from('x'), 'image/webp')
    const cached = path.join(root, 'cache-file.webp')
    await writeFile(cached, 'y', { mode: 0o644 })
    await storage.putFile('m-400.webp', cached)
    expect((await stat(path.join(root, 'modes', 'images'))).mode & 0o777).toBe(0o700)
    for (const name of ['m-200.webp', 'm-400.webp']) {
      expect((await stat(path.join(root, 'modes', 'images', name))).mode & 0o077, name).toBe(0)
    }
  })
})

describe('S3Storage (against a signature-checking fake S3)', () => {
  const config = () => parseStorageUrl(`s3+http://${ACCESS}:${encodeURIComponent(SECRET)}@${endpoint}/pics`)

  it('puts an object with its content type, reads it back, and a missing object is null', async () => {
    const storage = new S3Storage(config())
    await storage.put('logo-up-1-96.webp', Buffer.from('webp bytes'), 'image/webp')
    expect(s3.objects.get('/pics/logo-up-1-96.webp')).toMatchObject({ type: 'image/webp' })
    expect(await storage.exists('logo-up-1-96.webp')).toBe(true)
    const got = await storage.get('logo-up-1-96.webp')
    expect(got?.size).toBe(10)
    expect(await text(got)).toBe('webp bytes')
    expect(await storage.get('nothing-96.webp')).toBeNull()
    expect(await storage.exists('nothing-96.webp')).toBe(false)
  })

  it('is refused with a wrong secret, and says so', async () => {
    const before = s3.refused
    const storage = new S3Storage({ ...config(), secretAccessKey: 'not-the-secret' })
    await expect(storage.put('x-96.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/)
    await expect(storage.get('logo-up-1-96.webp')).rejects.toThrow(/403/)
    expect(s3.refused).toBe(before + 2)
    expect(s3.objects.has('/pics/x-96.webp')).toBe(false)
  })

  it('deletes an object with a signed DELETE, and a missing object is no error', async () => {
    const storage = new S3Storage(config())
    await storage.put('up-del-200.webp', Buffer.from('a'), 'image/webp')
    await storage.put('up-keep-200.webp', Buffer.from('b'), 'image/webp')
    const refused = s3.refused
    await storage.delete('up-del-200.webp')
    expect(s3.objects.has('/pics/up-del-200.webp')).toBe(false)
    expect(s3.objects.has('/pics/up-keep-200.webp')).toBe(true)
    await expect(storage.delete('up-del-200.webp')).resolves.toBeUndefined()
    expect(s3.refused).toBe(refused)
  })

  it('says so when a DELETE is refused, and the object stays', async () => {
    await new S3Storage(config()).put('up-stay-200.webp', Buffer.from('c'), 'image/webp')
    const wrong = new S3Storage({ ...config(), secretAccessKey: 'not-the-secret' })
    await expect(wrong.delete('up-stay-200.webp')).rejects.toThrow(/403/)
    expect(s3.objects.has('/pics/up-stay-200.webp')).toBe(true)
  })

  it('gives the public URL when a public base is configured', () => {
    const storage = new S3Storage({ ...config(), publicBase: 'https://cdn.example/pics' })
    expect(storage.publicUrl('a-200.avif')).toBe('https://cdn.example/pics/a-200.avif')
    expect(new S3Storage(config()).publicUrl('a-200.avif')).toBeNull()
  })

  it('storeImage writes every variant through the S3 storage, also from the encode cache', async () => {
    const storage = new S3Storage(config())
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#0b5d7a"/></svg>'
    const cacheDir = path.join(root, 'cache')
    const first = await storeImage(svg, 'logo-s3test', 'logo', { storage, cacheDir })
    expect(first.files.map((f) => f.name).sort()).toEqual([
      'logo-s3test-192.avif',
      'logo-s3test-192.webp',
      'logo-s3test-96.avif',
      'logo-s3test-96.webp',
    ])
    for (const f of first.files) expect(s3.objects.get(`/pics/${f.name}`)?.type).toBe(`image/${f.format}`)
    const again = await storeImage(svg, 'logo-s3again', 'logo', { storage, cacheDir })
    expect(again.files.every((f) => s3.objects.has(`/pics/${f.name}`))).toBe(true)
  })
})
