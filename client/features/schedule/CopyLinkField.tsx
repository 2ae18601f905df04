import { useId, useRef, useState } from 'react'

/**
 * A link to copy: shown in full in a read-only field (selected on focus, for copying by hand)
 * with a Copy button. Whether the copy worked is said, for screen readers too.
 */
export function CopyLinkField({ label, value }: { label: string; value: string }) {
  const fieldId = useId()
  const field = useRef<HTMLInputElement>(null)
  const [said, setSaid] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setSaid('Link copied')
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected instead.
      field.current?.select()
      setSaid('Selected: copy it with your device’s copy command')
    }
  }
  return (
    <div className="mt-3">
      <label htmlFor={fieldId} className="label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={fieldId}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="field min-w-0 font-mono text-sm"
        />
        <button
          type="button"
          className="btn-secondary"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => void copy()}
        >
          Copy
        </button>
      </div>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-cyan-200">
        {said}
      </p>
    </div>
  )
}
