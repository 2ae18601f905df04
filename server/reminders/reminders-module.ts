import type { Agent } from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config/config'
import type { AppDatabase } from '../db/database'
import type { LineupSnapshot } from '../lineup/lineup-snapshot'
import { PushSender } from './push-sender'
import { ReminderScheduler, type ScheduleSource } from './reminder-scheduler'
import { RemindersService } from './reminders.service'
import { loadVapidKeys } from './vapid-keys'

export interface RemindersFeature {
  service: RemindersService
  scheduler: ReminderScheduler
}

/** Wires the push reminders for one app instance: its keys, its service and its scheduler. */
export async function createReminders(options: {
  config: Config
  database: AppDatabase
  schedule: ScheduleSource
  lineup: { current(): Promise<LineupSnapshot | undefined> }
  /** The auth feature's kept secrets (the VAPID pair is kept like the JWT key). */
  keptSecret: (id: string, generate: () => string) => Promise<string>
  /** Tests trust their local push service through this. */
  pushAgent?: Agent
  now: () => number
  log: FastifyBaseLogger
}): Promise<RemindersFeature> {
  const { config, database, now, log } = options
  const vapid = await loadVapidKeys({
    configured: {
      publicKey: config.PUSH_VAPID_PUBLIC_KEY,
      privateKey: config.PUSH_VAPID_PRIVATE_KEY,
      subject: config.PUSH_SUBJECT,
    },
    keptSecret: options.keptSecret,
  })
  const service = new RemindersService({
    database,
    sender: new PushSender(vapid, options.pushAgent),
    publicKey: vapid.publicKey,
    enabled: config.PUSH_REMINDERS === 'on',
    serviceHosts: config.PUSH_SERVICE_HOSTS,
    now,
    log,
  })
  const scheduler = new ReminderScheduler({
    reminders: service,
    schedule: options.schedule,
    lineup: options.lineup,
    timeZone: config.FESTIVAL_TIME_ZONE,
    now,
    log,
  })
  return { service, scheduler }
}
