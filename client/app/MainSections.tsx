import { type ReactNode, type RefObject, useId, useRef, useState } from 'react'
import { TabBar } from '../components/TabBar'
import { TWO_COLUMNS_QUERY, useMediaQuery } from '../lib/use-media-query'
import { type SectionId, storedMainSection, storeMainSection } from './main-section-storage'

const LABELS: Record<SectionId, string> = {
  lineup: 'Lineup',
  feed: 'Vibes',
  schedule: 'My schedule',
}

/** Which of the main screen's sections is showing, and how they are laid out (ADR 029). */
export interface MainSections {
  /** Wide screen: the lineup stands beside the tabs of the feed and My schedule. */
  twoColumns: boolean
  /** The sections under tabs: all three on a phone, the feed and My schedule on a wide screen. */
  tabbed: SectionId[]
  selected: SectionId
  select: (id: SectionId) => void
  /** Sections shown at least once: drawn, and kept (hidden) when another is chosen. */
  drawn: ReadonlySet<SectionId>
  tabId: (id: SectionId) => string
  panelId: (id: SectionId) => string
  /** The element the panels start at, scrolled to when a phone's header tab is chosen. */
  panelsTop: RefObject<HTMLDivElement | null>
}

/**
 * The main screen's sections: on a phone one at a time, chosen in the header (the feed first,
 * remembered per device); on a wide screen the lineup beside the feed, My schedule a tab away.
 */
export function useMainSections(): MainSections {
  const baseId = useId()
  const twoColumns = useMediaQuery(TWO_COLUMNS_QUERY)
  const tabbed: SectionId[] = twoColumns ? ['feed', 'schedule'] : ['lineup', 'feed', 'schedule']
  const [stored, store] = useStoredSection()
  const selected = tabbed.includes(stored) ? stored : 'feed'
  const [drawn, setDrawn] = useState(() => new Set<SectionId>([selected]))
  if (!drawn.has(selected)) setDrawn(new Set(drawn).add(selected))
  const panelsTop = useRef<HTMLDivElement>(null)

  const select = (id: SectionId) => {
    store(id)
    // The tabs are in the sticky header, the panels below the WiFi pass and the game: bring the
    // chosen section's top just under the header, as a tab bar beside its panel would show it.
    if (!twoColumns) scrollUnderHeader(panelsTop.current)
  }
  return {
    twoColumns,
    tabbed,
    selected,
    select,
    drawn,
    tabId: (id) => `${baseId}-tab-${id}`,
    panelId: (id) => `${baseId}-panel-${id}`,
    panelsTop,
  }
}

function scrollUnderHeader(element: HTMLElement | null) {
  if (!element) return
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
  const offset = element.getBoundingClientRect().top - headerBottom
  if (Math.abs(offset) > 1) window.scrollBy({ top: offset })
}

/** The section tabs, with the count of programme changes not yet seen on My schedule's. */
export function SectionBar({ sections, news }: { sections: MainSections; news: number }) {
  return (
    <TabBar
      label="Sections"
      items={sections.tabbed.map((id) => ({ id, label: <SectionLabel id={id} news={news} /> }))}
      selected={sections.selected}
      onSelect={sections.select}
      tabId={sections.tabId}
      panelId={sections.panelId}
    />
  )
}

/** The tabbed sections' panels; a section is drawn the first time it is chosen. */
export function SectionPanels(props: {
  sections: MainSections
  content: Record<SectionId, ReactNode>
}) {
  const { sections, content } = props
  // On a phone a chosen section's top is scrolled under the header: at least a screen tall, the
  // panels let it get there even when the section shown before (a short feed) ends the page
  // above that point, which stopped the scroll short.
  return (
    <div ref={sections.panelsTop} className={sections.twoColumns ? undefined : 'min-h-dvh'}>
      {sections.tabbed.map((id) => (
        <div
          key={id}
          role="tabpanel"
          id={sections.panelId(id)}
          aria-labelledby={sections.tabId(id)}
          hidden={id !== sections.selected}
        >
          {sections.drawn.has(id) && content[id]}
        </div>
      ))}
    </div>
  )
}

function SectionLabel({ id, news }: { id: SectionId; news: number }) {
  if (id !== 'schedule' || news === 0) return LABELS[id]
  return (
    <>
      {LABELS[id]}{' '}
      <span className="ml-1 rounded-full bg-amber-300 px-1.5 text-xs font-bold text-night-950">
        {news}
        <span className="sr-only"> {news === 1 ? 'change' : 'changes'}</span>
      </span>
    </>
  )
}

/** The section last chosen on this device (the feed at first). */
function useStoredSection(): [SectionId, (id: SectionId) => void] {
  const [section, setSection] = useState<SectionId>(storedMainSection)
  const store = (id: SectionId) => {
    setSection(id)
    storeMainSection(id)
  }
  return [section, store]
}
