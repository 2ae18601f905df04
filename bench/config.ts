/** Sizes of every measurement: the full run the issue defines, and a quick one for CI. */
export interface BenchPlan {
  quick: boolean
  /** Vibes for the small-table feed run, then for the big one. */
  smallVibes: number
  bigVibes: number
  /** Users signed up through the API (real argon2id hashes, real sessions). */
  apiUsers: number
  warmupS: number
  durationS: number
  feedConnections: number
  /** The feed's fixed request rate while its latency is compared idle vs. during a sign-in storm. */
  stormFeedRate: number
  signInConnections: number
  refreshConnections: number
  startupRuns: number
  /**
   * Lighthouse runs per screen; the median by performance score is reported. Five, as Lighthouse's
   * own guidance on variance suggests: on this shared machine one screen's TBT moved 2–3× between
   * runs of the same build, and a median of three followed single runs too closely.
   */
  lighthouseRuns: number
  /** Seeded users who check in at every stage, and as many who update their vibe on a new day. */
  gameUsers: number
  liveClients: number
  liveWorkers: number
  /**
   * Seeded users whose vibes the live writes change, in turn. Many, so that no vibe is written
   * again before its last change arrived: the relay sends a vibe's current row, so a quick
   * second write to the same vibe would replace the first one's message.
   */
  liveWriters: number
  deliveryRate: number
  deliveryS: number
  /** Change rates tried, in order, for the highest one keeping p99 under 1 s. */
  rateSteps: number[]
  rateStepS: number
}

export const FULL_PLAN: BenchPlan = {
  quick: false,
  smallVibes: 1_000,
  bigVibes: 100_000,
  apiUsers: 12,
  warmupS: 3,
  durationS: 10,
  feedConnections: 50,
  stormFeedRate: 200,
  signInConnections: 16,
  refreshConnections: 50,
  startupRuns: 5,
  lighthouseRuns: 5,
  gameUsers: 1_000,
  liveClients: 10_000,
  liveWorkers: 2,
  liveWriters: 200,
  deliveryRate: 10,
  deliveryS: 15,
  rateSteps: [1, 2, 5, 10, 20, 30, 40, 60, 80, 120, 160, 240],
  rateStepS: 6,
}

export const QUICK_PLAN: BenchPlan = {
  quick: true,
  smallVibes: 200,
  bigVibes: 2_000,
  apiUsers: 4,
  warmupS: 1,
  durationS: 2,
  feedConnections: 20,
  stormFeedRate: 100,
  signInConnections: 8,
  refreshConnections: 20,
  startupRuns: 1,
  lighthouseRuns: 1,
  gameUsers: 100,
  liveClients: 400,
  liveWorkers: 2,
  liveWriters: 20,
  deliveryRate: 10,
  deliveryS: 3,
  rateSteps: [2, 10, 40],
  rateStepS: 2,
}
