import { useId } from 'react'
import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { groupByStage, type StageGroup } from '../../../shared/lineup/lineup-grouping'

/** 'By Stage': a card per stage with its artists as badges. */
export function LineupByStage({ sets }: { sets: LineupItem[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        By Stage
      </h3>
      <ul className="mt-3 grid gap-3 @xl:grid-cols-2">
        {groupByStage(sets).map((stage) => (
          <li key={stage.stage} className="render-when-visible-40">
            <StageCard stage={stage} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function StageCard({ stage }: { stage: StageGroup }) {
  const headingId = useId()
  return (
    <article
      aria-labelledby={headingId}
      className="h-full rounded-xl border border-white/10 bg-night-800/70 p-4"
    >
      <h4 id={headingId} className="font-semibold text-cyan-200">
        {stage.stage}
      </h4>
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
    </article>
  )
}
