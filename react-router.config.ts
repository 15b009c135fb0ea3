import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  // Middleware and the typed request context (app/lib/context.server.ts): the server hands each request its
  // database and the actor is looked up at most once; each dashboard is guarded by its layout's middleware.
  future: { v8_middleware: true },
} satisfies Config
