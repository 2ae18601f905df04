import { AppError } from '../http/app-error'
import type { FeedPosition, VibeRow } from './vibes.repository'

// "createdAt:id"; ids are UUIDs, but any id the params schema accepts round-trips.
const CURSOR_TEXT = /^(\d{1,16}):([\w-]{1,64})$/

/** An opaque cursor for the row a page ended on: base64url, so clients don't build their own. */
export function encodeFeedCursor(row: Pick<VibeRow, 'created_at' | 'id'>): string {
  return Buffer.from(`${Number(row.created_at)}:${row.id}`, 'utf8').toString('base64url')
}

/** Reads a cursor back; anything that is not exactly one we issued answers 400. */
export function decodeFeedCursor(cursor: string): FeedPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = CURSOR_TEXT.exec(text)
  // Re-encoding catches lenient base64 decoding (stray characters, padding) of a tampered cursor.
  const createdAt = Number(match?.[1])
  if (!match || !Number.isSafeInteger(createdAt) || encodeCursorText(text) !== cursor) {
    throw new AppError(400, 'validation_failed', 'cursor: This cursor is not valid', {
      cursor: 'This cursor is not valid; start again from the first page',
    })
  }
  return { createdAt, id: match[2]! }
}

const encodeCursorText = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
