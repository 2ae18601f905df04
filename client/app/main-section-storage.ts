// The main screen's section last chosen on this device, read by the main screen and by the entry
// script (which fetches early what the first view shows), so kept out of the screen's code.
export type SectionId = 'lineup' | 'feed' | 'schedule'

const STORAGE_KEY = 'vibeconnect.main-section'

/** The section last chosen here, the feed at first (or when storage is off: private mode). */
export function storedMainSection(): SectionId {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return stored === 'lineup' || stored === 'schedule' ? stored : 'feed'
  } catch {
    return 'feed'
  }
}

/** Remembers the chosen section; in private mode, for this visit only. */
export function storeMainSection(id: SectionId): void {
  try {
    localStorage.setItem(STORAGE_KEY, id)
  } catch {
    // Private mode: remembered for this visit only.
  }
}
