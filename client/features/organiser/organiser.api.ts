import { useQuery } from '@tanstack/react-query'
import type { OrganiserStats } from '../../../shared/organiser/organiser-stats.schema'
import { apiRequest } from '../../lib/api-client'
import { downloadFile } from '../../lib/download-file'

/** `GET /api/organiser/stats`, read again every minute while the dashboard is open. */
export const useOrganiserStats = () =>
  useQuery({
    queryKey: ['organiser', 'stats'],
    queryFn: ({ signal }) => apiRequest<OrganiserStats>('/api/organiser/stats', { signal }),
    refetchInterval: 60_000,
  })

/** The same figures as a CSV file. */
export const downloadStatsCsv = () =>
  downloadFile('/api/organiser/stats.csv', 'vibeconnect-stats.csv')
