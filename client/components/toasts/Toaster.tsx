import { type FocusEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useMediaQuery } from '../../lib/use-media-query'
import { ToastCard } from './ToastCard'
import { currentToasts, MAX_SHOWN, mountToaster, subscribeToToasts } from './toast'
import { useLeavingToasts } from './use-leaving-toasts'
import { useSpaceForToasts } from './use-space-for-toasts'

interface ToasterProps {
  /** A dialog's own toaster (toasts given its id as `toasterId`); none for the page's. */
  id?: string
  /** Offline, the page's toasts sit above the offline banner rather than under it. */
  aboveOfflineBanner?: boolean
}

/**
 * Where toasts are shown: bottom right on wide screens, across the bottom on a phone, one above
 * the other with the newest at the bottom. At the top they covered the screens' headings (`Set
 * Your Vibe!`, the sticky header with the sign-out button); the bottom edge holds no heading. On
 * a phone several toasts at once (welcome and a badge, say) covered the buttons above them, so
 * there they are a stack, the newest in front and the others' top edges peeking above it, laid
 * out one above the other on a tap, the mouse or the keyboard; and the page's toaster keeps the
 * page's end clear of the toasts (use-space-for-toasts.ts), so the last button can be scrolled
 * into view above them. The list is a polite live region that is always there,
 * so screen readers announce each toast as it arrives; Alt+T moves focus to the toasts, and a
 * mouse over them or the keyboard's focus in them stops their time running out.
 */
export function Toaster({ id, aboveOfflineBanner = false }: ToasterProps) {
  const all = useSyncExternalStore(subscribeToToasts, currentToasts)
  const mine = all.filter((toast) => toast.toasterId === id).slice(-MAX_SHOWN)
  const rendered = useLeavingToasts(mine)
  const sectionRef = useRef<HTMLElement>(null)
  const [mouseOver, setMouseOver] = useState(false)
  // Focus from the keyboard only: a click on a button focuses it too, and must not hold the rest.
  const [keyboardInside, setKeyboardInside] = useState(false)
  const focusBefore = useRef<HTMLElement | null>(null)
  const pageHidden = usePageHidden()
  const phone = !useMediaQuery('(min-width: 600px)')
  const [openedByTap, setOpenedByTap] = useState(false)
  const stacked = phone && !mouseOver && !keyboardInside && !openedByTap
  useSpaceForToasts(sectionRef, id === undefined && mine.length > 0)

  // A tap outside the opened stack, or the stack down to one toast, stacks it again.
  const count = mine.length
  useEffect(() => {
    if (count <= 1) setOpenedByTap(false)
  }, [count])
  useEffect(() => {
    if (!openedByTap) return
    const outside = (event: PointerEvent) => {
      if (!sectionRef.current?.contains(event.target as Node)) setOpenedByTap(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [openedByTap])

  useEffect(() => {
    const focusOnAltT = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      const button =
        event.code === 'KeyT' && sectionRef.current?.querySelector<HTMLElement>(SHOWN_BUTTON)
      if (!button) return
      event.preventDefault()
      const active = document.activeElement
      if (active instanceof HTMLElement && !sectionRef.current?.contains(active)) {
        focusBefore.current = active
      }
      button.focus()
      // A key with a modifier does not count as keyboard use for :focus-visible; this one does.
      setKeyboardInside(true)
    }
    document.addEventListener('keydown', focusOnAltT)
    return () => document.removeEventListener('keydown', focusOnAltT)
  }, [])

  // A toast taken away under the mouse or with the focus fires no leave or blur: look again.
  // Keyboard focus lost with a closed toast goes to the next toast, or back to where it was
  // before Alt+T.
  const shownIds = mine.map((toast) => toast.id).join(' ')
  const keyboardWasInside = useRef(false)
  keyboardWasInside.current = keyboardInside
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the toasts shown change, to read the DOM they leave
  useEffect(() => {
    const section = sectionRef.current
    if (!section) return
    // A closed toast fading out still holds the focus it had: that focus is lost too.
    const focusInShown = () =>
      section.contains(document.activeElement) &&
      !document.activeElement?.closest('[data-toast-leaving]')
    if (keyboardWasInside.current && !focusInShown()) {
      const next = section.querySelector<HTMLElement>(SHOWN_BUTTON) ?? focusBefore.current
      if (next?.isConnected) next.focus()
      if (!next || next === focusBefore.current) focusBefore.current = null
    }
    setMouseOver((over) => over && section.matches(':hover'))
    setKeyboardInside(focusInShown() && keyboardWasInside.current)
  }, [shownIds])

  useEffect(() => mountToaster(id), [id])

  const leaving = (event: FocusEvent) =>
    !event.currentTarget.contains(event.relatedTarget as Node | null)
  return (
    <section
      ref={sectionRef}
      aria-label="Notifications alt+T"
      data-toaster=""
      data-keyboard={keyboardInside || undefined}
      onPointerEnter={(event) => setMouseOver(event.pointerType === 'mouse')}
      onPointerDown={(event) => {
        // A tap on a toast behind the front one opens the stack; the front one works as it is.
        if ((event.target as Element).closest('[data-toast-behind]')) setOpenedByTap(true)
      }}
      onPointerLeave={() => setMouseOver(false)}
      onFocus={(event) => {
        const fromKeyboard = (event.target as Element).matches(':focus-visible')
        setKeyboardInside((inside) => inside || fromKeyboard)
      }}
      onBlur={(event) => {
        if (!leaving(event)) return
        setKeyboardInside(false)
        focusBefore.current = null
      }}
      className={`pointer-events-none fixed inset-x-4 z-50 min-[600px]:right-8 min-[600px]:left-auto min-[600px]:w-[22rem] ${
        aboveOfflineBanner ? 'bottom-16' : 'bottom-4 min-[600px]:bottom-8'
      }`}
    >
      <ol aria-live="polite" className={stacked ? 'grid' : 'flex flex-col gap-2'}>
        {rendered.map(({ toast, leaving }, index) => (
          <ToastCard
            key={toast.id}
            toast={toast}
            leaving={leaving}
            depth={stacked ? rendered.length - 1 - index : undefined}
            paused={mouseOver || keyboardInside || openedByTap || pageHidden}
          />
        ))}
      </ol>
    </section>
  )
}

// A button of a toast still shown, not of one fading out.
const SHOWN_BUTTON = '[data-toast] button'

function usePageHidden(): boolean {
  return useSyncExternalStore(
    (changed) => {
      document.addEventListener('visibilitychange', changed)
      return () => document.removeEventListener('visibilitychange', changed)
    },
    () => document.hidden,
  )
}
