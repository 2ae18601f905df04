import { type ChildProcess, spawn } from 'node:child_process'
import type { FromWorker, ToWorker } from '../workers/live-protocol'
import { fromSparse, type Percentiles, percentiles } from './histogram'

export interface FleetStats {
  deliveries: Percentiles
  /** Per write: clients reached and the slowest arrival (the write's time to every client). */
  perWrite: Map<number, { reached: number; maxMs: number }>
  open: number
  dropped: number
}

/** The live clients, spread over a few worker processes (bench/workers/live-clients.ts). */
export class LiveFleet {
  private constructor(private readonly workers: ChildProcess[]) {}

  static start(count: number): LiveFleet {
    const workers = Array.from({ length: count }, () =>
      spawn(process.execPath, ['--import', 'tsx', 'bench/workers/live-clients.ts'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    )
    return new LiveFleet(workers)
  }

  /** Trades the refresh tokens for access tokens through the auth API, shared out over workers. */
  async prepare(baseUrl: string, refreshTokens: string[]) {
    const shares = this.workers.map((_, index) =>
      refreshTokens.filter((_, i) => i % this.workers.length === index),
    )
    const answers = await Promise.all(
      this.workers.map((worker, index) =>
        this.ask(worker, { type: 'prepare', baseUrl, refreshTokens: shares[index]! }, 'prepared'),
      ),
    )
    return {
      sessions: answers.reduce((sum, answer) => sum + answer.sessions, 0),
      ...summarizeFailures(answers),
    }
  }

  /** Opens and authenticates one socket per prepared session. */
  async connect() {
    const answers = await Promise.all(
      this.workers.map((worker) => this.ask(worker, { type: 'connect' }, 'opened')),
    )
    return {
      ready: answers.reduce((sum, answer) => sum + answer.ready, 0),
      ...summarizeFailures(answers),
    }
  }

  reset(): void {
    for (const worker of this.workers) worker.send({ type: 'reset' } satisfies ToWorker)
  }

  async stats(): Promise<FleetStats> {
    const answers = await Promise.all(
      this.workers.map((worker) => this.ask(worker, { type: 'stats' }, 'stats')),
    )
    const perWrite = new Map<number, { reached: number; maxMs: number }>()
    for (const answer of answers) {
      for (const [seq, reached, maxMs] of answer.perWrite) {
        const entry = perWrite.get(seq) ?? { reached: 0, maxMs: 0 }
        perWrite.set(seq, { reached: entry.reached + reached, maxMs: Math.max(entry.maxMs, maxMs) })
      }
    }
    return {
      deliveries: percentiles(fromSparse(answers.map((answer) => answer.histogram))),
      perWrite,
      open: answers.reduce((sum, answer) => sum + answer.open, 0),
      dropped: answers.reduce((sum, answer) => sum + answer.dropped, 0),
    }
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        if (!worker.connected) return
        await this.ask(worker, { type: 'close' }, 'closed').catch(() => undefined)
      }),
    )
    for (const worker of this.workers) if (worker.exitCode === null) worker.kill()
  }

  private ask<T extends FromWorker['type']>(
    worker: ChildProcess,
    message: ToWorker,
    answer: T,
  ): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: FromWorker) => {
        if (reply.type !== answer) return
        worker.off('message', onMessage)
        worker.off('exit', onExit)
        resolve(reply as Extract<FromWorker, { type: T }>)
      }
      const onExit = (code: number | null) => reject(new Error(`live worker exited (${code})`))
      worker.on('message', onMessage)
      worker.once('exit', onExit)
      worker.send(message)
    })
  }
}

function summarizeFailures(answers: Array<{ failed: number; firstError?: string }>) {
  return {
    failed: answers.reduce((sum, answer) => sum + answer.failed, 0),
    firstError: answers.find((answer) => answer.firstError)?.firstError,
  }
}
