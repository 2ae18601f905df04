import type { AccountService } from './account/account.service'
import type { AuthService } from './auth/auth.service'
import type { BlocksService } from './blocks/blocks.service'
import type { Config } from './config/config'
import type { AppDatabase } from './db/database'
import type { ChangeBus } from './events/change-bus'
import type { GameService } from './game/game.service'
import type { LineupService } from './lineup/lineup.service'
import type { LiveHub } from './live/live-hub'
import type { LivePresence } from './live/live-presence'
import type { ReminderScheduler } from './reminders/reminder-scheduler'
import type { RemindersService } from './reminders/reminders.service'
import type { SafetyService } from './safety/safety.service'
import type { ScheduleService } from './schedule/schedule.service'
import type { UserCountService } from './users/user-count.service'
import type { VibesService } from './vibes/vibes.service'
import type { WifiFeature } from './wifi/wifi-module'

/** What every route and service reaches through `app.ctx`: built once per app instance. */
export interface AppContext {
  config: Config
  database: AppDatabase
  /** Milliseconds since the epoch; tests replace it to move time. */
  now: () => number
  /** Committed changes (vibes, the user count), fanned out to live subscribers. */
  changes: ChangeBus
  auth: AuthService
  vibes: VibesService
  userCount: UserCountService
  /** The gateways' captive portal and the app's WiFi pass. */
  wifi: WifiFeature
  /** Quests, badges and levels; a level's WiFi allowance (docs/game.md). */
  game: GameService
  /** The lineup being served (its ETag, stages). */
  lineup: LineupService
  /** My schedule: stars, programme changes, my crew's picks, my calendar (docs/companion.md). */
  schedule: ScheduleService
  /** Browsers' push subscriptions, and sending reminders at most once (docs/reminders.md). */
  reminders: RemindersService
  /** This instance's reminder ticks and programme-change pushes. */
  reminderScheduler: ReminderScheduler
  /** Reports, moderation, suspensions, the word list and the audit log (docs/safety.md). */
  safety: SafetyService
  /** This instance's live sockets (WebSocket); `stats` says how many and what fan-out cost. */
  live: LiveHub
  /** Every instance's live viewers, reported at each heartbeat ("online now" for organisers). */
  livePresence: LivePresence
  /** Blocks: whom I blocked, and whom each person's screens hide (docs/privacy.md). */
  blocks: BlocksService
  /** My account as a whole: my data export, and deleting it (docs/privacy.md). */
  account: AccountService
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext
  }
}
