import { useId } from 'react'

interface LineupFiltersProps {
  stages: readonly string[]
  stage: string
  onStage: (stage: string) => void
  search: string
  onSearch: (search: string) => void
}

/** The stage filter ('' for every stage) and the artist search. */
export function LineupFilters({ stages, stage, onStage, search, onSearch }: LineupFiltersProps) {
  const stageId = useId()
  const searchId = useId()
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={stageId} className="label">
          Stage
        </label>
        <select
          id={stageId}
          className="field"
          value={stage}
          onChange={(event) => onStage(event.target.value)}
        >
          <option value="">All stages</option>
          {stages.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={searchId} className="label">
          Search artists
        </label>
        <input
          id={searchId}
          type="search"
          className="field"
          placeholder="Artist name"
          autoComplete="off"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
    </div>
  )
}
