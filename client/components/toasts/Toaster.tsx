import { type FocusEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { ToastCard } from './ToastCard'
import { currentToasts, dismissToasterToasts, subscribeToToasts } from './toast'

/** More than this many at once and the oldest wait off screen, their time not yet running. */
const MAX_SHOWN = 3

interface ToasterProps {
  /** A dialog's own toaster (toasts given its id as `toasterId`); none for the page's. */
  id?: string
  /** Offline, the page's toasts sit above the offline banner rather than under it. */
  aboveOfflineBanner?: boolean
}

/**
 * Where toasts are shown: bottom right on wide screens, across the bottom on a phone, one above
 * the other with the newest at the bottom. At the top they covered the screens' headings (`Set
 * Your Vibe!`, the sticky header with the sign-out button); the bottom edge holds no heading, and
 * the forms keep their buttons clear of it. The list is a polite live region that is always there,
 * so screen readers announce each toast as it arrives; Alt+T moves focus to the toasts, and
 * hovering or focusing them stops their time running out.
 */
export function Toaster({ id, aboveOfflineBanner = false }: ToasterProps) {
  const all = useSyncExternalStore(subscribeToToasts, currentToasts)
  const mine = all.filter((toast) => toast.toasterId === id).slice(-MAX_SHOWN)
  const sectionRef = useRef<HTMLElement>(null)
  const [pointerOver, setPointerOver] = useState(false)
  const [focusInside, setFocusInside] = useState(false)
  const focusBefore = useRef<HTMLElement | null>(null)
  const pageHidden = usePageHidden()

  useEffect(() => {
    const focusOnAltT = (event: KeyboardEvent) => {
      const button =
        event.altKey && event.code === 'KeyT' && sectionRef.current?.querySelector('button')
      if (!button) return
      if (document.activeElement instanceof HTMLElement)
        focusBefore.current = document.activeElement
      button.focus()
    }
    document.addEventListener('keydown', focusOnAltT)
    return () => document.removeEventListener('keydown', focusOnAltT)
  }, [])

  // A toast taken away under the pointer or with the focus fires no leave or blur: look again.
  // Focus lost with a closed toast goes to the next toast, or back to where it was before Alt+T.
  const shown = mine.length
  const focusWasInside = useRef(false)
  focusWasInside.current = focusInside
  useEffect(() => {
    const section = sectionRef.current
    if (!section || shown < 0) return
    if (focusWasInside.current && !section.contains(document.activeElement)) {
      ;(section.querySelector('button') ?? focusBefore.current)?.focus()
    }
    setPointerOver(section.matches(':hover'))
    setFocusInside(section.contains(document.activeElement))
  }, [shown])

  useEffect(() => () => (id === undefined ? undefined : dismissToasterToasts(id)), [id])

  const leaving = (event: FocusEvent) =>
    !event.currentTarget.contains(event.relatedTarget as Node | null)
  return (
    <section
      ref={sectionRef}
      aria-label="Notifications alt+T"
      data-toaster=""
      onPointerEnter={() => setPointerOver(true)}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => leaving(event) && setFocusInside(false)}
      className={`pointer-events-none fixed inset-x-4 z-50 min-[600px]:right-8 min-[600px]:left-auto min-[600px]:w-[22rem] ${
        aboveOfflineBanner ? 'bottom-16' : 'bottom-4 min-[600px]:bottom-8'
      }`}
    >
      <ol aria-live="polite" className="flex flex-col gap-2">
        {mine.map((toast) => (
          <ToastCard
            key={toast.id}
            toast={toast}
            paused={pointerOver || focusInside || pageHidden}
          />
        ))}
      </ol>
    </section>
  )
}

function usePageHidden(): boolean {
  return useSyncExternalStore(
    (changed) => {
      document.addEventListener('visibilitychange', changed)
      return () => document.removeEventListener('visibilitychange', changed)
    },
    () => document.hidden,
  )
}
