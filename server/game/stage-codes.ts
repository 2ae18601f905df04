import { createHmac, timingSafeEqual } from 'node:crypto'
import { STAGE_CODE_LENGTH } from '../../shared/game/game.schema'
import { PASS_CODE_ALPHABET } from '../wifi/wifi-secrets'

/** An old code is told apart from a wrong one this far back (then it is just "not valid"). */
const EXPIRED_LOOKBACK_MS = 60 * 60_000

export type StageCodeMatch =
  | { kind: 'valid'; stage: string }
  | { kind: 'expired'; stage: string }
  | { kind: 'invalid' }

/**
 * The rotating codes shown at the stages: an HMAC of the stage and the time window under a server
 * key, so nobody can make one without the server, and one seen an hour ago is useless. A code is
 * good in its window and the one before (a phone scanning just as it changes).
 */
export class StageCodes {
  constructor(
    private readonly key: Buffer,
    readonly rotateMs: number,
  ) {}

  windowOf(now: number): number {
    return Math.floor(now / this.rotateMs)
  }

  /** When the current window ends (the screen page reloads then). */
  windowEndsAt(now: number): number {
    return (this.windowOf(now) + 1) * this.rotateMs
  }

  codeFor(stage: string, window: number): string {
    const digest = createHmac('sha256', this.key).update(`${window}\n${stage}`).digest()
    let code = ''
    // 6 symbols of 32 from the first 6 bytes: the modulo is exact, 256 = 8 x 32.
    for (let i = 0; i < STAGE_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[digest[i]! % 32]
    return code
  }

  current(stage: string, now: number): string {
    return this.codeFor(stage, this.windowOf(now))
  }

  /** Which stage a typed code is for, if any; the stages are few, so each is tried. */
  match(typed: string, stages: readonly string[], now: number): StageCodeMatch {
    const code = normalizeStageCode(typed)
    if (!code) return { kind: 'invalid' }
    const window = this.windowOf(now)
    const oldest = this.windowOf(now - EXPIRED_LOOKBACK_MS)
    for (let w = window; w >= oldest; w--) {
      for (const stage of stages) {
        if (!sameCode(this.codeFor(stage, w), code)) continue
        return { kind: w >= window - 1 ? 'valid' : 'expired', stage }
      }
    }
    return { kind: 'invalid' }
  }
}

/** The code as typed (any case, spaces or dashes), or null when it cannot be a stage code. */
export function normalizeStageCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  if (code.length !== STAGE_CODE_LENGTH) return null
  for (const symbol of code) if (!PASS_CODE_ALPHABET.includes(symbol)) return null
  return code
}

const sameCode = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b))
