// The Content-Security-Policy nonce of each response: 16 bytes from the operating system's random source, drawn
// from a pool filled 4 KB at a time rather than by a call to the system per request (which took 7-8% of a core
// answering cached pages: docs/benchmarks.md). Each nonce is used once; the pool's bytes are never handed out twice.
import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
const POOL_BYTES = NONCE_BYTES * 256

let pool = Buffer.alloc(0)
let offset = 0

/** A fresh nonce, base64 (24 characters). */
export function cspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES))
    offset = 0
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}
