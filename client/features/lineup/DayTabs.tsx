import { TabBar } from '../../components/TabBar'
import { dayParts } from './lineup-days'

interface DayTabsProps {
  days: readonly string[]
  selected: string
  onSelect: (day: string) => void
  /** The id of the panel the tabs show (the day's sets). */
  panelId: string
  tabId: (day: string) => string
}

/** One tab per festival day; the lineup below shows the selected day only. */
export function DayTabs({ days, selected, onSelect, panelId, tabId }: DayTabsProps) {
  return (
    <TabBar
      label="Festival days"
      items={days.map((day) => ({ id: day, label: <DayLabel date={day} /> }))}
      selected={selected}
      onSelect={onSelect}
      tabId={tabId}
      panelId={() => panelId}
      className="mt-5"
    />
  )
}

/** "Fri 10", and the month where there is room: five days fit a phone's width. */
function DayLabel({ date }: { date: string }) {
  const { weekday, day, month } = dayParts(date)
  return (
    <>
      {weekday} {day}
      <span className="hidden sm:inline"> {month}</span>
    </>
  )
}
