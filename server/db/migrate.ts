import { Migrator } from 'kysely/migration'
import type { AppDatabase } from './database'
import { migrationProvider } from './migrations'

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: error,
    })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
