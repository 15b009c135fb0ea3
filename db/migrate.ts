// Applies the migrations in db/migrations to the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR/pgdata). Run by `npm run db:migrate`; the server and the seed also migrate at start.
import { connectConfiguredDatabase } from '#app/lib/db.server.ts'

async function main() {
  const connection = connectConfiguredDatabase()
  const started = performance.now()
  await connection.migrate()
  console.log(`Migrations applied (${connection.engine}) in ${Math.round(performance.now() - started)} ms`)
  await connection.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
