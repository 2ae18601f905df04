import type { OwnVibe, Vibe } from '../../shared/vibes/vibe.schema'
import type { VibeRow } from './vibes.repository'

/** The only way a vibe row leaves the server: listed fields, ISO-8601 UTC times. */
export function presentVibe(row: VibeRow): Vibe {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    emoji: row.emoji,
    status: row.status,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  }
}

/** A vibe as its author sees it: with where it stands with the moderators. */
export function presentOwnVibe(row: VibeRow): OwnVibe {
  return {
    ...presentVibe(row),
    moderation: { state: row.moderation, reason: row.moderation_reason },
  }
}
