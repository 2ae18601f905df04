import { useCallback } from 'react'
import { useReloadLineup, useResyncLineup } from '../features/lineup/lineup.api'
import { useReloadSchedule } from '../features/schedule/schedule.api'
import type { LineupNews } from '../features/vibes/live/use-live-vibes'

/**
 * What the live channel's lineup news reloads. A `lineup` message (the organiser changed it):
 * the lineup, so the card, now and next follow without a Refresh, and my schedule, where a set I
 * starred may have moved or been cancelled. A `ready` (connected, or back after a drop): the
 * lineup is checked quietly, and both reload only if it changed meanwhile.
 */
export function useLineupChanges(): (message: LineupNews) => void {
  const reloadLineup = useReloadLineup()
  const resyncLineup = useResyncLineup()
  const reloadSchedule = useReloadSchedule()
  return useCallback(
    (message: LineupNews) => {
      if (message.type === 'lineup') {
        reloadLineup()
        reloadSchedule()
        return
      }
      void resyncLineup().then((changed) => {
        if (changed) reloadSchedule()
      })
    },
    [reloadLineup, resyncLineup, reloadSchedule],
  )
}
