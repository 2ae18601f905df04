import { useMutation } from '@tanstack/react-query'
import type { ReportInput } from '../../../shared/safety/report-input.schema'
import type { ReportResult } from '../../../shared/safety/safety-responses.schema'
import { apiRequest } from '../../lib/api-client'

/** `POST /api/vibes/:id/reports`: `reported` is false when I had reported it already. */
export const reportVibe = (vibeId: string, input: ReportInput) =>
  apiRequest<ReportResult>(`/api/vibes/${encodeURIComponent(vibeId)}/reports`, {
    method: 'POST',
    body: input,
  })

/** Reports a vibe to the moderators; nothing on screen changes until they act. */
export const useReportVibe = () =>
  useMutation({
    mutationFn: ({ vibeId, input }: { vibeId: string; input: ReportInput }) =>
      reportVibe(vibeId, input),
  })
