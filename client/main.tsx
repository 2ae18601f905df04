import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { LINEUP_REQUEST, lineupShowsAtStart, MAIN_SCREEN_REQUESTS } from './app/start-requests'
import { hasStoredSession, mayHaveSession, storedSession } from './features/auth/auth-storage'
import { loadAuthClient } from './features/auth/load-auth-client'
import { startEarlyPublicRequests, startEarlyRequests } from './lib/early-requests'
import { capturePendingLinks } from './lib/pending-links'
import { registerServiceWorkerAfterPaint } from './lib/service-worker'
import { signedInRoute } from './routes/HomePage'
import './styles.css'

// A stage's QR code, a friend's invite or shared picks: kept until the signed-in app can use it.
capturePendingLinks()

// A session to check needs the auth client at once. Without one, the sign-in screen paints first
// and fetches it then (useAuthSession), so the download never competes with that paint.
if (mayHaveSession()) {
  loadAuthClient().catch((error: unknown) => console.warn('Could not load the auth client:', error))
}
// Someone signed in before will most likely land in the app: fetch its code now, alongside the
// session check, rather than after it (a wrong guess only costs a download).
// Its first data too, with the stored token, rather than once that code has come and started.
if (window.location.pathname === '/' && hasStoredSession()) {
  signedInRoute.load().catch((error: unknown) => {
    console.warn('Could not load the signed-in screens:', error)
  })
  // Each in a task of its own, after this one (early-requests.ts): nine `fetch` calls took
  // 2-62 ms of main thread in profiles, in the entry's evaluation, the start's longest task.
  startEarlyRequests(MAIN_SCREEN_REQUESTS, storedSession())
  if (lineupShowsAtStart()) startEarlyPublicRequests([LINEUP_REQUEST])
}
// The service worker (the offline shell, installing, reminders) for everyone, after the first
// paint (ADRs 030 and 034).
registerServiceWorkerAfterPaint()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// As a transition, so React renders the app in slices, yielding to the browser between them:
// index.html already shows "Loading VibeConnect...", so nothing waits on this render's first
// frame, and a plain render was one long task of the start (70-110 ms at a slow phone's speed).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
