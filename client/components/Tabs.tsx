import { type ReactNode, useId, useState } from 'react'
import { TabBar } from './TabBar'

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

/**
 * WAI-ARIA tabs with automatic activation, holding their own selection, with every panel
 * rendered (`TabBar` for tabs whose selection the caller holds).
 */
export function Tabs({ label, tabs, initialIndex = 0, className }: TabsProps) {
  const baseId = useId()
  const [selected, setSelected] = useState(tabs[initialIndex]?.id ?? '')
  const tabId = (id: string) => `${baseId}-tab-${id}`
  const panelId = (id: string) => `${baseId}-panel-${id}`

  return (
    <div className={className}>
      <TabBar
        label={label}
        items={tabs}
        selected={selected}
        onSelect={setSelected}
        tabId={tabId}
        panelId={panelId}
      />
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          className="pt-4"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}
