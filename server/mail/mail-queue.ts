import type { FastifyBaseLogger } from 'fastify'
import type { Mailer, OutgoingMail } from './mailer'

// Enough to keep an SMTP relay busy, few enough that a burst of requests cannot open hundreds of
// connections at once.
const CONCURRENCY = 4

type MailJob = () => Promise<OutgoingMail | undefined>

interface QueuedJob {
  label: string
  job: MailJob
  /** Jobs with the same key run one after another, in the order they were queued. */
  key: string | undefined
}

/**
 * Mail work done off the request path: an answer never waits for the database work and delivery
 * behind a mail, so its timing cannot tell whether an address has an account (issue 15). A job
 * prepares its mail (or decides there is none) and the queue sends it; failures are logged with
 * the job's label, never thrown at anyone. Jobs live in memory: a crash loses the mails queued
 * at that moment, and the person asks again.
 */
export class MailQueue {
  private readonly waiting: QueuedJob[] = []
  // Per key, the end of the last job started (its mail sent or failed).
  private readonly tails = new Map<string, Promise<void>>()
  private running = 0
  private idleWaiters: Array<() => void> = []

  constructor(
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Queues a job; returns at once. Jobs given the same `key` (an e-mail address) run and send in
   * the order they were queued, so the newest mail an address receives carries the link that is
   * still valid, and the last sign-up's password is the one stored (ADR 018).
   */
  later(label: string, job: MailJob, key?: string): void {
    this.waiting.push({ label, job, key })
    this.pump()
  }

  /** Resolves once every queued job has finished (shutdown and tests). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const next = this.waiting.shift()!
      this.running += 1
      void this.runJob(next).finally(() => {
        this.running -= 1
        this.pump()
        if (this.running === 0 && this.waiting.length === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve()
        }
      })
    }
  }

  private async runJob({ label, job, key }: QueuedJob): Promise<void> {
    // Started in queue order, so the tail found here is the previous job of this key.
    const previous = key === undefined ? undefined : this.tails.get(key)
    let release = () => {}
    const tail = new Promise<void>((resolve) => {
      release = resolve
    })
    if (key !== undefined) this.tails.set(key, tail)
    try {
      await previous
      const mail = await job()
      if (mail) await this.mailer.send(mail)
    } catch (error) {
      this.log.error({ err: error, job: label }, 'mail job failed')
    } finally {
      release()
      if (key !== undefined && this.tails.get(key) === tail) this.tails.delete(key)
    }
  }
}
