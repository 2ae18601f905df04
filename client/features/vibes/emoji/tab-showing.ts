import { EMOJI_TABS, EMOJIS_PER_CATEGORY } from './emoji-catalog'

const CUSTOM_TAB_INDEX = EMOJI_TABS.length

/** The picker tab on which `emoji` appears: a preset tab that shows it, else Custom. */
export function tabIndexShowing(emoji: string): number {
  const preset = EMOJI_TABS.findIndex((tab) =>
    tab.categories.some((category) =>
      category.emojis.slice(0, EMOJIS_PER_CATEGORY).some((option) => option.emoji === emoji),
    ),
  )
  return preset >= 0 ? preset : CUSTOM_TAB_INDEX
}
