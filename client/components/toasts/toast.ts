import type { ReactNode } from 'react'

// The app's toasts (ADR 040): a list in one module that any code can add to, and a <Toaster> per
// place that shows them. Built here rather than taken from a library: the library we had was 9 KB
// of the first screen's script and inserted a stylesheet at run time, which made the page's
// Content-Security-Policy allow inline styles.

export type ToastType = 'default' | 'success' | 'error' | 'info' | 'warning'

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface ToastOptions {
  /** A toast given the id of one still shown replaces it, and its time starts again. */
  id?: string
  description?: ReactNode
  /** How long it stays, in ms (4 s by default); `Number.POSITIVE_INFINITY` until closed. */
  duration?: number
  /** One button beside the text; pressing it also closes the toast. */
  action?: ToastAction
  /** The toaster that shows it: a dialog's (`DIALOG_TOASTER_ID`) or, without one, the page's. */
  toasterId?: string
}

export interface ShownToast extends ToastOptions {
  id: string
  type: ToastType
  title: ReactNode
  /** Changes each time the toast is given again under its id, to start its time again. */
  version: number
}

export const DEFAULT_TOAST_DURATION = 4000

/**
 * A toaster shows this many at once. A new one pushes out the oldest that times out (it was shown
 * and announced already); those that stay until closed (Reload, Keep mine) are never pushed out,
 * and past three of them the oldest wait off screen.
 */
export const MAX_SHOWN = 3

let toasts: readonly ShownToast[] = []
const listeners = new Set<() => void>()
let serial = 0
// The dialogs' toasters on screen: a toast for one that is not (its dialog just closed) goes to
// the page's instead of waiting, unseen, for the next dialog.
const mountedToasters = new Set<string>()

let notification: ReturnType<typeof setTimeout> | undefined

/**
 * Toasts raised together (a live message's level and badge) render once: the toasters hear of a
 * change in a task of its own, not in the middle of whatever code raised it (a render, an effect,
 * a test's `act()`).
 */
function publish(next: readonly ShownToast[]): void {
  toasts = next
  // Timed again on each change rather than flagged, so a timer that never ran (a test's fake
  // clock, put away) cannot keep the toasters deaf.
  clearTimeout(notification)
  notification = setTimeout(() => {
    for (const listener of listeners) listener()
  }, 0)
}

function show(type: ToastType, title: ReactNode, options: ToastOptions = {}): string {
  serial += 1
  const toasterId =
    options.toasterId && mountedToasters.has(options.toasterId) ? options.toasterId : undefined
  const shown: ShownToast = {
    ...options,
    toasterId,
    id: options.id ?? `toast-${serial}`,
    type,
    title,
    version: serial,
  }
  const replaced = toasts.some((toast) => toast.id === shown.id)
  if (replaced) publish(toasts.map((toast) => (toast.id === shown.id ? shown : toast)))
  else publish(withoutPushedOut([...toasts, shown], shown))
  return shown.id
}

/** `list` without the oldest toasts that time out that `added` pushes out of its toaster. */
function withoutPushedOut(list: ShownToast[], added: ShownToast): ShownToast[] {
  const { toasterId } = added
  const times = (toast: ShownToast) => Number.isFinite(toast.duration ?? DEFAULT_TOAST_DURATION)
  let excess = list.filter((toast) => toast.toasterId === toasterId).length - MAX_SHOWN
  return list.filter((toast) => {
    const pushOut = excess > 0 && toast !== added && toast.toasterId === toasterId && times(toast)
    if (pushOut) excess -= 1
    return !pushOut
  })
}

/** Takes away the toasts `drop` picks; the toasters hear of it only if there were any. */
function removeWhere(drop: (toast: ShownToast) => boolean): void {
  if (toasts.some(drop)) publish(toasts.filter((toast) => !drop(toast)))
}

/** Shows a toast; returns its id. `toast.success` and the others give it a colour and an icon. */
export const toast = Object.assign(
  (title: ReactNode, options?: ToastOptions) => show('default', title, options),
  {
    success: (title: ReactNode, options?: ToastOptions) => show('success', title, options),
    error: (title: ReactNode, options?: ToastOptions) => show('error', title, options),
    info: (title: ReactNode, options?: ToastOptions) => show('info', title, options),
    warning: (title: ReactNode, options?: ToastOptions) => show('warning', title, options),
    /** Closes the toast with this id, or every toast. */
    dismiss: (id?: string) => removeWhere((toast) => id === undefined || toast.id === id),
  },
)

/**
 * A toaster arrives: for a dialog's, toasts may be sent to it until it goes. Returns what its
 * going does: closes its toasts, each about the dialog (`Not sent yet`, `Your account was not
 * deleted`), which would otherwise show again the next time it opens. What outlives a dialog
 * (`Vibe updated! ✨` as it closes) goes to the page's toaster in the first place.
 */
export function mountToaster(toasterId: string | undefined): () => void {
  if (toasterId === undefined) return () => {}
  mountedToasters.add(toasterId)
  return () => {
    mountedToasters.delete(toasterId)
    removeWhere((toast) => toast.toasterId === toasterId)
  }
}

/**
 * Closes every toast but those with the ids in `keep`: at sign-out, what was said to the person
 * signing out ("Keep mine" over their vibe, a badge) goes with them; the app's own ("A new
 * version is ready") stays.
 */
export function dismissToastsExcept(keep: readonly string[]): void {
  removeWhere((toast) => !keep.includes(toast.id))
}

/** For `useSyncExternalStore`. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const currentToasts = (): readonly ShownToast[] => toasts
