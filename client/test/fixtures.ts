import type { Vibe } from '../../shared/vibes/vibe.schema'

/** A vibe as the API answers it: Luna's, unless `overrides` say otherwise. */
export const aVibe = (overrides: Partial<Vibe> = {}): Vibe => ({
  id: 'v1',
  userId: 'u1',
  username: 'Luna',
  emoji: '🎉',
  status: 'Front row',
  createdAt: '2026-07-10T12:00:00.000Z',
  updatedAt: '2026-07-10T12:00:00.000Z',
  ...overrides,
})

/** A feed entry of its own per `id` (user, name and status follow from it). */
export const vibeWithId = (id: string, overrides: Partial<Vibe> = {}): Vibe =>
  aVibe({
    id,
    userId: `user-${id}`,
    username: `fan ${id}`,
    status: `status ${id}`,
    createdAt: '2025-07-19T20:00:00.000Z',
    updatedAt: '2025-07-19T20:00:00.000Z',
    ...overrides,
  })
