import type { FastifyBaseLogger } from 'fastify'
import type { FestivalClock } from '../../shared/lineup/festival-day'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import type { ChangeBus } from '../events/change-bus'
import { RateLimiter } from '../rate-limit/rate-limiter'
import { GameService, type GameSources } from './game.service'
import { loadGameRules } from './game-config'
import { StageCodes } from './stage-codes'

/** Wires the game for one app instance; a bad GAME_CONFIG_FILE stops the start. */
export function createGame(options: {
  config: Config
  database: AppDatabase
  changes: ChangeBus
  sources: GameSources
  deriveKey: (purpose: string) => Buffer
  now: () => number
  log: FastifyBaseLogger
}): GameService {
  const { config, database, now } = options
  const rules = loadGameRules(config)
  const clock: FestivalClock = {
    timeZone: config.FESTIVAL_TIME_ZONE,
    dayChangeHour: config.FESTIVAL_DAY_CHANGE_HOUR,
  }
  return new GameService({
    database,
    changes: options.changes,
    rules,
    clock,
    codes: new StageCodes(
      options.deriveKey('game:stage-codes'),
      rules.stageCodes.rotateMinutes * 60_000,
    ),
    limiter: new RateLimiter(
      database,
      rules.stageCodes.rotateMinutes * 60_000,
      config.RATE_LIMIT === 'on',
      now,
    ),
    sources: options.sources,
    now,
    log: options.log,
  })
}
