import { CloseIcon } from './icons'

/** A dialog's title and Close button, kept in reach while a phone scrolls the dialog. */
export function DialogTitleBar({
  titleId,
  title,
  onClose,
}: {
  titleId: string
  title: string
  onClose: () => void
}) {
  return (
    <div className="sticky top-0 z-10 -mx-4 mb-4 flex items-center justify-between gap-4 border-b border-white/10 bg-night-900/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 sm:py-4">
      <h2 id={titleId} className="text-xl font-bold text-white">
        {title}
      </h2>
      <button type="button" className="btn-ghost -mr-2 px-2.5" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  )
}
