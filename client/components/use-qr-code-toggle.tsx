import { lazy, type ReactNode, Suspense, useId, useState } from 'react'

const QrCode = lazy(() => import('./QrCode'))

interface QrCodeToggleOptions {
  /** The button's look among the actions beside it (`btn-secondary` unless said). */
  buttonClassName?: string
  /** Shown under the code, e.g. what scanning it does. */
  caption?: ReactNode
}

/**
 * "Show QR code" for a link: the toggle button, for a row of actions, and the code it shows, for
 * below them (drawn by `QrCode`, whose encoder loads only when first shown).
 */
export function useQrCodeToggle(
  text: string,
  label: string,
  { buttonClassName = 'btn-secondary', caption }: QrCodeToggleOptions = {},
): { button: ReactNode; code: ReactNode } {
  const [shown, setShown] = useState(false)
  const codeId = useId()
  const button = (
    <button
      type="button"
      className={buttonClassName}
      aria-expanded={shown}
      aria-controls={codeId}
      onClick={() => setShown((was) => !was)}
    >
      {shown ? 'Hide QR code' : 'Show QR code'}
    </button>
  )
  const code = shown && (
    <div id={codeId} className="mt-4">
      <Suspense fallback={<p className="text-zinc-300">Drawing the QR code...</p>}>
        <QrCode text={text} label={label} />
      </Suspense>
      {caption}
    </div>
  )
  return { button, code }
}
