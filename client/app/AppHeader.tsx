import { lazy, type ReactNode, Suspense, useState } from 'react'
import { SignOutIcon, UserIcon } from '../components/icons'
import { useEndSessionAfter, useSignOut } from '../features/auth/use-sign-out'
import { type MyVibeShown, moderationLabel } from '../features/vibes/ModerationNotice'
import { vibeSubject } from '../features/vibes/update-vibe.api'
import { useWaitingForNetwork } from '../lib/outbox'

// Blocks, my data and deleting my account: loaded when first opened.
const AccountDialog = lazy(() => import('../features/account/AccountDialog'))

/** The top bar: who I am at this festival, and the way out; `children` is a row below (tabs). */
export function AppHeader({ me, children }: { me: MyVibeShown; children?: ReactNode }) {
  const signOut = useSignOut()
  const endSessionAfter = useEndSessionAfter()
  const [account, setAccount] = useState<'closed' | 'open' | 'shut'>('closed')
  const vibeQueued = useWaitingForNetwork(vibeSubject(me.id))
  return (
    <header className="sticky top-0 z-10 border-b border-white/10 bg-night-950/80 backdrop-blur">
      {/* Tighter below 360 px, so my name has room there ("BassDropBob" showed as "BassDrop…"). */}
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3 max-xs:gap-2 lg:max-w-7xl">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-600/50 to-cyan-400/40 font-emoji text-2xl max-xs:size-10 max-xs:text-xl">
          {me.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-bold text-white">{me.username}</p>
          {vibeQueued ? (
            <p className="text-sm font-medium text-amber-300">Waiting for network</p>
          ) : moderationLabel(me) ? (
            <p className="truncate text-sm font-semibold text-amber-200">{moderationLabel(me)}</p>
          ) : (
            <p className="text-sm font-medium text-fuchsia-300">Festival Vibes</p>
          )}
        </div>
        <button
          type="button"
          className="btn-ghost px-3"
          aria-label="Account"
          onClick={() => setAccount('open')}
        >
          <UserIcon />
          <span aria-hidden="true" className="hidden sm:inline">
            Account
          </span>
        </button>
        <button
          type="button"
          className="btn-ghost px-3"
          aria-label="Sign out"
          onClick={() => void signOut()}
        >
          <SignOutIcon />
          <span aria-hidden="true" className="hidden sm:inline">
            Sign out
          </span>
        </button>
      </div>
      {account === 'closed' ? null : (
        <Suspense fallback={null}>
          <AccountDialog
            open={account === 'open'}
            onClose={() => setAccount('shut')}
            endSessionAfter={endSessionAfter}
          />
        </Suspense>
      )}
      {children && <div className="mx-auto max-w-3xl px-4 pb-2">{children}</div>}
    </header>
  )
}
