import { z } from 'zod'

/** The festival's public identity, configured by the organiser and shown across the app. */
export const FestivalInfoSchema = z.object({
  name: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  dayChangeHour: z.number().int(),
  wifiProvider: z.string(),
})

export type FestivalInfo = z.infer<typeof FestivalInfoSchema>
