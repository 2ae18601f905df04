import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import { SafetyService, type SafetySources } from './safety.service'
import { loadWordList } from './word-list'

/** Wires the safety feature for one app instance; a bad MODERATION_WORDS_FILE stops the start. */
export function createSafety(options: {
  config: Config
  database: AppDatabase
  sources: SafetySources
  now: () => number
  log: FastifyBaseLogger
}): SafetyService {
  const { config } = options
  return new SafetyService({
    database: options.database,
    sources: options.sources,
    words: loadWordList(config),
    reportsToHide: config.MODERATION_REPORTS_TO_HIDE,
    now: options.now,
    log: options.log,
  })
}
