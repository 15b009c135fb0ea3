import { isIP } from 'node:net'

/**
 * What Express's 'trust proxy' setting takes: which proxies in front of the server to believe about the client's
 * address (X-Forwarded-For) and protocol (X-Forwarded-Proto). The address is what rate limits and throttles count.
 */
export type TrustProxy = boolean | number | string | string[]

/** Named ranges that Express (proxy-addr) knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Reads `TRUST_PROXY` (docs/deploy.md):
 * - unset or empty: 'loopback', a proxy on the same machine;
 * - a whole number: how many proxies in front of the server to believe (1: the load balancer only);
 * - 'true' (believe any, only when nothing reaches the server except through the proxy) or 'false' (believe none);
 * - a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Anything else throws, naming the part it could not read.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '') return 'loopback'
  const lower = text.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 100) throw new Error(`TRUST_PROXY: ${text} proxies in front of the server is not believable`)
    return hops
  }
  const entries = text.split(',').map((part) => part.trim())
  for (const entry of entries) {
    if (!isTrustEntry(entry)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not a proxy address, a CIDR range or one of loopback, linklocal, uniquelocal ` +
          '(expected a hop count, true, false, or a comma-separated list)',
      )
    }
  }
  return entries.map((entry) => (NAMED_RANGES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry))
}

/** The reason `TRUST_PROXY` cannot be read, or null when it can. */
export function trustProxyProblem(value: string | undefined): string | null {
  try {
    parseTrustProxy(value)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

function isTrustEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry.toLowerCase())) return true
  const slash = entry.indexOf('/')
  if (slash === -1) return isIP(entry) !== 0
  const family = isIP(entry.slice(0, slash))
  const prefix = entry.slice(slash + 1)
  if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}
