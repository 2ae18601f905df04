import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WifiPass } from '../../../shared/wifi/wifi.schema'
import { apiRequest } from '../../lib/api-client'

const wifiKeys = { pass: () => ['wifi', 'pass'] as const }

export const wifiPassQuery = queryOptions({
  queryKey: wifiKeys.pass(),
  queryFn: () => apiRequest<WifiPass>('/api/wifi/pass'),
})

/** My WiFi pass: its code, what a session gives, and the devices it let through. */
export const useWifiPass = () => useQuery(wifiPassQuery)

/** Reloads my pass (what a session gives follows my game level). */
export function useRefreshWifiPass(): () => void {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: wifiKeys.pass() })
}

/** A new code; the old one stops working at once. */
export function useRegeneratePass() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<WifiPass>('/api/wifi/pass/regenerate', { method: 'POST' }),
    onSuccess: (pass) => queryClient.setQueryData(wifiKeys.pass(), pass),
  })
}

/** Forgets one of my devices (its record, and its place on my pass). */
export function useForgetDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Record<string, never>>(`/api/wifi/devices/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wifiKeys.pass() }),
  })
}
