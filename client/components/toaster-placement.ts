import type { ToasterProps } from 'sonner'

/**
 * Where every toaster puts its toasts: bottom right on wide screens, across the bottom on a
 * phone (sonner's own layout under 600 px). At the top they covered the screens' headings (`Set
 * Your Vibe!`, the sticky header with the sign-out button); the bottom edge holds no heading, and
 * the forms keep their buttons clear of it: onboarding fits a phone's screen with room below it,
 * and the cards and dialogs are centred, away from the bottom right corner. Toasts are shown
 * one above the other, not stacked behind the newest: a phone has no pointer to hover a stack
 * open, and "Level 2 reached" behind "Checked in at The Grove" could not be read.
 */
export const TOASTER_PLACEMENT = {
  theme: 'dark',
  position: 'bottom-right',
  richColors: true,
  closeButton: true,
  expand: true,
} as const satisfies ToasterProps
