// Paths the server renders or answers itself (server/app.ts and the routes it registers): a
// navigation to one must reach the server, never get the app's shell from the worker.
const SERVER_PATHS = [
  '/api',
  '/auth',
  '/wifi',
  '/terms',
  '/privacy',
  '/metrics',
  '/calendar',
  '/game',
  '/healthz',
  '/readyz',
  '/assets',
  '/sw.js',
  '/manifest.webmanifest',
]

/** Whether a navigation to `path` (with or without its query) is one the single-page app answers. */
export function isAppShellNavigation(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '/'
  if (/\.[a-z0-9]+$/i.test(pathname)) return false // a file: /favicon-32.png, /robots.txt
  return !SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}
