import { useState } from 'react'
import { type TabItem, Tabs } from '../../../components/Tabs'
import { CustomEmojiPanel } from './CustomEmojiPanel'
import { EmojiGrid } from './EmojiGrid'
import { EMOJI_TABS, EMOJIS_PER_CATEGORY } from './emoji-catalog'
import { tabIndexShowing } from './tab-showing'

interface EmojiTabsProps {
  value: string
  onChange: (emoji: string) => void
}

/** The picker's open part: the preset tabs, each category's first 8 emojis, and Custom. */
export function EmojiTabs({ value, onChange }: EmojiTabsProps) {
  // Open where the current emoji is, so a prefilled picker shows it pressed.
  const [initialTab] = useState(() => tabIndexShowing(value))
  const tabs: TabItem[] = [
    ...EMOJI_TABS.map((tab) => ({
      id: tab.id,
      label: tab.label,
      panel: (
        <EmojiGrid
          label={`${tab.label} emojis`}
          categories={tab.categories.map((category) => ({
            title: category.title,
            options: category.emojis.slice(0, EMOJIS_PER_CATEGORY),
          }))}
          selected={value}
          onSelect={onChange}
        />
      ),
    })),
    {
      id: 'custom',
      label: 'Custom',
      panel: <CustomEmojiPanel selected={value} onSelect={onChange} />,
    },
  ]
  return <Tabs label="Emoji categories" tabs={tabs} initialIndex={initialTab} />
}
