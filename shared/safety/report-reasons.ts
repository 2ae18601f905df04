import type { ReportReason } from './report-input.schema'

/** Each report reason as people read it: in the report dialog and the moderators' queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or bullying',
  hate: 'Hate or slurs',
  drugs: 'Selling or offering drugs',
  spam: 'Spam or scams',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
}
