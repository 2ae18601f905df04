import { type KeyboardEvent, useRef, useState } from 'react'
import type { EmojiOption } from './emoji-catalog'
import { GRID_KEYS, gridMove, gridRows } from './grid-navigation'

export interface EmojiCategoryShown {
  title: string
  options: readonly EmojiOption[]
}

interface EmojiGridProps {
  /** What the buttons are, read out by screen readers. */
  label: string
  categories: readonly EmojiCategoryShown[]
  selected: string
  onSelect: (emoji: string) => void
}

// Rows that stay thumb-sized on a phone and become a single line from Tailwind's `sm` up. The
// arrow keys read the same numbers, so Up and Down land on the button seen above or below.
const LAYOUT_OF_EIGHT = { narrow: 4, wide: 8, className: 'grid-cols-4 sm:grid-cols-8' }
const LAYOUT_OF_TEN = { narrow: 5, wide: 10, className: 'grid-cols-5 sm:grid-cols-10' }
const WIDE = '(min-width: 40rem)'

/**
 * Titled rows of emoji buttons, the chosen one pressed, with one Tab stop for them all: the arrow
 * keys, Home and End move within (a roving tab index, as WAI-ARIA's toolbar and grid patterns).
 */
export function EmojiGrid({ label, categories, selected, onSelect }: EmojiGridProps) {
  const layout = categories.some((category) => category.options.length > 8)
    ? LAYOUT_OF_TEN
    : LAYOUT_OF_EIGHT
  const emojis = categories.flatMap((category) => category.options.map((option) => option.emoji))
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const [focused, setFocused] = useState<number>()
  // The Tab stop: the button last focused, else the chosen emoji, else the first.
  const tabStop = focused ?? Math.max(emojis.indexOf(selected), 0)

  const onKeyDown = (event: KeyboardEvent) => {
    const from = buttons.current.indexOf(event.target as HTMLButtonElement)
    if (from < 0 || !GRID_KEYS.has(event.key)) return
    // Even at an edge: the arrows must not scroll the page or the dialog instead.
    event.preventDefault()
    const columns = window.matchMedia(WIDE).matches ? layout.wide : layout.narrow
    const rows = gridRows(
      categories.map((category) => category.options.length),
      columns,
    )
    const to = gridMove(rows, from, event)
    if (to !== undefined) buttons.current[to]?.focus()
  }

  let index = 0
  return (
    <div role="toolbar" aria-label={label} onKeyDown={onKeyDown} className="flex flex-col gap-4">
      {categories.map((category) => (
        <fieldset key={category.title}>
          <legend className="mb-2 text-xs font-semibold tracking-wide text-zinc-300 uppercase">
            {category.title}
          </legend>
          <div className={`grid gap-1.5 ${layout.className}`}>
            {category.options.map((option) => {
              const position = index++
              const pressed = option.emoji === selected
              return (
                <button
                  key={option.emoji}
                  ref={(element) => {
                    buttons.current[position] = element
                  }}
                  type="button"
                  aria-label={option.name}
                  aria-pressed={pressed}
                  title={option.name}
                  tabIndex={position === tabStop ? 0 : -1}
                  onFocus={() => setFocused(position)}
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
      ))}
    </div>
  )
}
