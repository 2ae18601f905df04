import { type PointerEvent, useEffect, useId, useRef, useState } from 'react'
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon, WarningIcon } from '../icons'
import { DEFAULT_TOAST_DURATION, type ShownToast, type ToastType, toast as toasts } from './toast'

// Light text on a dark tint of the toast's colour: each pair is above 7:1 (WCAG AAA).
const LOOKS: Record<ToastType, { className: string; icon: typeof InfoIcon | null }> = {
  default: { className: 'border-zinc-700 bg-zinc-950 text-zinc-50', icon: null },
  success: {
    className: 'border-emerald-800 bg-emerald-950 text-emerald-200',
    icon: CheckCircleIcon,
  },
  error: { className: 'border-red-800 bg-red-950 text-red-200', icon: AlertCircleIcon },
  info: { className: 'border-sky-800 bg-sky-950 text-sky-200', icon: InfoIcon },
  warning: { className: 'border-amber-700 bg-amber-950 text-amber-200', icon: WarningIcon },
}

/** How far a finger must drag a toast sideways to throw it away. */
const SWIPE_AWAY_PX = 60

interface ToastCardProps {
  toast: ShownToast
  /** While a mouse or the keyboard's focus is on the toasts, or the page is hidden, none times out. */
  paused: boolean
  /**
   * Closed and fading out (`useLeavingToasts`): out of the accessibility tree, taps and focus
   * (`inert`), and no longer a `[data-toast]`; with reduced motion it is gone at once.
   */
  leaving?: boolean
  /**
   * In a phone's collapsed stack (Toaster): how many toasts are in front of this one (0: the
   * front one). Undefined when the toasts are laid out one above the other.
   */
  depth?: number
}

// A toast behind the front one shows this much of its top edge, so the stack reads as a stack.
const PEEK_PX = 10

/** One toast: its icon, title, description, action and close button; it times out and swipes away. */
export function ToastCard({ toast, paused, leaving = false, depth }: ToastCardProps) {
  const close = () => toasts.dismiss(toast.id)
  useTimeout(toast, paused || leaving, close)
  const swipe = useSwipeAway(close)
  const { className, icon: Icon } = LOOKS[toast.type]
  const titleId = useId()
  const action = toast.action ? (
    <button
      type="button"
      onClick={() => {
        toast.action?.onClick()
        close()
      }}
      className="min-h-9 shrink-0 self-center rounded-lg bg-zinc-100 px-3 text-sm font-semibold text-zinc-900 hover:bg-white"
    >
      {toast.action.label}
    </button>
  ) : null
  return (
    <li
      data-toast={leaving ? undefined : ''}
      data-toast-leaving={leaving ? '' : undefined}
      data-type={toast.type}
      aria-hidden={leaving || undefined}
      inert={leaving}
      data-toast-behind={depth ? '' : undefined}
      {...(leaving || depth ? {} : swipe.handlers)}
      style={
        depth === undefined ? swipe.style : { ...stacked(depth), ...(depth ? {} : swipe.style) }
      }
      className={`flex touch-pan-y items-start gap-3 rounded-xl border py-3 pr-2 pl-4 text-sm shadow-lg shadow-black/40 ${
        leaving
          ? 'pointer-events-none motion-safe:animate-toast-out motion-reduce:hidden'
          : 'pointer-events-auto motion-safe:animate-toast-in'
      } ${className}`}
    >
      {Icon ? <Icon className="mt-0.5 shrink-0" width="18" height="18" /> : null}
      <div className="min-w-0 flex-1 self-center py-0.5 break-words">
        <p id={titleId} className="font-semibold">
          {toast.title}
        </p>
        {toast.description ? <p className="mt-0.5">{toast.description}</p> : null}
        {/* Under a description, the action leaves the text the toast's width. */}
        {action && toast.description ? <div className="mt-2">{action}</div> : null}
      </div>
      {action && !toast.description ? action : null}
      <button
        type="button"
        aria-label="Close toast"
        aria-describedby={titleId}
        onClick={close}
        className="grid size-9 shrink-0 place-items-center rounded-lg opacity-80 hover:bg-white/10 hover:opacity-100"
      >
        <CloseIcon width="16" height="16" />
      </button>
    </li>
  )
}

/** Closes the toast after its duration of unpaused time; a new version starts the time again. */
function useTimeout(toast: ShownToast, paused: boolean, close: () => void) {
  const { version } = toast
  const duration = toast.duration ?? DEFAULT_TOAST_DURATION
  const left = useRef({ version, ms: duration })
  const closeRef = useRef(close)
  closeRef.current = close

  useEffect(() => {
    if (left.current.version !== version) left.current = { version, ms: duration }
    const timing = left.current
    if (paused || !Number.isFinite(timing.ms)) return
    const startedAt = Date.now()
    const timer = setTimeout(() => closeRef.current(), timing.ms)
    return () => {
      clearTimeout(timer)
      timing.ms -= Date.now() - startedAt
    }
  }, [paused, version, duration])
}

/**
 * A sideways drag of a finger (or pen) that follows it, and closes the toast when it goes far
 * enough. Not a mouse's: its drag selects the text, and it has the close button at hand.
 */
function useSwipeAway(close: () => void) {
  const startX = useRef<number | null>(null)
  const [offset, setOffset] = useState(0)
  const stop = () => {
    startX.current = null
    setOffset(0)
  }
  return {
    style: offset
      ? {
          transform: `translateX(${offset}px)`,
          opacity: 1 - Math.min(Math.abs(offset) / 240, 0.6),
        }
      : undefined,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLLIElement>) => {
        // The buttons keep their own taps.
        if (event.pointerType === 'mouse' || (event.target as Element).closest('button')) return
        startX.current = event.clientX
        event.currentTarget.setPointerCapture?.(event.pointerId)
      },
      onPointerMove: (event: PointerEvent<HTMLLIElement>) => {
        if (startX.current !== null) setOffset(event.clientX - startX.current)
      },
      // Where the finger left, not the last drawn offset: a fast flick's last move may not be.
      onPointerUp: (event: PointerEvent<HTMLLIElement>) => {
        const moved = startX.current === null ? 0 : event.clientX - startX.current
        stop()
        if (Math.abs(moved) >= SWIPE_AWAY_PX) close()
      },
      onPointerCancel: stop,
    },
  }
}

/** All in one grid cell, the front one on top and each older one a little higher and smaller. */
function stacked(depth: number) {
  return {
    gridArea: '1 / 1',
    alignSelf: 'end',
    zIndex: 10 - depth,
    transformOrigin: 'top center',
    transform: depth ? `translateY(-${depth * PEEK_PX}px) scale(${1 - depth * 0.04})` : undefined,
  } as const
}
