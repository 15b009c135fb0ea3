// `npm run admin:create`: the staff-account command (scripts/create-admin.ts), which `npm run build` bundles with
// the server, so that it runs with plain Node after `npm ci --omit=dev` too.
import { existsSync } from 'node:fs'

const entry = new URL('../build/server/index.js', import.meta.url)
if (!existsSync(entry)) {
  console.error('No build found: run `npm run build` first (`npm start` does it too).')
  process.exit(1)
}
const { createAdminCommand } = await import(entry.href)
try {
  process.exit(await createAdminCommand())
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
