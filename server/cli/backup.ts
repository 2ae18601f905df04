import { existsSync } from 'node:fs'
import { loadConfig } from '../config/config'
import { loadEnvFile } from '../config/env-file'
import { backupSqlite } from '../db/backup'

// `npm run db:backup -- [FILE]`: an online, consistent copy of the SQLite database.
loadEnvFile()
const config = loadConfig()
if (!config.DATABASE_URL.startsWith('sqlite:')) {
  console.error(
    'db:backup copies the embedded SQLite database. For PostgreSQL use pg_dump: see docs/deployment.md.',
  )
  process.exit(2)
}
const source = config.DATABASE_URL.slice('sqlite:'.length)
if (!existsSync(source)) {
  console.error(`No database at ${source}: nothing to back up.`)
  process.exit(2)
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const destination = process.argv[2] ?? `./data/backups/vibeconnect-${stamp}.db`
await backupSqlite(source, destination, ({ totalPages, remainingPages }) => {
  const done =
    totalPages === 0 ? 100 : Math.round(((totalPages - remainingPages) / totalPages) * 100)
  process.stdout.write(`\rBacking up ${source}: ${done}%`)
})
console.info(`\nBackup written to ${destination}`)
console.info(
  `Restore: stop the app, then copy it over ${source} (and delete ${source}-wal and ${source}-shm).`,
)
