import { toast } from '../../components/toasts/toast'
import type { VibeFormResult } from './vibe-form'

/** Tells the user why the form was not sent; the spec words the blank-field case exactly. */
export function toastInvalidVibe(
  result: Exclude<VibeFormResult, { ok: true }>,
  toasterId?: string,
) {
  if (result.reason === 'missing') {
    toast.warning('Missing info! 📝', {
      description: 'Please fill in your username and vibe status',
      toasterId,
    })
  } else {
    toast.error('Oops! Something went wrong 😅', { description: result.message, toasterId })
  }
}

/** A failed create or update, with the server's message when it gave one. */
export function toastVibeWriteFailed(message: string, toasterId?: string) {
  toast.error('Oops! Something went wrong 😅', { description: message, toasterId })
}
