import { resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'

export interface BackupProgress {
  totalPages: number
  remainingPages: number
}

/**
 * Copies a live SQLite database to `destination` with SQLite's online backup API: a consistent
 * snapshot, taken page by page while the app keeps reading and writing.
 */
export async function backupSqlite(
  sourcePath: string,
  destination: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<void> {
  const source = new SqliteDatabase(resolve(sourcePath), { readonly: true, fileMustExist: true })
  try {
    await source.backup(resolve(destination), {
      progress: (info) => {
        onProgress?.(info)
        // Pages per step: small steps let the app's writers in between.
        return 256
      },
    })
  } finally {
    source.close()
  }
}
