import { useDeferredValue, useId, useMemo, useState } from 'react'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { defaultFestivalDay, festivalDayOf } from '../../../shared/lineup/festival-day'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay } from '../../../shared/lineup/lineup-format'
import { festivalDates } from '../../../shared/lineup/lineup-grouping'
import { compareNames } from '../../../shared/text/compare-names'
import { useNowAs } from '../../lib/use-now'
import { artistMatcher } from './artist-search'
import { DayTabs } from './DayTabs'
import { LineupFilters } from './LineupFilters'
import { LineupSets } from './LineupSets'
import { shortFestivalDay } from './lineup-days'
import { NowAndNext } from './NowAndNext'
import type { SetExtras } from './set-extras'

interface LineupBrowserProps {
  sets: LineupSet[]
  festival: FestivalInfo | undefined
  /** The festival's zone once its formatters are ready; times wait for it. */
  timeZone: string | undefined
  extras?: SetExtras
}

/**
 * The lineup one festival day at a time: now and next, the day tabs (today's festival day first
 * while the festival is on), a stage filter and an artist search, then the day's sets. Only the
 * chosen day is drawn, so a 400-set festival costs a phone what one evening does.
 */
export function LineupBrowser({ sets, festival, timeZone, extras }: LineupBrowserProps) {
  const panelId = useId()
  const tabIdPrefix = useId()
  const tabId = (day: string) => `${tabIdPrefix}-${day}`
  const days = useMemo(() => festivalDates(sets), [sets])
  const stages = useMemo(
    () => [...new Set(sets.map((set) => set.stage))].sort(compareNames),
    [sets],
  )
  // Without the festival's clock yet, "today" is unknown: the first day, as before the festival.
  // The card renders again when the festival day turns, not on every tick of the clock.
  const today = useNowAs((now) => (festival && timeZone ? festivalDayOf(now, festival) : ''))
  const [chosenDay, setChosenDay] = useState<string>()
  const day =
    chosenDay !== undefined && days.includes(chosenDay)
      ? chosenDay
      : (defaultFestivalDay(days, today) ?? '')
  const [stage, setStage] = useState('')
  const [search, setSearch] = useState('')
  // Typing and tapping a tab answer at once; the day's sets follow in a render React can interrupt.
  const shownDay = useDeferredValue(day)
  const shownSearch = useDeferredValue(search)

  const matching = useMemo(() => {
    const matches = artistMatcher(shownSearch)
    return sets.filter((set) => (stage === '' || set.stage === stage) && matches(set.name))
  }, [sets, stage, shownSearch])
  const nowSets = useMemo(
    () => (stage === '' ? sets : sets.filter((set) => set.stage === stage)),
    [sets, stage],
  )
  const daySets = useMemo(
    () => matching.filter((set) => set.date === shownDay),
    [matching, shownDay],
  )
  const filtering = stage !== '' || shownSearch.trim() !== ''
  const otherDays = filtering ? days.filter((each) => each !== shownDay) : []

  return (
    <>
      {timeZone && <NowAndNext sets={nowSets} timeZone={timeZone} />}
      <DayTabs days={days} selected={day} onSelect={setChosenDay} panelId={panelId} tabId={tabId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(day)}>
        <LineupFilters
          stages={stages}
          stage={stage}
          onStage={setStage}
          search={search}
          onSearch={setSearch}
        />
        <p aria-live="polite" className="mt-3 min-h-5 text-sm text-zinc-300">
          {filtering &&
            `${daySets.length} ${daySets.length === 1 ? 'set' : 'sets'} on ${formatFestivalDay(shownDay)}`}
        </p>
        {otherDays.some((other) => matching.some((set) => set.date === other)) && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-300">
            Also on
            {otherDays.map((other) => {
              const count = matching.filter((set) => set.date === other).length
              if (count === 0) return null
              return (
                <button
                  key={other}
                  type="button"
                  className="btn-secondary min-h-9 px-3 py-1 text-sm"
                  onClick={() => setChosenDay(other)}
                >
                  {shortFestivalDay(other)} ({count})
                </button>
              )
            })}
          </p>
        )}
        {daySets.length === 0 ? (
          <p className="mt-4 text-zinc-300">No sets match on this day.</p>
        ) : (
          <LineupSets sets={daySets} timeZone={timeZone} extras={extras} />
        )}
      </div>
    </>
  )
}
