import { type KeyboardEvent, useId, useState } from 'react'
import { isBlank } from '../../../../shared/text/code-points'
import { truncateGraphemes } from '../../../../shared/text/graphemes'
import { EmojiSchema } from '../../../../shared/vibes/vibe-input.schema'
import { EMOJI_MAX_LENGTH } from '../../../../shared/vibes/vibe-limits'
import { EmojiGrid } from './EmojiGrid'
import { POPULAR_EMOJIS } from './emoji-catalog'

interface CustomEmojiPanelProps {
  selected: string
  onSelect: (emoji: string) => void
}

/** Any emoji of up to 4 characters (as a person counts them), plus a row of popular picks. */
export function CustomEmojiPanel({ selected, onSelect }: CustomEmojiPanelProps) {
  const inputId = useId()
  const hintId = useId()
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const trimmed = draft.trim()
  // Invisible characters alone are blank too: the button stays off, as the spec asks.
  const blank = isBlank(draft)

  const add = () => {
    const parsed = EmojiSchema.safeParse(trimmed)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'That emoji cannot be used')
      return
    }
    onSelect(parsed.data)
    setDraft('')
  }

  // Enter adds the emoji instead of submitting the surrounding vibe form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    if (!blank) add()
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={inputId} className="label">
          Custom emoji
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            className="field min-w-0 flex-1 font-emoji text-xl"
            value={draft}
            placeholder="🦩"
            autoComplete="off"
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setProblem(null)
              setDraft(truncateGraphemes(event.target.value.trimStart(), EMOJI_MAX_LENGTH))
            }}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="btn-secondary" disabled={blank} onClick={add}>
            Use emoji
          </button>
        </div>
        <p
          id={hintId}
          className="mt-1.5 text-sm text-zinc-300"
          role={problem ? 'alert' : undefined}
        >
          {problem ?? `Up to ${EMOJI_MAX_LENGTH} characters.`}
        </p>
      </div>
      <EmojiGrid
        label="Popular emojis"
        categories={[{ title: 'Popular', options: POPULAR_EMOJIS }]}
        selected={selected}
        onSelect={onSelect}
      />
    </div>
  )
}
