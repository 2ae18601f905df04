import { z } from 'zod'
import { LineupSetSchema } from '../lineup/lineup.schema'

// My schedule (the festival companion, docs/companion.md): stars on sets, what changed in the
// programme since I starred them, my crew's picks, the calendar feed and reminders.

/** A set's stable identity in the lineup (`LineupItem.key`): its `id`, or a hash of day, stage, artist. */
export const SetKeySchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9._:-]+$/, 'This is not a set of the lineup')

export const SetKeyParamsSchema = z.object({ key: SetKeySchema })

/** How a starred set changed since I starred it or last saw its change. */
export const SetChangeSchema = z.discriminatedUnion('kind', [
  /** Still on, but at another time, day or stage (any of them): `now` is the set as it is. */
  z.object({ kind: z.literal('changed'), now: LineupSetSchema }),
  /** No longer on the lineup. */
  z.object({ kind: z.literal('cancelled') }),
])
export type SetChange = z.infer<typeof SetChangeSchema>

/** One of my stars: the set as I last saw it, and how it has changed since, if it has. */
export const StarSchema = z.object({
  key: SetKeySchema,
  starredAt: z.iso.datetime(),
  /** The set when I starred it (or acknowledged its last change). */
  seen: LineupSetSchema,
  change: SetChangeSchema.nullable(),
})
export type Star = z.infer<typeof StarSchema>

export { REMINDER_MINUTES } from './reminder-minutes'

/** My reminder choices: minutes before a starred set (null: none) and whether changes are pushed. */
export const ReminderSettingsSchema = z.object({
  minutesBefore: z
    .union([z.literal(5), z.literal(10), z.literal(15), z.literal(30)], {
      error: 'Reminders can be 5, 10, 15 or 30 minutes before a set',
    })
    .nullable(),
  changes: z.boolean(),
})
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>

/** `GET /api/schedule`: my stars, by the order of the lineup. */
export const ScheduleSchema = z.object({
  stars: z.array(StarSchema),
  reminders: ReminderSettingsSchema,
})
export type Schedule = z.infer<typeof ScheduleSchema>

/** `POST /api/schedule/changes/seen`: I have seen these sets' changes (a cancelled one is unstarred). */
export const ChangesSeenSchema = z.object({ keys: z.array(SetKeySchema).min(1).max(500) })

/** A person as the companion shows them: their vibe's name and emoji. */
export const PersonSchema = z.object({
  userId: z.string(),
  username: z.string(),
  emoji: z.string(),
})
export type Person = z.infer<typeof PersonSchema>

/** My share link: read-only, revocable (a new one ends the old one and its followers). */
export const ShareLinkSchema = z.object({ code: z.string(), url: z.string() })
export type ShareLink = z.infer<typeof ShareLinkSchema>

export const ShareCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This share link is not valid')

export const ShareCodeParamsSchema = z.object({ code: ShareCodeSchema })

/** `GET /api/schedule/shared/:code`: whose picks these are, and the sets they starred. */
export const SharedPicksSchema = z.object({
  owner: PersonSchema,
  keys: z.array(SetKeySchema),
  /** Whether I already follow them. */
  following: z.boolean(),
})
export type SharedPicks = z.infer<typeof SharedPicksSchema>

export const FollowSchema = z.object({ code: ShareCodeSchema })

export const FollowedParamsSchema = z.object({ userId: z.uuid('This is not a person') })

/** `GET /api/schedule/crew`: the people I follow, and which of them starred which set. */
export const CrewSchema = z.object({
  following: z.array(PersonSchema),
  /** Set key → the user ids (of `following`) who starred it. */
  picks: z.record(SetKeySchema, z.array(z.string())),
})
export type Crew = z.infer<typeof CrewSchema>

/** My calendar feed's address (webcal://…); a new one revokes the old one. */
export const CalendarLinkSchema = z.object({ url: z.string(), httpsUrl: z.string() })
export type CalendarLink = z.infer<typeof CalendarLinkSchema>

export const CalendarTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'This calendar does not exist'),
})
