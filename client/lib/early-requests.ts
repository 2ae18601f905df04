/**
 * Data the signed-in app asks for first, asked for by the entry script instead, with the stored
 * session's token, while the app's code is still downloading (ADR 036). On a slow network that
 * is a round trip and the code's download and start-up sooner; `apiRequest` takes each answer
 * once, for the same path and token. Anything unusual (no session, a token near its end, offline,
 * an answer that is not a success) is left to the app's own requests, which handle it.
 */

interface EarlyRequest {
  /** The access token it was sent with; null for a public request. */
  token: string | null
  response: Promise<Response | null>
}

const started = new Map<string, EarlyRequest>()
// A signed-in start asks within seconds; an answer not taken by then (onboarding came first) is
// not used: it would show data from before the user got that far.
const USABLE_FOR_MS = 15_000
// auth-js renews a token this close to its end before using it: the app's token would differ.
const TOKEN_MARGIN_MS = 60_000
let startedAt = 0

/** What early requests need of the session stored from the last visit. */
export interface StoredToken {
  access_token: string
  /** Seconds since the epoch, as auth-js stores it. */
  expires_at?: number
}

/** Starts GETs of `paths` with the stored session's token, if there is a usable one. */
export function startEarlyRequests(paths: readonly string[], session: StoredToken | null): void {
  if (!session || !navigator.onLine) return
  if ((session.expires_at ?? 0) * 1000 < Date.now() + TOKEN_MARGIN_MS) return
  for (const path of paths) ask(path, session.access_token)
}

/** Starts GETs of public `paths` (no token; taken with `takeEarlyResponse(path, null)`). */
export function startEarlyPublicRequests(paths: readonly string[]): void {
  if (!navigator.onLine) return
  for (const path of paths) ask(path, null)
}

function ask(path: string, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  startedAt = Date.now()
  // Each `fetch` call in a task of its own: one costs 1-2 ms of main thread (Request, headers,
  // the network service's bindings), so the start's eight in one task made a long task of it on
  // a slow phone. Registered at once, so the app's own request finds it however soon it asks.
  // A failure here is not reported: the app asks again itself, and says what went wrong.
  const response = nextTask()
    .then(() => fetch(path, { headers }))
    .then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    )
  started.set(path, { token, response })
}

/** The early answer to a GET of `path` with `token`, once; undefined when there is none to use. */
export function takeEarlyResponse(
  path: string,
  token: string | null,
): Promise<Response | null> | undefined {
  const early = started.get(path)
  if (!early) return undefined
  started.delete(path)
  if (early.token !== token || Date.now() - startedAt > USABLE_FOR_MS) return undefined
  return early.response
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve))
}
