import { describe, expect, it } from 'vitest'
import { AppError } from '../http/app-error'
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor'

describe('feed cursor', () => {
  it('round-trips the position of a row without exposing its shape as plain text', () => {
    const row = { created_at: 1_783_684_800_123, id: '0b9a1c7e-5a4f-4c1e-9d2b-6f1e2a3b4c5d' }
    const cursor = encodeFeedCursor(row)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(cursor).not.toContain(row.id)
    expect(decodeFeedCursor(cursor)).toEqual({ createdAt: row.created_at, id: row.id })
  })

  it('refuses tampered or foreign cursors with a field message', () => {
    const good = encodeFeedCursor({ created_at: 5, id: 'abc' })
    for (const cursor of ['', '%%%', `${good}!`, Buffer.from('5:a b').toString('base64url')]) {
      let thrown: unknown
      try {
        decodeFeedCursor(cursor)
      } catch (error) {
        thrown = error
      }
      expect(thrown, cursor).toBeInstanceOf(AppError)
      expect((thrown as AppError).status).toBe(400)
      expect((thrown as AppError).details).toHaveProperty('cursor')
    }
  })
})
