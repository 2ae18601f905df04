// A test page for the browser suite: ReminderSettings alone, signed in with the token in the
// address's fragment, until the app's My schedule view composes it (client/app).
import { QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { ReminderSettings } from '../../../client/features/reminders/ReminderSettings'
import { queryClient } from '../../../client/lib/query-client'
import { connectSession } from '../../../client/lib/session'

const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
connectSession({
  accessToken: async () => token,
  onTokenRefreshed: () => () => {},
  refused: async () => {},
})
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <ReminderSettings />
  </QueryClientProvider>,
)
