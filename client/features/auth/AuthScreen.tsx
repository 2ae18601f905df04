import { type ComponentType, type ReactNode, Suspense, useRef } from 'react'
import { useAfterFirstPaint } from '../../lib/use-after-first-paint'
import { useScreenArrival } from '../../lib/use-screen-arrival'
import { AuthForm } from './AuthForm'

/**
 * The sign-in and sign-up screen: the pitch, the form and the small print. `WifiProviderName`
 * (the festival feature's, composed in by the route) names the WiFi partner.
 */
export function AuthScreen({ WifiProviderName }: { WifiProviderName: ComponentType }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useScreenArrival('sign-in', 'VibeConnect', heading)
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-10">
      <header className="text-center">
        <p aria-hidden="true" className="text-5xl">
          🎪📶✨
        </p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 outline-none bg-gradient-to-r from-fuchsia-300 via-violet-200 to-cyan-200 bg-clip-text text-3xl font-black tracking-tight text-transparent sm:text-4xl"
        >
          VibeConnect
        </h1>
        <p className="mt-2 text-lg font-semibold text-zinc-100">
          Turn festival WiFi into a game: connect, collect vibes, level up your crew.
        </p>
        <p className="mt-2 text-sm text-zinc-300">
          Sign up now for pre-access: your festival profile and the lineup, before the gates open.
        </p>
      </header>

      <section aria-label="Sign in or create an account" className="card">
        <AuthForm
          otherWays={
            <>
              <div
                className="my-4 flex items-center gap-3 text-xs text-zinc-400"
                aria-hidden="true"
              >
                <span className="h-px flex-1 bg-white/10" /> or{' '}
                <span className="h-px flex-1 bg-white/10" />
              </div>
              <button type="button" className="btn-secondary w-full" disabled>
                Connect with Spotify (Coming Soon)
              </button>
            </>
          }
        />
      </section>

      <footer className="space-y-1 text-center text-xs text-zinc-300">
        <p>
          📶 WiFi pre-access powered by{' '}
          <span className="font-semibold text-zinc-100">
            <AfterFirstPaint>
              <WifiProviderName />
            </AfterFirstPaint>
          </span>
        </p>
        <p>
          By connecting, you agree to our{' '}
          <a className="font-semibold text-zinc-100 underline" href="/terms">
            Terms of Service
          </a>
          .
        </p>
      </footer>
    </main>
  )
}

/**
 * The credit line's code and data come after the screen is up, never ahead of the form. The wait
 * is this small component's own state, so its end renders the credit line, not the whole screen
 * with the form (a render from a timer is one task, up to 83 ms in an unthrottled profile).
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  if (!useAfterFirstPaint()) return '…'
  return <Suspense fallback="…">{children}</Suspense>
}
