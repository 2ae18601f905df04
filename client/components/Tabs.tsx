import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'

export interface TabItem {
  id: string
  label: string
  panel: ReactNode
}

interface TabsProps {
  /** What the tab list is for, read out by screen readers. */
  label: string
  tabs: readonly TabItem[]
  /** The tab selected at first (0 by default). */
  initialIndex?: number
  className?: string
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and only
 * the selected tab is in the Tab order, so one Tab press reaches its panel.
 */
export function Tabs({ label, tabs, initialIndex = 0, className }: TabsProps) {
  const baseId = useId()
  const [selectedIndex, setSelectedIndex] = useState(initialIndex)
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const tabId = (index: number) => `${baseId}-tab-${index}`
  const panelId = (index: number) => `${baseId}-panel-${index}`

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key]
    if (!step) return
    event.preventDefault()
    const next = step(selectedIndex, tabs.length)
    setSelectedIndex(next)
    tabRefs.current[next]?.focus()
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 rounded-xl bg-night-800 p-1"
      >
        {tabs.map((tab, index) => {
          const selected = index === selectedIndex
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={panelId(index)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedIndex(index)}
              className={`min-h-10 flex-1 rounded-lg px-2 text-sm font-semibold transition ${
                selected
                  ? 'bg-fuchsia-700 text-white shadow'
                  : 'text-zinc-300 hover:bg-white/10 hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          hidden={index !== selectedIndex}
          className="pt-4"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}
