/** An emoji with the name a screen reader announces for its button. */
export interface EmojiOption {
  emoji: string
  name: string
}

export interface EmojiCategory {
  title: string
  emojis: EmojiOption[]
}

/** The spec shows the first 8 of each category; the lists are longer so they can be reordered. */
export const EMOJIS_PER_CATEGORY = 8

const festivalVibes: EmojiCategory = {
  title: 'Festival Vibes',
  emojis: [
    { emoji: '🎉', name: 'Party popper' },
    { emoji: '🎶', name: 'Musical notes' },
    { emoji: '🎤', name: 'Microphone' },
    { emoji: '🎸', name: 'Guitar' },
    { emoji: '🥁', name: 'Drum' },
    { emoji: '🎪', name: 'Circus tent' },
    { emoji: '🎆', name: 'Fireworks' },
    { emoji: '🏕️', name: 'Camping' },
    { emoji: '🍻', name: 'Clinking beer mugs' },
    { emoji: '🎇', name: 'Sparkler' },
  ],
}

const energyLevels: EmojiCategory = {
  title: 'Energy Levels',
  emojis: [
    { emoji: '⚡', name: 'High voltage' },
    { emoji: '🔥', name: 'Fire' },
    { emoji: '🚀', name: 'Rocket' },
    { emoji: '💥', name: 'Collision' },
    { emoji: '🌟', name: 'Glowing star' },
    { emoji: '🔋', name: 'Battery' },
    { emoji: '🥱', name: 'Yawning face' },
    { emoji: '😴', name: 'Sleeping face' },
    { emoji: '🌀', name: 'Cyclone' },
    { emoji: '💤', name: 'Sleeping symbol' },
  ],
}

const moods: EmojiCategory = {
  title: 'Moods',
  emojis: [
    { emoji: '😎', name: 'Smiling face with sunglasses' },
    { emoji: '🤩', name: 'Star-struck' },
    { emoji: '🥳', name: 'Partying face' },
    { emoji: '😍', name: 'Smiling face with heart-eyes' },
    { emoji: '😌', name: 'Relieved face' },
    { emoji: '🤪', name: 'Zany face' },
    { emoji: '😇', name: 'Smiling face with halo' },
    { emoji: '🥹', name: 'Face holding back tears' },
    { emoji: '😂', name: 'Face with tears of joy' },
    { emoji: '🫶', name: 'Heart hands' },
  ],
}

const artsy: EmojiCategory = {
  title: 'Artsy',
  emojis: [
    { emoji: '🎨', name: 'Artist palette' },
    { emoji: '🌈', name: 'Rainbow' },
    { emoji: '🦋', name: 'Butterfly' },
    { emoji: '🌸', name: 'Cherry blossom' },
    { emoji: '✨', name: 'Sparkles' },
    { emoji: '🌙', name: 'Crescent moon' },
    { emoji: '🌻', name: 'Sunflower' },
    { emoji: '🎭', name: 'Performing arts' },
    { emoji: '🖌️', name: 'Paintbrush' },
    { emoji: '🌺', name: 'Hibiscus' },
  ],
}

const contentCreator: EmojiCategory = {
  title: 'Content Creator',
  emojis: [
    { emoji: '📸', name: 'Camera with flash' },
    { emoji: '🎥', name: 'Movie camera' },
    { emoji: '📱', name: 'Mobile phone' },
    { emoji: '🤳', name: 'Selfie' },
    { emoji: '🎬', name: 'Clapper board' },
    { emoji: '🎙️', name: 'Studio microphone' },
    { emoji: '💬', name: 'Speech balloon' },
    { emoji: '📡', name: 'Satellite antenna' },
    { emoji: '📝', name: 'Memo' },
  ],
}

const raver: EmojiCategory = {
  title: 'Raver',
  emojis: [
    { emoji: '🕺', name: 'Man dancing' },
    { emoji: '💃', name: 'Woman dancing' },
    { emoji: '🪩', name: 'Mirror ball' },
    { emoji: '🎧', name: 'Headphone' },
    { emoji: '💿', name: 'Optical disc' },
    { emoji: '🔊', name: 'Speaker high volume' },
    { emoji: '👽', name: 'Alien' },
    { emoji: '🦄', name: 'Unicorn' },
    { emoji: '💎', name: 'Gem stone' },
    { emoji: '🌌', name: 'Milky way' },
  ],
}

const gamer: EmojiCategory = {
  title: 'Gamer',
  emojis: [
    { emoji: '🎮', name: 'Video game' },
    { emoji: '🕹️', name: 'Joystick' },
    { emoji: '👾', name: 'Alien monster' },
    { emoji: '🏆', name: 'Trophy' },
    { emoji: '🎯', name: 'Bullseye' },
    { emoji: '🧩', name: 'Puzzle piece' },
    { emoji: '🎲', name: 'Game die' },
    { emoji: '🤖', name: 'Robot' },
    { emoji: '⚔️', name: 'Crossed swords' },
  ],
}

/** The picker's preset tabs, in order; the Custom tab follows them. */
export const EMOJI_TABS = [
  { id: 'festival', label: 'Festival', categories: [festivalVibes, energyLevels] },
  { id: 'moods', label: 'Moods', categories: [moods, artsy] },
  { id: 'roles', label: 'Roles', categories: [contentCreator, raver, gamer] },
] as const satisfies readonly { id: string; label: string; categories: EmojiCategory[] }[]

/** The Custom tab's quick picks. */
export const POPULAR_EMOJIS: readonly EmojiOption[] = [
  { emoji: '🎉', name: 'Party popper' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '😎', name: 'Smiling face with sunglasses' },
  { emoji: '🎶', name: 'Musical notes' },
  { emoji: '💃', name: 'Woman dancing' },
  { emoji: '🕺', name: 'Man dancing' },
  { emoji: '🌈', name: 'Rainbow' },
  { emoji: '✨', name: 'Sparkles' },
  { emoji: '🤘', name: 'Sign of the horns' },
  { emoji: '❤️', name: 'Red heart' },
]
