import { z } from 'zod'

/**
 * What this process runs (`WORKER_MODE`, docs/deploy.md):
 * - web: serves requests; no background loops (another process runs them);
 * - worker: the background loops only (outbox delivery, the payments sweep); no web listener;
 * - shared (default): both, as one machine needs.
 * The background loops claim their rows before any outside call, so any number of worker or shared processes on
 * one PostgreSQL never do the same work twice.
 */
export const WORKER_MODES = ['web', 'worker', 'shared'] as const
export type WorkerMode = (typeof WORKER_MODES)[number]

const workerModeSchema = z.enum(WORKER_MODES)

/** Reads `WORKER_MODE`: unset or empty is 'shared'; anything but web, worker or shared throws. */
export function parseWorkerMode(value: string | undefined): WorkerMode {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '') return 'shared'
  const parsed = workerModeSchema.safeParse(text)
  if (!parsed.success) throw new Error(`WORKER_MODE: "${value}" is not one of web, worker, shared`)
  return parsed.data
}

/** The reason `WORKER_MODE` cannot be read, or null when it can. */
export function workerModeProblem(value: string | undefined): string | null {
  try {
    parseWorkerMode(value)
    return null
  } catch (error) {
    return (error as Error).message
  }
}

/** Whether this process runs the background loops. */
export const runsBackgroundWork = (mode: WorkerMode) => mode !== 'web'
/** Whether this process opens the web listener. */
export const servesRequests = (mode: WorkerMode) => mode !== 'worker'

/**
 * Uploaded photos live in DATA_DIR unless STORAGE_URL names S3-compatible storage. Servers that share one
 * PostgreSQL (DATABASE_URL) but keep photos on their own disks would each miss the others' uploads, so with
 * `SERVERS` (how many app servers share the database; default 1) above 1, STORAGE_URL is required, and so is
 * DATABASE_URL (the embedded database belongs to one process). Returns the reason to refuse the start, or null;
 * a `SERVERS` it cannot read is a reason too.
 */
export function multiServerStorageProblem(env: Record<string, string | undefined>): string | null {
  const servers = env.SERVERS?.trim() || '1'
  if (!/^\d+$/.test(servers) || Number(servers) < 1) {
    return `SERVERS: "${env.SERVERS}" is not a whole number of servers (1 or more)`
  }
  if (Number(servers) > 1 && !env.DATABASE_URL) {
    return `DATABASE_URL is required when ${servers} servers run (SERVERS=${servers}): the embedded database belongs to one process`
  }
  if (Number(servers) > 1 && !env.STORAGE_URL) {
    return (
      `STORAGE_URL is required when ${servers} servers share one database (SERVERS=${servers}, DATABASE_URL set): ` +
      'photos uploaded to one server would be missing on the others'
    )
  }
  return null
}
