import { loadConfig } from '../config/config'
import { loadEnvFile } from '../config/env-file'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'

loadEnvFile()
const config = loadConfig()
const database = openDatabase({ url: config.DATABASE_URL })
try {
  const applied = await migrateToLatest(database)
  console.info(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
} finally {
  await database.close()
}
