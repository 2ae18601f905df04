import { z } from 'zod'

// The organiser's dashboard (docs/safety.md): counts only, never a person. The server's own
// classic zod; the browser imports the types.

/** How many hours of sign-ups the dashboard charts, one bar an hour, the current hour last. */
export const SIGN_UP_HOURS = 48

export const SignUpHourSchema = z.object({
  /** The hour's start, ISO-8601 UTC. */
  hour: z.string(),
  count: z.number().int().min(0),
})
export type SignUpHour = z.infer<typeof SignUpHourSchema>

export const OrganiserStatsSchema = z.object({
  generatedAt: z.string(),
  /** Accounts created in each of the last SIGN_UP_HOURS hours, oldest first. */
  signUpsPerHour: z.array(SignUpHourSchema),
  people: z.object({
    /** Every account. */
    accounts: z.number().int().min(0),
    /** Accounts with a vibe (the feed's people). */
    withVibe: z.number().int().min(0),
  }),
  online: z.object({
    /**
     * People signed in on the live channel of every instance: the answering instance's count now,
     * the others' as of their last heartbeat (ADR 035, addendum).
     */
    liveNow: z.number().int().min(0),
    /** The instances counted in `liveNow` (those that reported within three heartbeats). */
    liveInstances: z.number().int().min(1),
    /** People signed in on the live channel of the instance that answered. */
    liveOnThisInstance: z.number().int().min(0),
    /** Sessions that signed in or renewed their token in the last hour, on every instance. */
    sessionsActiveLastHour: z.number().int().min(0),
  }),
  wifi: z.object({
    /** Devices the portal ever let through (each counted once however often it came back). */
    devicesAdmitted: z.number().int().min(0),
    /** Devices whose gateway session has not ended. */
    devicesConnectedNow: z.number().int().min(0),
  }),
  reports: z.object({
    /** Reports no moderator has acted on yet. */
    open: z.number().int().min(0),
    /** Reports a moderator handled (restored or removed the vibe). */
    handled: z.number().int().min(0),
    /** Vibes hidden pending review. */
    hiddenVibes: z.number().int().min(0),
  }),
})
export type OrganiserStats = z.infer<typeof OrganiserStatsSchema>
