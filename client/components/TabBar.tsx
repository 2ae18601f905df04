import { type KeyboardEvent, type ReactNode, useRef } from 'react'

export interface TabBarItem<Id extends string> {
  id: Id
  label: ReactNode
}

interface TabBarProps<Id extends string> {
  /** What the tabs choose between, read out by screen readers. */
  label: string
  items: readonly TabBarItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** The id of a tab's element, for its panel's `aria-labelledby`. */
  tabId: (id: Id) => string
  /** The id of the panel a tab shows. */
  panelId: (id: Id) => string
  className?: string
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/**
 * A WAI-ARIA tab list whose selection the caller holds (festival days, the main screen's
 * sections): arrow keys, Home and End move and select, and only the selected tab is in the Tab
 * order, so one Tab press reaches its panel.
 */
export function TabBar<Id extends string>(props: TabBarProps<Id>) {
  const { label, items, selected, onSelect, tabId, panelId, className } = props
  const tabs = useRef(new Map<Id, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key]
    const index = items.findIndex((item) => item.id === selected)
    if (!step || index < 0) return
    event.preventDefault()
    const next = items[step(index, items.length)]!.id
    onSelect(next)
    tabs.current.get(next)?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      // Tabs that do not fit scroll sideways, the edge fading while there are more (a tab cut
      // in half, "Su" of "Sun 12", did not read as more to come).
      className={`scroll-hint-right flex gap-1 overflow-x-auto rounded-xl bg-night-800 p-1 [--scroll-fade-color:var(--color-night-800)] ${className ?? ''}`}
    >
      {items.map((item) => {
        const isSelected = item.id === selected
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabs.current.set(item.id, element)
              else tabs.current.delete(item.id)
            }}
            type="button"
            role="tab"
            id={tabId(item.id)}
            aria-selected={isSelected}
            aria-controls={panelId(item.id)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(item.id)}
            className={`min-h-10 flex-1 shrink-0 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition ${
              isSelected
                ? 'bg-fuchsia-700 text-white shadow'
                : 'text-zinc-300 hover:bg-white/10 hover:text-white'
            }`}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
