/** The server's default heartbeat; the watchdog learns the real one from the pings it sees. */
const ASSUMED_PING_GAP_MS = 25_000
const MIN_SILENCE_MS = 45_000
/** Missed heartbeats before the link is presumed dead. */
const MISSED_PINGS = 3

/**
 * Notices a live link that went quiet. A phone moving between cells can leave a socket "open"
 * for minutes after its route died; the server pings every heartbeat, so a long silence means
 * the link is gone even though no close event came.
 */
export class SilenceWatchdog {
  private timer: ReturnType<typeof setTimeout> | undefined
  private lastPingAt: number | null = null
  private pingGapMs = ASSUMED_PING_GAP_MS

  constructor(private readonly onSilent: () => void) {}

  /** Something arrived: the link is alive. Pings also teach the watchdog the heartbeat. */
  heard({ ping }: { ping: boolean }): void {
    if (ping) {
      const now = Date.now()
      if (this.lastPingAt !== null) this.pingGapMs = now - this.lastPingAt
      this.lastPingAt = now
    }
    this.arm()
  }

  arm(): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(this.onSilent, Math.max(MIN_SILENCE_MS, MISSED_PINGS * this.pingGapMs))
  }

  disarm(): void {
    clearTimeout(this.timer)
    this.lastPingAt = null
  }
}
