// The pieces of the input fuzz (fuzz.test.ts): hostile values, the bodies and query strings built from them, a
// cookie jar per visitor, and a small pool that sends many requests at once and records every answer.

/** One hostile value. `raw` is written into a query string or URL-encoded body as it is (already encoded). */
export type Hostile = { name: string; value?: string; raw?: string; bytes?: Uint8Array }

export const HOSTILE: readonly Hostile[] = [
  { name: 'nul', value: 'a\u0000b' },
  { name: 'controls', value: '\u0001x\u001b[31m\u007f\u0008' },
  { name: 'header-injection', value: 'a\r\nSet-Cookie: x=1\r\n' },
  { name: 'invalid-percent', raw: '%E0%A4%A' },
  { name: 'lone-surrogate', raw: '%ED%A0%80' },
  { name: 'overlong-utf8', raw: '%C0%AF%FF' },
  { name: 'unicode', value: 'Ìsökò 𝕏 😀 \u202e\ufeff ﷽ 中文' },
  { name: 'negative', value: '-1' },
  { name: 'zero', value: '0' },
  { name: 'fraction', value: '1.5' },
  { name: 'infinite', value: '1e309' },
  { name: 'int32-overflow', value: '2147483648' },
  { name: 'huge-integer', value: '99999999999999999999' },
  { name: 'nan', value: 'NaN' },
  { name: 'empty', value: '' },
  { name: 'blank', value: '   ' },
  { name: 'markup', value: '<script>alert(1)</script>"\'&' },
  { name: 'sql', value: "' OR 1=1;--" },
  { name: 'path', value: '//evil.example/../../etc/passwd' },
  { name: 'absolute-url', value: 'https://evil.example/x' },
  { name: 'json', value: '{"__proto__":{"admin":true}}' },
]

/** Hostile values that only a multipart body can carry as they are: bytes that are not UTF-8, a raw NUL. */
export const MULTIPART_ONLY: readonly Hostile[] = [
  { name: 'invalid-utf8-bytes', bytes: new Uint8Array([0x61, 0xe0, 0xa4, 0xff, 0xfe, 0x00, 0x62]) },
]

/** Query names every page is tried with, besides its own: the storefront's filters and the usual suspects. */
export const COMMON_QUERY = [
  'q',
  'category',
  'subcategory',
  'min',
  'max',
  'sort',
  'sale',
  'page',
  'redirectTo',
  'to',
  'token',
  'status',
  'range',
  'filter',
  'days',
  'step',
  'address',
  'from',
  'store',
  'placed',
  'saved',
  'updated',
  'index',
  'cascade',
  'newsletter',
  'wait',
  'key',
]

/** Names nobody expects: prototype keys, bracket and dot forms, an empty name. */
export const ODD_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'a[b]',
  'x.y',
  'variants[999].sku',
  'variants.-1.id',
  '',
]

/**
 * The pairs of one round out of `rounds`: name i gets values[(round + i × rounds) mod n], so that over the rounds
 * each name is given `rounds` different values and (with enough names) every value goes to some name.
 */
export function rotated(names: readonly string[], values: readonly Hostile[], round: number, rounds: number): string {
  return names
    .map((n, i) => `${encodeURIComponent(n)}=${encodeValue(values[(round + i * rounds) % values.length] as Hostile)}`)
    .join('&')
}

export function encodeValue(h: Hostile): string {
  if (h.raw !== undefined) return h.raw
  return encodeURIComponent(h.value ?? '')
}

/** `a=v&b=v…`: every name with the same (encoded) value. */
export function encodedPairs(names: readonly string[], value: string, extra: Record<string, string> = {}): string {
  const pairs = Object.entries(extra).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  for (const n of names) pairs.push(`${encodeURIComponent(n)}=${value}`)
  return pairs.join('&')
}

/** A multipart body built by hand, so that any bytes at all can be sent as a field's value. */
export function multipartBody(fields: [string, string | Uint8Array][]): {
  body: Uint8Array<ArrayBuffer>
  contentType: string
} {
  const boundary = `----isokofuzz${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`))
    parts.push(typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value))
    parts.push(Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The cookies of one visitor, kept from the Set-Cookie headers it was sent. */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq < 1) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

export type Attempt = {
  label: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer>
  /** A body so large the server may close the connection before it is all sent: a reset is not a failure. */
  mayReset?: boolean
}

export type Outcome = { attempt: Attempt; status: number; ms: number; headerBytes?: number; error?: string }

/** Sends every attempt (`concurrency` at a time) and returns each answer's status; 0 with an error on a failure. */
export async function sendAll(base: string, attempts: readonly Attempt[], concurrency = 8): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  async function worker() {
    while (next < attempts.length) {
      const attempt = attempts[next++] as Attempt
      const started = performance.now()
      try {
        const response = await fetch(base + attempt.path, {
          method: attempt.method,
          headers: attempt.headers,
          body: attempt.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        })
        // Read the whole answer: a page that fails while it streams shows here, not in the status alone.
        await response.arrayBuffer()
        let headerBytes = 0
        response.headers.forEach((value, name) => {
          headerBytes += name.length + value.length + 4
        })
        outcomes.push({ attempt, status: response.status, ms: performance.now() - started, headerBytes })
      } catch (error) {
        const message = String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message)
        outcomes.push({ attempt, status: 0, ms: performance.now() - started, error: message })
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return outcomes
}

/**
 * Headers larger than this would be refused by a proxy in front (nginx's default buffer for an upstream's headers
 * is 4 or 8 KB, and it answers 502): an echoed hostile value (a long Location) is a 5xx in production.
 */
export const MAX_HEADER_BYTES = 8 * 1024

/** The answers that count as the server failing: any 5xx, headers a proxy would refuse, or no answer at all
 * (unless the body was so large that the server may close the connection before it is all sent). */
export function failuresOf(outcomes: readonly Outcome[]): string[] {
  return outcomes
    .filter(
      (o) => o.status >= 500 || (o.headerBytes ?? 0) > MAX_HEADER_BYTES || (o.status === 0 && !o.attempt.mayReset),
    )
    .map((o) => {
      const path = o.attempt.path.length > 160 ? `${o.attempt.path.slice(0, 160)}…` : o.attempt.path
      const size = (o.headerBytes ?? 0) > MAX_HEADER_BYTES ? ` (${o.headerBytes} bytes of headers)` : ''
      return `${o.status}${o.error ? ` (${o.error})` : ''}${size} ${o.attempt.method} ${path} [${o.attempt.label}]`
    })
}

/** Where the time went: the pages (path without query) that took longest in all, for keeping the run short. */
export function slowest(outcomes: readonly Outcome[], count = 8): string {
  const total = new Map<string, { ms: number; n: number }>()
  for (const o of outcomes) {
    const key = `${o.attempt.method} ${o.attempt.path.split('?')[0]?.slice(0, 60)}`
    const t = total.get(key) ?? { ms: 0, n: 0 }
    t.ms += o.ms
    t.n += 1
    total.set(key, t)
  }
  return [...total]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, count)
    .map(([key, t]) => `${key}: ${t.n} requests, ${(t.ms / 1000).toFixed(1)} s`)
    .join('\n')
}

/** Decodes the few entities React writes into attribute values. */
export function unescapeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}
