// `npm run serve` (and `npm start` after its build): starts the server that `npm run build` bundled with the app.
// Plain Node: no TypeScript loader, no seed code and no test factories are loaded at run time.
import './react-production.js'
import { existsSync } from 'node:fs'

const entry = new URL('../build/server/index.js', import.meta.url)
if (!existsSync(entry)) {
  console.error('No build found: run `npm run build` first (`npm start` does both).')
  process.exit(1)
}
const { errorForLog, startServer, StartupRefused } = await import(entry.href)
try {
  const server = await startServer()
  let signals = 0
  const shutdown = () => {
    if (signals++ > 0) process.exit(1)
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
} catch (error) {
  console.error(error instanceof StartupRefused ? error.message : errorForLog(error))
  process.exit(1)
}
