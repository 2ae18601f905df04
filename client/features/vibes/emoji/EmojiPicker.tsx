import { useId, useState } from 'react'
import { ChevronDownIcon } from '../../../components/icons'
import { EmojiTabs } from './EmojiTabs'

interface EmojiPickerProps {
  value: string
  onChange: (emoji: string) => void
}

/**
 * The vibe avatar picker: a preview of the choice with a button that opens the tabs of emojis
 * below it. Closed at first, so a phone shows the whole form without scrolling; each opening
 * starts on the tab that shows the current emoji.
 */
export function EmojiPicker({ value, onChange }: EmojiPickerProps) {
  const previewLabelId = useId()
  const panelId = useId()
  const [open, setOpen] = useState(false)

  return (
    // min-w-0: a fieldset is as wide as its widest content by default, and the tab row (which
    // scrolls sideways instead) made the whole form wider than a 360 px phone.
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="label mb-2 text-base">Pick your vibe avatar</legend>
      {/* Tighter below 360 px, where "Change" would stick out of the row at full size. */}
      <div className="flex items-center gap-3 rounded-2xl border border-white/10 bg-night-800/70 p-2.5 max-xs:gap-2">
        <output
          aria-labelledby={previewLabelId}
          className="grid size-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-600/40 to-cyan-400/30 font-emoji text-3xl max-xs:size-12 max-xs:text-2xl"
        >
          {value}
        </output>
        <p id={previewLabelId} className="text-sm font-medium text-zinc-200">
          Selected vibe
        </p>
        <button
          type="button"
          className="btn-secondary ml-auto px-3 text-sm max-xs:px-2"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {/* "Change" alone on a phone, where the row has no room for more. */}
          <span>
            Change<span className="sr-only sm:not-sr-only"> emoji</span>
          </span>
          <ChevronDownIcon className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      {open ? (
        <div id={panelId}>
          <EmojiTabs value={value} onChange={onChange} />
        </div>
      ) : null}
    </fieldset>
  )
}
