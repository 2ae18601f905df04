import { useMemo } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { findClashes } from '../../../shared/schedule/clashes'
import { useSchedule } from './schedule.api'
import { currentSetOf, starKeysBySet } from './star-state'

/**
 * My stars as the screens need them: the schedule query, the star behind each lineup set, and
 * the clashes between the starred sets still on (by lineup key).
 */
export function useMyStars() {
  const schedule = useSchedule()
  const derived = useMemo(() => {
    const stars = schedule.data?.stars ?? []
    const on = stars.map(currentSetOf).filter((set): set is LineupSet => set !== undefined)
    return { stars, starKeyBySet: starKeysBySet(stars), clashes: findClashes(on) }
  }, [schedule.data])
  return { schedule, ...derived }
}
