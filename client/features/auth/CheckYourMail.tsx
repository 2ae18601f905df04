import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { resendConfirmation } from './auth-actions'

interface CheckYourMailProps {
  email: string
  /** Why the link is awaited: just signed up, or a sign-in refused as not confirmed yet. */
  reason: 'signed-up' | 'not-confirmed'
  onBack: () => void
}

/**
 * While e-mail confirmation is on: where the link went, what to do with it, and a way to have it
 * sent again (the newest link is the one that works).
 */
export function CheckYourMail({ email, reason, onBack }: CheckYourMailProps) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [sending, setSending] = useState(false)
  const [sentAgain, setSentAgain] = useState(false)
  // The form this replaces had the focus: give it to the news.
  useEffect(() => heading.current?.focus(), [])

  const sendAgain = async () => {
    setSending(true)
    try {
      if (await resendConfirmation(email)) setSentAgain(true)
    } finally {
      setSending(false)
    }
  }

  const address = (
    <strong className="text-zinc-50 [overflow-wrap:anywhere]">{breakable(email)}</strong>
  )
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-white focus:outline-none"
      >
        <span aria-hidden="true">📬 </span>
        {reason === 'signed-up' ? 'Confirm your e-mail' : 'Your e-mail is not confirmed yet'}
      </h2>
      <p className="text-zinc-200">
        {reason === 'signed-up' ? (
          <>We've sent a confirmation link to {address}.</>
        ) : (
          <>We sent a confirmation link to {address} when you signed up.</>
        )}{' '}
        Open it to finish creating your account; it signs you in.
      </p>
      <p className="text-sm text-zinc-300">
        No mail after a few minutes? Look in your spam folder, or have the link sent again. A link
        works for an hour, and only the newest one works.
      </p>
      <button
        type="button"
        className="btn-secondary w-full"
        disabled={sending}
        onClick={() => void sendAgain()}
      >
        {sending ? 'Sending...' : 'Send the link again'}
      </button>
      {/* Mounted throughout, so a screen reader hears the news when it comes. */}
      <p role="status" className={sentAgain ? 'text-sm text-emerald-300' : 'sr-only'}>
        {sentAgain ? 'Sent. Use the link in the newest mail: the earlier ones no longer work.' : ''}
      </p>
      <button type="button" className="btn-ghost w-full text-sm" onClick={onBack}>
        Back to sign in
      </button>
    </section>
  )
}

/**
 * The address with a line-break opportunity before each `@` and `.`, where a long one wraps on a
 * phone (`alex.festival` / `@example.com`) instead of mid-word; a part longer than the line still
 * wraps anywhere.
 */
function breakable(email: string) {
  return email.split(/(?=[@.])/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ))
}
