import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './app/modules/*/tables.server.ts',
  out: './db/migrations',
})
