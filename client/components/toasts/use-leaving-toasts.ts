import { useEffect, useState } from 'react'
import type { ShownToast } from './toast'

/** How long a closed toast takes to fade out (`animate-toast-out` in styles.css). */
export const TOAST_EXIT_MS = 150

export interface RenderedToast {
  toast: ShownToast
  /** Closed, fading out where it was: hidden from screen readers, and takes no taps or focus. */
  leaving: boolean
}

/**
 * The toasts to draw: those shown, and for a moment those just closed, in the places they had, so
 * a closed toast fades out rather than vanishing and the others do not jump while it goes.
 */
export function useLeavingToasts(shown: readonly ShownToast[]): RenderedToast[] {
  const [rendered, setRendered] = useState<RenderedToast[]>(() => asShown(shown))
  const next = withLeaving(rendered, shown)
  if (!sameList(next, rendered)) setRendered(next)

  const leavingIds = next
    .filter((item) => item.leaving)
    .map((item) => item.toast.id)
    .join(' ')
  useEffect(() => {
    if (!leavingIds) return
    const gone = new Set(leavingIds.split(' '))
    const timer = setTimeout(() => {
      setRendered((list) => list.filter((item) => !(item.leaving && gone.has(item.toast.id))))
    }, TOAST_EXIT_MS)
    return () => clearTimeout(timer)
  }, [leavingIds])

  return next
}

const asShown = (shown: readonly ShownToast[]) => shown.map((toast) => ({ toast, leaving: false }))

/**
 * `shown` in its order, with each toast of `rendered` that is no longer shown kept, leaving, after
 * the shown toast it followed. A toast shown again under the id of one leaving comes back.
 */
function withLeaving(rendered: readonly RenderedToast[], shown: readonly ShownToast[]) {
  const shownById = new Map(shown.map((toast) => [toast.id, toast]))
  const result: RenderedToast[] = []
  let nextShown = 0
  for (const item of rendered) {
    const stillShown = shownById.get(item.toast.id)
    if (!stillShown) {
      result.push({ toast: item.toast, leaving: true })
      continue
    }
    // The shown toasts up to this one (those added before it, if any), in their order.
    const at = shown.indexOf(stillShown)
    while (nextShown <= at) {
      result.push({ toast: shown[nextShown]!, leaving: false })
      nextShown += 1
    }
  }
  for (; nextShown < shown.length; nextShown += 1) {
    result.push({ toast: shown[nextShown]!, leaving: false })
  }
  return result
}

const sameList = (a: readonly RenderedToast[], b: readonly RenderedToast[]) =>
  a.length === b.length &&
  a.every((item, i) => item.toast === b[i]!.toast && item.leaving === b[i]!.leaving)
