import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { compressAssets } from './scripts/compress-assets.mjs'

export default {
  appDirectory: 'app',
  ssr: true,
  // Middleware and the typed request context (app/lib/context.server.ts): the server hands each request its
  // database and the actor is looked up at most once; each dashboard is guarded by its layout's middleware.
  future: { v8_middleware: true },
  // Every build (`npm run build`, `npm start`, the test run) compresses the browser's files once, brotli 11 and
  // gzip 9, beside each file: the server sends those as they are (server/static-assets.ts, docs/caching.md).
  async buildEnd({ reactRouterConfig }) {
    await compressAssets(path.join(reactRouterConfig.buildDirectory, 'client'))
  },
} satisfies Config
