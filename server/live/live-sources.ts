import type { OwnVibe } from '../../shared/vibes/vibe.schema'
import type { LiveSession } from './live-socket'

/**
 * What the live channel needs from the features, handed in by the app (server/app.ts): the channel
 * is infrastructure and imports no feature's code.
 */
export interface LiveSources {
  /** Verifies an access token and its session; throws an AppError when either is not valid. */
  authenticate(token: string): Promise<LiveSession>
  /** One cheap read per distinct session: false once it was signed out or revoked. */
  sessionIsActive(session: LiveSession): Promise<boolean>
  /**
   * A vibe as its author sees it (with its moderation state), or undefined once it is gone.
   * Everyone else is sent a delete while it is hidden or removed.
   */
  readVibe(id: string): Promise<OwnVibe | undefined>
  readUserCount(): Promise<number>
  /** Whether the account has a device the festival WiFi's portal admitted, online now. */
  isKnownGuest(userId: string): Promise<boolean>
  /** Whose vibes the user must not be sent: the people blocked either way (ADR 032). */
  hiddenFor(userId: string): Promise<ReadonlySet<string>>
}
