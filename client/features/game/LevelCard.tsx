import { useEffect, useId, useRef, useState } from 'react'
import type { Badge, GameState } from '../../../shared/game/game.schema'
import { formatWeekdayTime } from '../../../shared/time/weekday-time'
import { toast } from '../../components/toasts/toast'
import { useQrCodeToggle } from '../../components/use-qr-code-toggle'
import { clearPendingLink, pendingLink } from '../../lib/pending-links'
import { sessionLength } from '../../lib/session-length'
import { useGame, useStageCheckIn } from './game.api'
import { levelLine } from './game-text'

const BADGE_ICONS: Record<string, string> = {
  'vibe-set': '✨',
  'daily-vibe': '📅',
  'stage-hopper': '🎪',
  crew: '🤝',
  'early-bird': '🐦',
  planner: '⭐',
}

/**
 * "Your level": level, points and what the next level unlocks, the badges (locked and earned),
 * checking in at a stage with its code, and my invite link for friends.
 */
export function LevelCard() {
  const headingId = useId()
  const game = useGame()
  return (
    <section aria-labelledby={headingId} className="card">
      <p className="text-xs font-semibold tracking-widest text-fuchsia-300 uppercase">
        Festival game
      </p>
      <h2 id={headingId} className="text-xl font-bold text-zinc-50">
        Your level
      </h2>
      {/* As tall as the summary below, so nothing under the card jumps when it arrives. */}
      {game.isPending && (
        <p className="mt-2 min-h-[7.25rem] text-zinc-300">Loading your level...</p>
      )}
      {game.isError && (
        <p className="mt-2 text-zinc-300" role="alert">
          Couldn't load your level. Try again in a moment.
        </p>
      )}
      {game.data && <GameDetails game={game.data} />}
    </section>
  )
}

function GameDetails({ game }: { game: GameState }) {
  const { level, points, next } = game
  const line = levelLine(level, game.grant.sessionMinutes, next)
  const from = next ? points : 1
  const to = next ? next.points : 1
  const [opened, setOpened] = useState(false)
  return (
    <>
      {/* One sentence for a screen reader; the level stands out, short, to the eye. */}
      <p className="mt-2 text-sm text-zinc-200" aria-live="polite">
        <span className="block text-2xl font-bold text-zinc-50">
          {line.level}
          <span className="sr-only"> — </span>
        </span>
        <span className="block">{line.rest}</span>
      </p>
      <div
        role="progressbar"
        aria-label={next ? `Progress to level ${next.level}` : 'Top level reached'}
        aria-valuemin={0}
        aria-valuemax={to}
        aria-valuenow={Math.min(from, to)}
        aria-valuetext={
          next ? `${points} of ${next.points} points for level ${next.level}` : `${points} points`
        }
        className="mt-3 h-3 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-fuchsia-500 to-cyan-400 transition-[width]"
          style={{ width: `${Math.round((Math.min(from, to) / to) * 100)}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-zinc-300">
        {points} points
        {next &&
          ` · ${next.points - points} more for level ${next.level}: ${sessionLength(next.grant.sessionMinutes)} of WiFi per session${next.grant.devices > game.grant.devices ? ` on ${next.grant.devices} devices` : ''}`}
      </p>
      {/* The rest one tap away: on a phone the card stays short, and the lineup and the feed
          below it stay near the top (docs/game.md). Closed, it is still there: a stage's QR
          code still checks in. */}
      <details
        className="group mt-3"
        onToggle={(event) => {
          if (event.currentTarget.open) setOpened(true)
        }}
      >
        <summary className="btn-ghost -mx-2 cursor-pointer list-none px-2 text-sm">
          <span className="group-open:hidden">Check in, badges and invite link</span>
          <span className="hidden group-open:inline">Hide check-in, badges and invite link</span>
        </summary>
        <StageCheckIn />
        {/* Drawn the first time the card opens: at start its emoji and its first local time
            (which loads the device's zone data) cost the main screen's first render up to 9 ms
            of main thread in an unthrottled profile, four times that on a slow phone, for a
            list nobody sees yet. */}
        {opened && <BadgeGrid badges={game.badges} />}
        <InviteLink url={game.inviteUrl} />
      </details>
    </>
  )
}

function StageCheckIn() {
  const inputId = useId()
  const errorId = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const checkIn = useStageCheckIn()
  const input = useRef<HTMLInputElement>(null)

  const send = (typed: string, fromLink: boolean) =>
    checkIn.mutate(typed, {
      onSuccess: (answer) => {
        setCode('')
        setError(null)
        toast.success(`Checked in at ${answer.stage}`)
      },
      onError: (failure) => {
        setError(failure.message)
        if (fromLink) toast.error("That stage code didn't work", { description: failure.message })
        else input.current?.focus()
      },
    })

  // A stage's QR code opened the app: check in with its code once signed in (once: the code
  // leaves storage before it is sent).
  const sendFromLink = useRef(send)
  sendFromLink.current = send
  useEffect(() => {
    const fromLink = pendingLink('stage')
    if (!fromLink) return
    clearPendingLink('stage')
    sendFromLink.current(fromLink, true)
  }, [])

  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (code.trim() === '') {
          setError('Type the code shown at the stage')
          input.current?.focus()
          return
        }
        send(code, false)
      }}
      noValidate
    >
      <label htmlFor={inputId} className="label">
        Check in at a stage
      </label>
      <p className="text-sm text-zinc-300">Scan the code on the stage screen, or type it here.</p>
      <div className="mt-2 flex gap-2">
        <input
          ref={input}
          id={inputId}
          className="field font-mono tracking-widest uppercase"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="ABC123"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking in...' : 'Check in'}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}

function BadgeGrid({ badges }: { badges: Badge[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="font-semibold text-zinc-50">
        Badges
      </h3>
      <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {badges.map((badge) => (
          <BadgeItem key={badge.id} badge={badge} />
        ))}
      </ul>
    </section>
  )
}

function BadgeItem({ badge }: { badge: Badge }) {
  const earned = badge.earnedAt !== null
  return (
    <li
      className={`flex gap-3 rounded-xl border p-3 ${earned ? 'border-fuchsia-400/60 bg-fuchsia-500/10' : 'border-white/10 bg-white/5'}`}
    >
      <span aria-hidden="true" className={`text-2xl ${earned ? '' : 'opacity-40 grayscale'}`}>
        {BADGE_ICONS[badge.id] ?? '🏅'}
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-zinc-50">
          {badge.name}{' '}
          <span className={earned ? 'text-fuchsia-200' : 'text-zinc-300'}>
            {badge.points > 0 && `· ${badge.points} points `}·{' '}
            {earned ? `Earned ${formatWeekdayTime(badge.earnedAt!)}` : 'Locked'}
          </span>
        </p>
        <p className="text-zinc-300">{badge.description}</p>
        {badge.progress && !earned && (
          <p className="text-zinc-300">
            {badge.progress.current} of {badge.progress.target} done
          </p>
        )}
        {badge.streak !== undefined && badge.streak > 0 && (
          <p className="text-zinc-300">
            Streak: {badge.streak} {badge.streak === 1 ? 'day' : 'days'} in a row
          </p>
        )}
      </div>
    </li>
  )
}

function InviteLink({ url }: { url: string }) {
  const headingId = useId()
  const inputId = useId()
  const qr = useQrCodeToggle(url, 'QR code of your invite link', { buttonClassName: 'btn-ghost' })
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success('Invite link copied'))
      .catch(() => toast.error("Couldn't copy: select the link and copy it yourself"))
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="font-semibold text-zinc-50">
        Invite your crew
      </h3>
      <p className="text-sm text-zinc-300">
        A friend who signs up with your link and sets a vibe joins your crew: points for you both.
      </p>
      <label htmlFor={inputId} className="sr-only">
        Your invite link
      </label>
      <input
        id={inputId}
        className="field mt-2 font-mono text-sm"
        value={url}
        readOnly
        onFocus={(event) => event.target.select()}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={copy}>
          Copy link
        </button>
        {qr.button}
      </div>
      {qr.code}
    </section>
  )
}
