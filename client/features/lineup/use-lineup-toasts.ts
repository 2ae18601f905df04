import { useEffect, useRef } from 'react'
import { toast } from '../../components/toasts/toast'

// One toast slot for the lineup: a new result replaces the last one instead of stacking.
const TOAST_ID = 'lineup-status'

/**
 * The spec's toasts: 'Success' after each successful load (the first one too) and 'Error' after
 * a failed one. Loads are told apart by their timestamps, so a re-render never toasts twice.
 */
export function useLineupToasts(query: { dataUpdatedAt: number; errorUpdatedAt: number }) {
  // What was already in the cache when the card mounted was not loaded by it: no toast for that.
  const announced = useRef({ data: query.dataUpdatedAt, error: query.errorUpdatedAt })

  useEffect(() => {
    if (query.dataUpdatedAt <= announced.current.data) return
    announced.current.data = query.dataUpdatedAt
    toast.success('Success', { id: TOAST_ID, description: 'Lineup updated successfully' })
  }, [query.dataUpdatedAt])

  useEffect(() => {
    if (query.errorUpdatedAt <= announced.current.error) return
    announced.current.error = query.errorUpdatedAt
    toast.error('Error', { id: TOAST_ID, description: 'Failed to fetch lineup data' })
  }, [query.errorUpdatedAt])
}
