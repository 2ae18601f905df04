// A stage's QR code, a friend's invite link and a friend's shared picks open the app at
// `/?stage=CODE`, `/?invite=CODE` or `/?picks=CODE`, often before the visitor has signed in (or
// even signed up). The code is kept on the device until the signed-in app can use it, and taken
// out of the address bar at once. The features that use them (game, schedule) read them here.

const STORAGE_KEYS = {
  stage: 'vibeconnect.pending-stage-code',
  invite: 'vibeconnect.pending-invite',
  picks: 'vibeconnect.pending-picks',
}
export type PendingKind = keyof typeof STORAGE_KEYS

/** Moves `stage`, `invite` and `picks` from the page's address into storage; call once at start. */
export function capturePendingLinks(): void {
  const url = new URL(window.location.href)
  let found = false
  for (const kind of Object.keys(STORAGE_KEYS) as PendingKind[]) {
    const value = url.searchParams.get(kind)
    if (value === null) continue
    found = true
    url.searchParams.delete(kind)
    if (/^[\w-]{1,64}$/.test(value)) safely(() => localStorage.setItem(STORAGE_KEYS[kind], value))
  }
  if (found) window.history.replaceState(window.history.state, '', url)
}

/** The code a link left for the signed-in app, if any. */
export const pendingLink = (kind: PendingKind): string | null =>
  safely(() => localStorage.getItem(STORAGE_KEYS[kind])) ?? null

export const clearPendingLink = (kind: PendingKind): void =>
  safely(() => localStorage.removeItem(STORAGE_KEYS[kind]))

// Storage may be off (private mode, a captive browser): then the link works only as typed.
function safely<T>(use: () => T): T | undefined {
  try {
    return use()
  } catch {
    return undefined
  }
}
