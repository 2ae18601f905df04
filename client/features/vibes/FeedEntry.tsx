import { memo, type PointerEvent } from 'react'
import { formatRelativeTime } from '../../../shared/time/relative-time'
import type { Vibe } from '../../../shared/vibes/vibe.schema'

interface FeedEntryProps {
  vibe: Vibe
  isMine: boolean
  now: number
  /** Asks to block the vibe's author (others' entries only). */
  onBlock?: (vibe: Vibe) => void
  /** Asks to report the vibe to the moderators (others' entries only). */
  onReport?: (vibe: Vibe) => void
}

/**
 * The exact time as a tooltip, written when a pointer first rests on the relative one. Not while
 * rendering: the first date formatted in the device's locale loads ICU's date data, ~200 ms of a
 * slow phone's main thread inside the feed's first render, for a tooltip phones never show.
 */
function showExactTime(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget
  if (!time.title) time.title = new Date(time.dateTime).toLocaleString()
}

/**
 * One vibe in the feed. Everything the user typed is rendered as text. My own entry stands out by
 * a thick accent edge, a tinted background and the "(you)" marker, not by colour alone. Memoised:
 * a live change or a resync re-renders the entries whose vibe changed, not the whole list.
 */
export const FeedEntry = memo(function FeedEntry(props: FeedEntryProps) {
  const { vibe, isMine, now, onBlock, onReport } = props
  return (
    <li
      data-mine={isMine || undefined}
      className={`render-when-visible-22 flex gap-3 rounded-2xl border p-3 sm:p-4 ${
        isMine
          ? 'border-fuchsia-400/60 border-l-4 border-l-fuchsia-400 bg-fuchsia-500/10'
          : 'border-white/10 bg-white/[0.03]'
      }`}
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-night-800 font-emoji text-2xl">
        {vibe.emoji}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-bold break-words text-white">{vibe.username}</span>
          {isMine ? <span className="text-sm font-semibold text-fuchsia-200">(you)</span> : null}
          <time
            dateTime={vibe.updatedAt}
            onPointerEnter={showExactTime}
            className="ml-auto text-xs text-zinc-300"
          >
            {formatRelativeTime(vibe.updatedAt, now)}
          </time>
        </p>
        <p className="mt-1 break-words text-zinc-100">{vibe.status}</p>
        {isMine ? null : (
          // 44 px targets (a thumb on a crowded field), pulled into the entry's padding so the
          // text's rhythm stays as it was.
          <p className="-mb-2 -ml-3 flex gap-1">
            {onBlock ? (
              <EntryAction label={`Block ${vibe.username}`} onClick={() => onBlock(vibe)}>
                Block
              </EntryAction>
            ) : null}
            {onReport ? (
              <EntryAction label={`Report ${vibe.username}`} onClick={() => onReport(vibe)}>
                Report
              </EntryAction>
            ) : null}
          </p>
        )}
      </div>
    </li>
  )
})

function EntryAction(props: { label: string; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-medium text-zinc-300 hover:bg-white/10 hover:text-zinc-100"
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}
