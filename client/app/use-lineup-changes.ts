import { useCallback } from 'react'
import { useReloadLineup } from '../features/lineup/lineup.api'
import { useReloadSchedule } from '../features/schedule/schedule.api'

/**
 * What a live `lineup` message reloads: the lineup (so the card, now and next follow without a
 * Refresh) and my schedule (a set I starred may have moved or been cancelled).
 */
export function useLineupChanges(): () => void {
  const reloadLineup = useReloadLineup()
  const reloadSchedule = useReloadSchedule()
  return useCallback(() => {
    reloadLineup()
    reloadSchedule()
  }, [reloadLineup, reloadSchedule])
}
