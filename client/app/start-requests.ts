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
