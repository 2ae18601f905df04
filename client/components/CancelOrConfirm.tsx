/**
 * A dialog's last row: Cancel, and the red button that does the irreversible thing (block,
 * report, remove, suspend). Without `onConfirm` the red button submits the form it sits in.
 */
export function CancelOrConfirm({
  onCancel,
  onConfirm,
  busy,
  children,
  className = '',
}: {
  onCancel: () => void
  onConfirm?: () => void
  busy: boolean
  /** The red button's label. */
  children: string
  /** Spacing from what is above. */
  className?: string
}) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="btn bg-red-700 text-white hover:bg-red-600"
        onClick={onConfirm}
        disabled={busy}
      >
        {children}
      </button>
    </div>
  )
}
