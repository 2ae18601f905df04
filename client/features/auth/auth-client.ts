import { AuthClient } from '@supabase/auth-js'
import { AUTH_STORAGE_KEY } from './auth-storage'

// Loaded with the client (and auth-js), never on the first screen's script (ADR 017).
export { sessionPortOf } from './session-port'

/**
 * The maintained Supabase auth client, unmodified, pointed at our GoTrue-compatible `/auth/v1`.
 * It persists the session in local storage, refreshes it before expiry (retrying from 200 ms,
 * doubling) and picks up the session from e-mail links (implicit flow). The first screen loads it
 * through `loadAuthClient()`, after its own first render (ADR 017).
 */
export const authClient = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
})
