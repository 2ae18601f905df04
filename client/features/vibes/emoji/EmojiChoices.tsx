import type { EmojiOption } from './emoji-catalog'

interface EmojiChoicesProps {
  title: string
  options: readonly EmojiOption[]
  selected: string
  onSelect: (emoji: string) => void
}

// Rows that stay thumb-sized on a phone and become a single line on wider screens.
const COLUMNS_FOR_EIGHT = 'grid-cols-4 sm:grid-cols-8'
const COLUMNS_FOR_TEN = 'grid-cols-5 sm:grid-cols-10'

/** A titled row of emoji buttons; the chosen one is pressed. */
export function EmojiChoices({ title, options, selected, onSelect }: EmojiChoicesProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-zinc-300 uppercase">
        {title}
      </legend>
      <div className={`grid gap-1.5 ${options.length > 8 ? COLUMNS_FOR_TEN : COLUMNS_FOR_EIGHT}`}>
        {options.map((option) => {
          const pressed = option.emoji === selected
          return (
            <button
              key={option.emoji}
              type="button"
              aria-label={option.name}
              aria-pressed={pressed}
              title={option.name}
              onClick={() => onSelect(option.emoji)}
              className={`grid h-12 place-items-center rounded-xl border-2 font-emoji text-2xl transition ${
                pressed
                  ? 'scale-105 border-cyan-300 bg-cyan-300/15'
                  : 'border-transparent bg-white/5 hover:bg-white/10'
              }`}
            >
              <span aria-hidden="true">{option.emoji}</span>
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
