import { chmodSync } from 'node:fs'
import { resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { createOwnerOnlyFile, OWNER_ONLY_FILE } from './owner-only'

export interface BackupProgress {
  totalPages: number
  remainingPages: number
}

/**
 * Copies a live SQLite database to `destination` with SQLite's online backup API: a consistent
 * snapshot, taken page by page while the app keeps reading and writing. The copy and any folder
 * made for it are its owner's alone (0600, 0700).
 */
export async function backupSqlite(
  sourcePath: string,
  destination: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<void> {
  const source = new SqliteDatabase(resolve(sourcePath), { readonly: true, fileMustExist: true })
  try {
    // A copy of every account: owner-only from its first byte, even over an existing file.
    createOwnerOnlyFile(destination)
    chmodSync(destination, OWNER_ONLY_FILE)
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
