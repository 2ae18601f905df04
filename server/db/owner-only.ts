import { closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'

/** Permissions for what holds accounts, sessions or sign-in links: the owner's alone. */
export const OWNER_ONLY_FILE = 0o600
export const OWNER_ONLY_DIR = 0o700

/**
 * Creates `path` as an empty owner-only file (0600), and its missing folders (0700), unless it
 * exists: an existing file is left as it is. SQLite gives the -wal, -shm and -journal files it
 * makes beside a database the database file's permissions, so a database file created this way
 * before SQLite opens it keeps those private too, whatever the umask.
 */
export function createOwnerOnlyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: OWNER_ONLY_DIR })
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE))
}
