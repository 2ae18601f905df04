import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PushKey } from '../../../shared/reminders/push.schema'
import type { ReminderSettings, Schedule } from '../../../shared/schedule/schedule.schema'
import { apiRequest } from '../../lib/api-client'

const reminderKeys = { choices: () => ['reminders', 'choices'] as const }

export const reminderChoicesQuery = queryOptions({
  queryKey: reminderKeys.choices(),
  queryFn: async () => (await apiRequest<Schedule>('/api/schedule')).reminders,
})

/** My reminder choices (minutes before a starred set, changes), kept on the server per account. */
export const useReminderChoices = () => useQuery(reminderChoicesQuery)

/** Saves my reminder choices; they apply to every browser of mine with reminders on. */
export function useSaveReminderChoices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (choices: ReminderSettings) =>
      apiRequest<ReminderSettings>('/api/schedule/reminders', { method: 'PUT', body: choices }),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.choices(), saved),
  })
}

export const fetchPushKey = () => apiRequest<PushKey>('/api/push/key')

/** Tells the server where to push to this browser (idempotent). */
export const saveSubscription = (subscription: PushSubscriptionJSON) =>
  apiRequest<Record<string, never>>('/api/push/subscriptions', {
    method: 'PUT',
    body: subscription,
  })

/** Tells the server to forget this browser. */
export const deleteSubscription = (endpoint: string) =>
  apiRequest<Record<string, never>>('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
  })
