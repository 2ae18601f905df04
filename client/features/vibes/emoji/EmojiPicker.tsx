import { useId, useState } from 'react'
import { type TabItem, Tabs } from '../../../components/Tabs'
import { CustomEmojiPanel } from './CustomEmojiPanel'
import { EmojiChoices } from './EmojiChoices'
import { EMOJI_TABS, EMOJIS_PER_CATEGORY } from './emoji-catalog'
import { tabIndexShowing } from './tab-showing'

interface EmojiPickerProps {
  value: string
  onChange: (emoji: string) => void
}

/** The vibe avatar picker: preset tabs, a custom tab, and a preview of the choice. */
export function EmojiPicker({ value, onChange }: EmojiPickerProps) {
  const previewLabelId = useId()
  // Open where the current emoji is, so a prefilled picker shows it pressed.
  const [initialTab] = useState(() => tabIndexShowing(value))
  const tabs: TabItem[] = [
    ...EMOJI_TABS.map((tab) => ({
      id: tab.id,
      label: tab.label,
      panel: (
        <div className="flex flex-col gap-4">
          {tab.categories.map((category) => (
            <EmojiChoices
              key={category.title}
              title={category.title}
              options={category.emojis.slice(0, EMOJIS_PER_CATEGORY)}
              selected={value}
              onSelect={onChange}
            />
          ))}
        </div>
      ),
    })),
    {
      id: 'custom',
      label: 'Custom',
      panel: <CustomEmojiPanel selected={value} onSelect={onChange} />,
    },
  ]

  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="label mb-3 text-base">Pick your vibe avatar</legend>
      <div className="flex items-center gap-4 rounded-2xl border border-white/10 bg-night-800/70 p-3">
        <output
          aria-labelledby={previewLabelId}
          className="grid size-16 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-fuchsia-600/40 to-cyan-400/30 font-emoji text-4xl"
        >
          {value}
        </output>
        <p id={previewLabelId} className="text-sm font-medium text-zinc-200">
          Selected vibe
        </p>
      </div>
      <Tabs label="Emoji categories" tabs={tabs} initialIndex={initialTab} />
    </fieldset>
  )
}
