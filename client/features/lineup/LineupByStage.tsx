import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { groupByStage } from '../../../shared/lineup/lineup-grouping'
import { useProgressiveCount } from '../../lib/use-progressive-count'
import { LineupGroupCard, LineupSection } from './LineupSection'

/**
 * 'By Stage': a card per stage with its artists as badges. Below the day's list, so its cards
 * follow a few at a time.
 */
export function LineupByStage({ sets }: { sets: LineupSet[] }) {
  const stages = groupByStage(sets)
  const shown = useProgressiveCount(stages.length, 2, 2)
  return (
    <LineupSection
      title="By Stage"
      groups={stages.slice(0, shown)}
      keyOf={(stage) => stage.stage}
      gridClassName="@xl:grid-cols-2"
      itemClassName="render-when-visible-40"
      renderCard={(stage) => (
        <LineupGroupCard heading={stage.stage} headingClassName="text-cyan-200">
          <ul className="mt-3 flex flex-wrap gap-2">
            {stage.artists.map((artist) => (
              <li
                key={artist}
                className="rounded-full bg-fuchsia-500/15 px-3 py-1 text-sm text-fuchsia-100 ring-1 ring-fuchsia-400/40"
              >
                {artist}
              </li>
            ))}
          </ul>
        </LineupGroupCard>
      )}
    />
  )
}
