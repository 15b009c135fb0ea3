/**
 * What the three provider clients share: one fetch wrapper that turns every unexpected answer into a
 * `ProviderError`, a token cache, and small parsers. Global `fetch` only; no SDKs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { ProviderError } from '#app/modules/payments/provider.ts'

export type FetchLike = typeof fetch

export type HttpAnswer = { status: number; body: unknown; headers: Headers }

/** Sends one request; resolves with any HTTP answer, throws `ProviderError` only when there is no answer at all. */
export async function send(
  fetchImpl: FetchLike,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<HttpAnswer> {
  let response: Response
  try {
    response = await fetchImpl(url, {
      method: init.method,
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    })
  } catch (error) {
    throw new ProviderError(`${init.method} ${url} failed: ${(error as Error).message}`)
  }
  const text = await response.text().catch(() => '')
  let body: unknown = text
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON (an HTML error page from a gateway, say): keep the text for the payment event.
    }
  } else {
    body = undefined
  }
  return { status: response.status, body, headers: response.headers }
}

/** Throws `ProviderError` (with status and body) unless the answer's status is one of `expected`. */
export function expectStatus(answer: HttpAnswer, expected: number[], what: string): HttpAnswer {
  if (!expected.includes(answer.status)) {
    throw new ProviderError(`${what}: HTTP ${answer.status}`, answer.status, answer.body)
  }
  return answer
}

/**
 * Caches an access token until shortly before it expires (a minute early, or at half its life when it lives less
 * than two minutes). Concurrent callers share one token request.
 */
export function createTokenCache(
  fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
  now: () => number = Date.now,
) {
  let cached: { token: string; refreshAt: number } | undefined
  let inFlight: Promise<string> | undefined
  return {
    async get(): Promise<string> {
      if (cached && now() < cached.refreshAt) return cached.token
      inFlight ??= fetchToken()
        .then(({ token, expiresInSeconds }) => {
          const lifeMs = Math.max(0, expiresInSeconds) * 1000
          const margin = lifeMs > 120_000 ? 60_000 : lifeMs / 2
          cached = { token, refreshAt: now() + lifeMs - margin }
          return token
        })
        .finally(() => {
          inFlight = undefined
        })
      return inFlight
    },
    /** Forgets the token (after a 401), so the next call asks for a fresh one. */
    clear() {
      cached = undefined
    },
  }
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value)
}

/** Compares two secrets in constant time (for equal lengths; a length difference is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function hmacSha256Base64(secret: string, input: string): string {
  return createHmac('sha256', secret).update(input).digest('base64')
}

/** +250788123456 → 250788123456 (MoMo partyId). Throws on anything that is not a Rwandan E.164 number. */
export function rwandaMsisdn(e164: string): string {
  const digits = e164.replace(/^\+/, '')
  if (!/^2507\d{8}$/.test(digits)) throw new Error(`Not a Rwandan mobile number in E.164: ${e164}`)
  return digits
}

/** Case-insensitive header lookup in the plain object a route passes. */
export function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value
  }
  return undefined
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An amount a provider reports (number or numeric string) as integer francs, or undefined. */
export function parseAmount(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : undefined
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
