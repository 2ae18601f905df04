import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type Config, ConfigError } from '../config/config'
import defaultGameFile from './default-game.json'

/** The quests the server knows how to check, in the order the badge grid shows them. */
export const QUEST_IDS = [
  'vibe-set',
  'daily-vibe',
  'stage-hopper',
  'crew',
  'early-bird',
  'planner',
] as const
export type QuestId = (typeof QUEST_IDS)[number]

const points = z.number().int().min(0).max(100_000)
const target = z.number().int().min(1).max(1000)

/** A one-off quest: its badge's points. */
const OnceQuest = z.strictObject({ points })
/** A quest with a count to reach (days, sets, stages, friends). */
const CountQuest = z.strictObject({ points, target })
/** A count quest whose every counted step also gives points (a stage, a friend). */
const StepQuest = z.strictObject({ points, target, pointsEach: points.default(0) })

const LevelSchema = z.strictObject({
  /** Points needed; the first level needs 0. */
  points,
  /** A WiFi session's length at this level; WIFI_SESSION_MINUTES when left out. */
  sessionMinutes: z.number().int().min(1).max(10_080).optional(),
  /** Devices online at once; WIFI_DEVICES_PER_ACCOUNT when left out. */
  devices: z.number().int().min(1).max(50).optional(),
  /** Download quota per WiFi session in MB (openNDS counts quotas per session); 0: none. */
  dataQuotaMb: z.number().int().min(0).max(1_000_000).optional(),
})

/** The organiser's game: what each quest is worth, the levels and what they grant. */
export const GameFileSchema = z
  .strictObject({
    // A quest left out is switched off: it is not shown and gives nothing.
    quests: z.strictObject({
      'early-bird': OnceQuest.optional(),
      'vibe-set': OnceQuest.optional(),
      'daily-vibe': CountQuest.optional(),
      planner: CountQuest.optional(),
      crew: StepQuest.extend({ maxPerInviter: z.number().int().min(0).max(1000) }).optional(),
      'stage-hopper': StepQuest.optional(),
    }),
    levels: z.array(LevelSchema).min(1).max(50),
    stageCodes: z.strictObject({
      /** How often a stage's code changes; a code is good in its window and the one before. */
      rotateMinutes: z.number().int().min(1).max(120),
      /** Codes one user may try per window (typos included). */
      triesPerWindow: z.number().int().min(1).max(1000),
    }),
    invites: z.strictObject({
      /** An invite counts only for an account this new when it follows the link. */
      acceptWithinHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 365),
    }),
  })
  .superRefine((game, ctx) => {
    // Every quest switched on must be possible: a player's crew stops at maxPerInviter friends.
    const crew = game.quests.crew
    if (crew && crew.target > crew.maxPerInviter) {
      ctx.addIssue({
        code: 'custom',
        path: ['quests', 'crew', 'target'],
        message: `must be at most maxPerInviter (${crew.maxPerInviter}), or no player could earn the Crew badge; leave "crew" out to switch it off`,
      })
    }
    if (game.levels[0]!.points !== 0) {
      ctx.addIssue({ code: 'custom', path: ['levels', 0, 'points'], message: 'must be 0' })
    }
    game.levels.forEach((level, index) => {
      if (index > 0 && level.points <= game.levels[index - 1]!.points) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', index, 'points'],
          message: 'must be more than the level before',
        })
      }
    })
  })
export type GameFile = z.infer<typeof GameFileSchema>

/** What a level grants, with the WiFi defaults filled in. */
export interface LevelGrant {
  /** 1-based. */
  level: number
  points: number
  sessionMinutes: number
  devices: number
  /** MB per session; 0 for none. */
  dataQuotaMb: number
}

export interface GameRules {
  quests: GameFile['quests']
  levels: LevelGrant[]
  stageCodes: GameFile['stageCodes']
  invites: GameFile['invites']
  /** The festival's first day (YYYY-MM-DD), for the early bird; the quest is off without it. */
  firstDay: string | undefined
}

/**
 * The game of GAME_CONFIG_FILE, or the shipped defaults (server/game/default-game.json), checked
 * once at start-up: a bad file stops the server with every problem named.
 */
export function loadGameRules(config: Config): GameRules {
  const path = config.GAME_CONFIG_FILE
  const json = path ? readJson(path) : defaultGameFile
  const parsed = GameFileSchema.safeParse(json)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `GAME_CONFIG_FILE: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
      ),
    )
  }
  return rulesOf(parsed.data, config)
}

export function rulesOf(game: GameFile, config: Config): GameRules {
  return {
    quests: game.quests,
    levels: game.levels.map((level, index) => ({
      level: index + 1,
      points: level.points,
      sessionMinutes: level.sessionMinutes ?? config.WIFI_SESSION_MINUTES,
      devices: level.devices ?? config.WIFI_DEVICES_PER_ACCOUNT,
      dataQuotaMb: level.dataQuotaMb ?? 0,
    })),
    stageCodes: game.stageCodes,
    invites: game.invites,
    firstDay: config.FESTIVAL_FIRST_DAY,
  }
}

function readJson(path: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError([`GAME_CONFIG_FILE: cannot read ${path} (${(error as Error).message})`])
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ConfigError([`GAME_CONFIG_FILE: ${path} is not JSON (${(error as Error).message})`])
  }
}
