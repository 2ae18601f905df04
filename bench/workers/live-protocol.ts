/** Messages between the orchestrator and a live-clients worker (over the child's IPC channel). */
export type ToWorker =
  | { type: 'prepare'; baseUrl: string; refreshTokens: string[] }
  | { type: 'connect' }
  | { type: 'stats' }
  | { type: 'reset' }
  | { type: 'close' }

export type FromWorker =
  | { type: 'prepared'; sessions: number; failed: number; firstError?: string }
  | { type: 'opened'; ready: number; failed: number; firstError?: string }
  | {
      type: 'stats'
      histogram: Array<[number, number]>
      /** Per write: [sequence number, clients reached, slowest arrival in ms]. */
      perWrite: Array<[number, number, number]>
      open: number
      dropped: number
    }
  | { type: 'closed' }

/** Marks a bench write in the vibe status: `bench <seq> <epoch ms when the write was sent>`. */
export const STATUS_PREFIX = 'bench '
export const benchStatus = (seq: number, sentAtMs: number) => `${STATUS_PREFIX}${seq} ${sentAtMs}`
