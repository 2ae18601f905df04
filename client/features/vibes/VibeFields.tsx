import { useEffect, useId, useRef } from 'react'
import { countGraphemes } from '../../../shared/text/graphemes'
import { STATUS_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../shared/vibes/vibe-limits'
import { CharacterCount } from '../../components/CharacterCount'
import { LabeledInput } from '../../components/LabeledInput'
import { EmojiPicker } from './emoji/EmojiPicker'
import { limitFieldText, type VibeFormValues } from './vibe-form'

interface VibeFieldsProps {
  values: VibeFormValues
  onChange: (values: VibeFormValues) => void
  /** The status box's label: the spec words it differently in onboarding and in the update modal. */
  statusLabel: string
  /**
   * The field the last try was refused for (blank, too long, refused by the server): marked
   * invalid until it is edited, and focused when it is named, so a keyboard or screen-reader
   * user lands on what to fix (the toast says why).
   */
  invalid?: keyof VibeFormValues
}

/** The emoji, username and status inputs shared by onboarding and the update modal. */
export function VibeFields({ values, onChange, statusLabel, invalid }: VibeFieldsProps) {
  const statusId = useId()
  const counterId = useId()
  const username = useRef<HTMLInputElement>(null)
  const status = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (invalid === 'username') username.current?.focus()
    if (invalid === 'status') status.current?.focus()
  }, [invalid])
  const set = (field: keyof VibeFormValues, value: string) =>
    onChange({ ...values, [field]: value })

  return (
    <div className="flex flex-col gap-5">
      <EmojiPicker value={values.emoji} onChange={(emoji) => set('emoji', emoji)} />
      <LabeledInput
        label="Username"
        value={values.username}
        autoComplete="nickname"
        placeholder="e.g. BassDropBella"
        ref={username}
        aria-invalid={invalid === 'username' || undefined}
        onChange={(event) =>
          set('username', limitFieldText(event.target.value, USERNAME_MAX_LENGTH))
        }
      />
      <div>
        <label htmlFor={statusId} className="label">
          {statusLabel}
        </label>
        <textarea
          id={statusId}
          ref={status}
          className="field min-h-24 resize-none"
          rows={3}
          value={values.status}
          placeholder="Front row for the headliner, who's with me?"
          aria-describedby={counterId}
          aria-invalid={invalid === 'status' || undefined}
          onChange={(event) => set('status', limitFieldText(event.target.value, STATUS_MAX_LENGTH))}
        />
        <CharacterCount
          id={counterId}
          count={countGraphemes(values.status)}
          max={STATUS_MAX_LENGTH}
        />
      </div>
    </div>
  )
}
