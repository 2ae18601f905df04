import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, following it as the window changes. For layouts that must
 * not even render what the other size shows (a timetable's hundreds of blocks on a phone), where
 * hiding it with CSS would still cost its render.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}

/** Wide enough for the main screen's two columns (lineup beside the feed). */
export const TWO_COLUMNS_QUERY = '(min-width: 64rem)'
