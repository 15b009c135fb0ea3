import { stdSerializers } from 'pino'

// What an error looks like in the log: never the values of a failed query (e-mail addresses, password hashes,
// tokens). Drizzle puts them on `params` and in its message after "params:".

export const REDACTED = '[redacted]'

type Serialized = Record<string, unknown>

/** Drops SQL parameters from a serialized error, its message, its stack and its causes. */
export function scrubError(err: Serialized): Serialized {
  const out: Serialized = { ...err }
  for (const key of ['params', 'parameters', 'values']) if (key in out) out[key] = REDACTED
  for (const key of ['message', 'stack']) {
    const text = out[key]
    if (typeof text === 'string') out[key] = text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`)
  }
  if (out.cause && typeof out.cause === 'object') out.cause = scrubError(out.cause as Serialized)
  return out
}

/** An error as it may be written to the log (console.error or pino): serialized and scrubbed. */
export function errorForLog(error: unknown): unknown {
  return error instanceof Error ? scrubError(stdSerializers.err(error) as unknown as Serialized) : error
}
