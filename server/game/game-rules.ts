import type { Badge, GameState } from '../../shared/game/game.schema'
import { previousDate } from '../../shared/lineup/festival-day'
import type { GameRules, LevelGrant, QuestId } from './game-config'
import { QUEST_IDS } from './game-config'

/** What the database says a user has done: every quest is checked against this, never a claim. */
export interface Progress {
  hasVibe: boolean
  /** Festival days (YYYY-MM-DD) with a vibe created or updated, ascending. */
  vibeDays: string[]
  /** The festival day the user's current WiFi pass was taken, if they have one. */
  passDay: string | null
  /** Different stages checked in at. */
  stages: number
  /** Stages in the lineup: no more can be checked in at (the hint counts on no more). */
  stagesInLineup: number
  /** Friends counted for this user: those they invited (capped) and the one who invited them. */
  friends: number
  /** Sets starred in my schedule; null while the app has no schedule (the quest stays hidden). */
  starredSets: number | null
  /** Badges already awarded, with when (ms). */
  awards: ReadonlyMap<string, number>
}

/** The quests this festival plays: configured, and whose feature exists. */
export function activeQuests(rules: GameRules, progress: Pick<Progress, 'starredSets'>) {
  return QUEST_IDS.filter((id) => {
    if (!rules.quests[id]) return false
    if (id === 'early-bird') return rules.firstDay !== undefined
    if (id === 'planner') return progress.starredSets !== null
    return true
  })
}

/** Quests done by what the database says now (awarded or not yet). */
export function completedQuests(rules: GameRules, progress: Progress): QuestId[] {
  return activeQuests(rules, progress).filter((id) => {
    const count = counted(id, progress)
    const quest = rules.quests[id]!
    if ('target' in quest) return count >= quest.target
    if (id === 'early-bird') return progress.passDay !== null && progress.passDay < rules.firstDay!
    return count >= 1
  })
}

/** Points: every awarded badge's, plus each counted stage and friend where those pay per step. */
export function pointsOf(rules: GameRules, progress: Progress): number {
  let total = 0
  for (const id of activeQuests(rules, progress)) {
    const quest = rules.quests[id]!
    if (progress.awards.has(id)) total += quest.points
    if ('pointsEach' in quest) total += quest.pointsEach * counted(id, progress)
  }
  return total
}

export function levelFor(rules: GameRules, points: number): LevelGrant {
  let reached = rules.levels[0]!
  for (const level of rules.levels) if (points >= level.points) reached = level
  return reached
}

/** The whole game state of one user, as the "Your level" card shows it. */
export function gameState(
  rules: GameRules,
  progress: Progress,
  today: string,
  inviteUrl: string,
): GameState {
  const points = pointsOf(rules, progress)
  const level = levelFor(rules, points)
  const next = rules.levels[level.level] // levels are 1-based, so this is the one after
  return {
    level: level.level,
    points,
    grant: grantOf(level),
    next: next
      ? {
          level: next.level,
          points: next.points,
          grant: grantOf(next),
          hint: nextStep(rules, progress, next.points - points),
        }
      : null,
    badges: activeQuests(rules, progress).map((id) => badgeOf(rules, progress, id, today)),
    inviteUrl,
  }
}

const grantOf = ({ sessionMinutes, devices, dataQuotaMb }: LevelGrant) => ({
  sessionMinutes,
  devices,
  dataQuotaMb,
})

function counted(id: QuestId, progress: Progress): number {
  switch (id) {
    case 'vibe-set':
      return progress.hasVibe ? 1 : 0
    case 'daily-vibe':
      return progress.vibeDays.length
    case 'stage-hopper':
      return progress.stages
    case 'crew':
      return progress.friends
    case 'planner':
      return progress.starredSets ?? 0
    case 'early-bird':
      return progress.passDay === null ? 0 : 1
  }
}

const UNITS: Partial<Record<QuestId, [string, string]>> = {
  'daily-vibe': ['day with a vibe update', 'days with a vibe update'],
  'stage-hopper': ['stage', 'stages'],
  crew: ['friend', 'friends'],
  planner: ['starred set', 'starred sets'],
}

/**
 * The fewest steps of one quest that reach the next level ("2 more stages"), or the points still
 * missing when no single quest gets there.
 */
function nextStep(rules: GameRules, progress: Progress, missing: number): string {
  let best: { steps: number; text: string } | undefined
  for (const id of activeQuests(rules, progress)) {
    const quest = rules.quests[id]!
    const awarded = progress.awards.has(id)
    const unit = UNITS[id]
    if (!unit) {
      if (awarded || id === 'early-bird' || quest.points < missing) continue
      const text = id === 'vibe-set' ? 'set your vibe' : ''
      if (text && (!best || best.steps > 1)) best = { steps: 1, text }
      continue
    }
    const target = 'target' in quest ? quest.target : 1
    const each = 'pointsEach' in quest ? quest.pointsEach : 0
    const now = counted(id, progress)
    const cap =
      id === 'crew' && 'maxPerInviter' in quest
        ? quest.maxPerInviter
        : id === 'stage-hopper'
          ? progress.stagesInLineup
          : Number.POSITIVE_INFINITY
    for (let steps = 1; steps <= 50 && now + steps <= cap; steps++) {
      const bonus = !awarded && now + steps >= target ? quest.points : 0
      if (steps * each + bonus < missing) continue
      if (!best || steps < best.steps) {
        best = { steps, text: `${steps} more ${steps === 1 ? unit[0] : unit[1]}` }
      }
      break
    }
  }
  return best?.text ?? `${missing} more ${missing === 1 ? 'point' : 'points'}`
}

export const BADGE_NAMES: Record<QuestId, string> = {
  'vibe-set': 'Vibe set',
  'daily-vibe': 'Daily vibe',
  'stage-hopper': 'Stage hopper',
  crew: 'Crew',
  'early-bird': 'Early bird',
  planner: 'Planner',
}

function badgeOf(rules: GameRules, progress: Progress, id: QuestId, today: string): Badge {
  const quest = rules.quests[id]!
  const awardedAt = progress.awards.get(id)
  const target = 'target' in quest ? quest.target : null
  const each = 'pointsEach' in quest && quest.pointsEach > 0 ? quest.pointsEach : 0
  const badge: Badge = {
    id,
    name: BADGE_NAMES[id],
    description: howToEarn(rules, id, target ?? 1, each),
    points: quest.points,
    earnedAt: awardedAt === undefined ? null : new Date(awardedAt).toISOString(),
    progress: target === null ? null : { current: Math.min(counted(id, progress), target), target },
  }
  if (id === 'daily-vibe') badge.streak = streakOf(progress.vibeDays, today)
  return badge
}

function howToEarn(rules: GameRules, id: QuestId, target: number, each: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const perStep = (what: string) => (each > 0 ? ` Each ${what} gives ${each} points.` : '')
  switch (id) {
    case 'vibe-set':
      return 'Create your vibe.'
    case 'daily-vibe':
      return `Update your vibe on ${plural(target, 'festival day', 'different festival days')}.`
    case 'stage-hopper':
      return `Check in at ${plural(target, 'stage', 'different stages')}: scan or type the code shown at the stage.${perStep('stage')}`
    case 'crew': {
      const max = rules.quests.crew?.maxPerInviter ?? 0
      return `Invite ${plural(target, 'friend', 'friends')} with your link: they sign up and set a vibe.${each > 0 ? ` Each friend gives you both ${each} points (up to ${max} friends).` : ''}`
    }
    case 'early-bird':
      return `Get your WiFi pass before the festival's first day (${rules.firstDay}).`
    case 'planner':
      return `Star ${plural(target, 'set', 'sets')} in your schedule.`
  }
}

/** Festival days in a row with a vibe update, ending today (or yesterday: today may still come). */
export function streakOf(days: readonly string[], today: string): number {
  const set = new Set(days)
  let day = set.has(today) ? today : previousDate(today)
  let streak = 0
  while (set.has(day)) {
    streak += 1
    day = previousDate(day)
  }
  return streak
}
