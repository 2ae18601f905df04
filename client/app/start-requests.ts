import { TWO_COLUMNS_QUERY } from '../lib/use-media-query'
import { storedMainSection } from './main-section-storage'

/**
 * The GETs behind the main screen's first view (main-screen-data.ts, my vibe's in SignedInApp),
 * as `apiRequest` asks for them. The entry script starts them early when a session is stored
 * (lib/early-requests.ts); a test holds this list to what the screen really asks for.
 */
export const MAIN_SCREEN_REQUESTS = [
  '/api/vibes/mine',
  '/api/festival',
  '/api/wifi/pass',
  '/api/game',
  '/api/vibes?limit=50',
  '/api/users/count',
  '/api/schedule',
  '/api/schedule/crew',
] as const

/** The lineup (public: no token), asked for early only when the first view shows it. */
export const LINEUP_REQUEST = '/api/lineup'

/**
 * Whether the main screen's first view shows the lineup: always beside the feed on a wide
 * screen; on a phone when it was the section chosen last (MainSections.tsx).
 */
export function lineupShowsAtStart(): boolean {
  return window.matchMedia(TWO_COLUMNS_QUERY).matches || storedMainSection() === 'lineup'
}
