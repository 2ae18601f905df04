import { z } from 'zod'
import { ONE_LINE_TEXT_RULES } from '../text/text-rules'

export const LINEUP_NAME_MAX_LENGTH = 100
export const LINEUP_STAGE_MAX_LENGTH = 60
/** More sets than any festival has; a bigger file is a mistake, not a lineup. */
export const LINEUP_MAX_SETS = 2000

const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, { message: 'is required', abort: true })
    .max(max, `must be at most ${max} characters`)

// An artist's name or a stage as it comes in (an upstream, an import file): also the one-line text
// rules of every text field (ADR 023), so nobody can store broken, invisible or piled-up text.
// The answer's schema does not apply them: a lineup stored before them is still served.
const incomingText = (max: number) =>
  ONE_LINE_TEXT_RULES.reduce(
    (text, rule) => text.refine(rule.holds, rule.problem),
    requiredText(max),
  )

/** A festival day, the calendar date the organiser files a set under (YYYY-MM-DD). */
export const FestivalDateSchema = z.iso.date({ error: 'must be a date such as 2026-07-10' })

/** A set time: an ISO-8601 instant in UTC, so nobody has to guess the offset. */
export const SetTimeSchema = z.union(
  // With seconds (and fractions), or without seconds as people often write by hand.
  [z.iso.datetime(), z.iso.datetime({ precision: -1 })],
  { error: 'must be an ISO-8601 UTC time such as 2026-07-10T20:30:00Z' },
)

function checkSetTimes(
  item: { start?: string | undefined; end?: string | undefined },
  context: z.RefinementCtx,
) {
  if (item.end === undefined) return
  if (item.start === undefined) {
    context.addIssue({ code: 'custom', path: ['end'], message: 'needs a start time' })
  } else if (Date.parse(item.end) <= Date.parse(item.start)) {
    context.addIssue({ code: 'custom', path: ['end'], message: 'must be after the start' })
  }
}

/**
 * A set's own id in the organiser's lineup, when it has one: it keeps the set's identity (stars,
 * reminders) through a change of time, day or stage. Without it a set is known by its festival
 * day, stage and artist (docs/companion.md, "A set's identity").
 */
export const SetIdSchema = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')

/** One set on the lineup, as it is stored. */
export const LineupItemSchema = z
  .object({
    id: SetIdSchema.optional(),
    name: requiredText(LINEUP_NAME_MAX_LENGTH),
    stage: requiredText(LINEUP_STAGE_MAX_LENGTH),
    date: FestivalDateSchema,
    start: SetTimeSchema.optional(),
    end: SetTimeSchema.optional(),
  })
  .superRefine(checkSetTimes)

export type LineupItem = z.infer<typeof LineupItemSchema>

/** One set as the API serves it: with `key`, its stable identity (stars, reminders, sharing). */
export const LineupSetSchema = z
  .object({
    key: z.string(),
    id: SetIdSchema.optional(),
    name: requiredText(LINEUP_NAME_MAX_LENGTH),
    stage: requiredText(LINEUP_STAGE_MAX_LENGTH),
    date: FestivalDateSchema,
    start: SetTimeSchema.optional(),
    end: SetTimeSchema.optional(),
  })
  .superRefine(checkSetTimes)

export type LineupSet = z.infer<typeof LineupSetSchema>

// Spreadsheets and hand-written JSON leave blanks and nulls for "no value".
const blankAsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => trimmed(blankAsMissing(value)), schema.optional())

/**
 * One row of an import file (JSON or CSV). `date` may be left out when `start` is given: it is
 * then the festival day of the start time (see `festivalDayOf`).
 */
export const LineupFileRowSchema = z
  .object({
    // A spreadsheet's or a JSON file's numeric ids are ids too.
    id: optional(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), SetIdSchema)),
    name: z.preprocess(blankAsMissing, incomingText(LINEUP_NAME_MAX_LENGTH)),
    stage: z.preprocess(blankAsMissing, incomingText(LINEUP_STAGE_MAX_LENGTH)),
    date: optional(FestivalDateSchema),
    start: optional(SetTimeSchema),
    end: optional(SetTimeSchema),
  })
  .superRefine(checkSetTimes)
  .superRefine((row, context) => {
    if (row.date === undefined && row.start === undefined) {
      context.addIssue({ code: 'custom', path: ['date'], message: 'is required without a start' })
    }
  })

export type LineupFileRow = z.infer<typeof LineupFileRowSchema>

/** A JSON lineup file: an array of rows, or an object whose `data` is that array. */
export const LineupJsonFileSchema = z.union(
  [z.array(z.unknown()), z.object({ data: z.array(z.unknown()) })],
  { error: 'must be an array of sets, or an object with a "data" array of sets' },
)

/** The columns of a CSV lineup file, in the documented order. */
export const LINEUP_CSV_COLUMNS = ['name', 'stage', 'date', 'start', 'end', 'id'] as const

/** `GET /api/lineup` when it succeeds: the spec's envelope. */
export const LineupResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(LineupSetSchema),
  /** When the lineup's content last changed (not when it was last fetched). */
  lastUpdated: z.iso.datetime(),
})

export type LineupResponse = z.infer<typeof LineupResponseSchema>

/** `GET /api/lineup` when it fails: the same envelope with a message, never an HTML page. */
export const LineupFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
})

export type LineupFailure = z.infer<typeof LineupFailureSchema>
