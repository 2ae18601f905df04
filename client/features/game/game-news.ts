import type { QueryClient } from '@tanstack/react-query'
import type { GameState } from '../../../shared/game/game.schema'
import { toast } from '../../components/toasts/toast'
import { sessionLength } from '../../lib/session-length'
import { gameKeys } from './game.api'

/**
 * Tells me, once on this device, of each badge I earn and each level I reach, whichever of the
 * server's answers brings the news first: a live `game` message, my own check-in's answer (which
 * often lands before the message), or my card reloaded (after a message, or a reconnect). It
 * compares each with what this device already knew, never with the card as it happens to be.
 */
export class GameNews {
  /** The highest level known here; null until the card first loads (that load is no news). */
  private level: number | null = null
  private readonly badges = new Set<string>()

  constructor(private readonly queryClient: QueryClient) {}

  /** Follows my card in the query cache, whoever updates it; returns the unsubscribe. */
  watchCard(): () => void {
    const [key] = gameKeys.state()
    const cached = this.queryClient.getQueryData<GameState>(gameKeys.state())
    if (cached) this.learn(cached)
    return this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return
      if (event.query.queryKey[0] !== key) return
      this.learn(event.query.state.data as GameState)
    })
  }

  /** Badges the server just awarded me (a live message). */
  unlocked(badges: ReadonlyArray<{ id: string; name: string }>): void {
    for (const badge of badges) this.badge(badge.id, badge.name)
  }

  private learn(game: GameState): void {
    const first = this.level === null
    for (const badge of game.badges) {
      if (badge.earnedAt === null) continue
      if (first) this.badges.add(badge.id)
      else this.badge(badge.id, badge.name)
    }
    if (this.level !== null && game.level > this.level) {
      toast.success(`Level ${game.level} reached`, {
        description: `${sessionLength(game.grant.sessionMinutes)} of WiFi per session from your next sign-in.`,
      })
    }
    this.level = Math.max(this.level ?? game.level, game.level)
  }

  private badge(id: string, name: string): void {
    if (this.badges.has(id)) return
    this.badges.add(id)
    toast.success(`Badge unlocked: ${name}`)
  }
}
