import { z } from 'zod'

/** The festival's public identity, configured by the organiser and shown across the app. */
export const FestivalInfoSchema = z.object({
  name: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  dayChangeHour: z.number().int(),
  wifiProvider: z.string(),
  /** The zone's UTC offsets around the festival: the browser's clock without ICU (ADR 038). */
  zoneOffsets: z.object({
    timeZone: z.string(),
    from: z.number(),
    until: z.number(),
    changes: z.array(z.object({ at: z.number(), minutes: z.number().int() })).min(1),
  }),
})

export type FestivalInfo = z.infer<typeof FestivalInfoSchema>
