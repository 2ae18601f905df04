import type { VibeInput } from './vibe.schema'

// Test data, shared by the schema's unit test, the form's test and the HTTP test on both
// databases, so all three hold the same attacks to the same messages.

export const VALID_VIBE: VibeInput = {
  username: 'Luna',
  emoji: '🎉',
  status: 'Front row for the headliner!',
}

export interface TextAttack {
  name: string
  /** Sent exactly as the security review did (issue 15, items 6 and 7). */
  fromReview: boolean
  /** The fields changed in `VALID_VIBE`. */
  change: Partial<VibeInput>
  /** The message each refused field answers: the first rule it breaks. */
  details: Partial<Record<keyof VibeInput, string>>
}

const invisible = '\u200b\u200c\u200d\u2060\ufeff' // zero-width space, joiners, word joiner, BOM

export const TEXT_ATTACKS: TextAttack[] = [
  {
    name: '20 lone surrogates as the username',
    fromReview: true,
    change: { username: '\ud800'.repeat(20) },
    details: { username: 'Username contains a broken character' },
  },
  {
    name: 'zero-width characters only',
    fromReview: true,
    change: { username: invisible },
    details: { username: "Username can't be blank" },
  },
  {
    name: 'Hangul fillers (U+3164) only',
    fromReview: true,
    change: { username: '\u3164'.repeat(5) },
    details: { username: "Username can't be blank" },
  },
  {
    name: 'braille blanks (U+2800) only',
    fromReview: true,
    change: { username: '\u2800'.repeat(5) },
    details: { username: "Username can't be blank" },
  },
  {
    name: 'tag characters only',
    fromReview: true,
    change: { username: '\u{E0056}\u{E0049}\u{E0042}\u{E0045}\u{E007F}' },
    details: { username: "Username can't be blank" },
  },
  {
    name: 'one letter and 1,599 combining marks as the status',
    fromReview: true,
    change: { status: `a${'\u0301'.repeat(1599)}` },
    details: { status: 'Vibe status has too many accents on one character' },
  },
  {
    name: 'abcd as the emoji',
    fromReview: true,
    change: { emoji: 'abcd' },
    details: { emoji: 'Emoji must be an emoji' },
  },
  // The same holes, reached by other characters or fields.
  {
    name: 'emoji cut in half in each field',
    fromReview: false,
    change: { username: 'Lu\ud83cna', emoji: '🎉\udf89', status: `hi ${'🎸'.slice(0, 1)}` },
    details: {
      username: 'Username contains a broken character',
      emoji: 'Emoji contains a broken character',
      status: 'Vibe status contains a broken character',
    },
  },
  {
    name: 'invisible status and emoji',
    fromReview: false,
    change: { status: ` ${invisible}\u3164\u2800 `, emoji: '\ufe0f\u200d' },
    details: { status: "Vibe status can't be blank", emoji: "Emoji can't be blank" },
  },
  {
    name: 'five accents on one letter, and accents split by joiners',
    fromReview: false,
    change: { username: `Lu${'\u0301'.repeat(5)}na`, status: `a${'\u0301\u200d'.repeat(5)}` },
    details: {
      username: 'Username has too many accents on one character',
      status: 'Vibe status has too many accents on one character',
    },
  },
  {
    name: '31 men joined into one character',
    fromReview: false,
    change: { username: `${'👨\u200d'.repeat(30)}👨` },
    details: { username: 'Username has a character made of too many parts' },
  },
  {
    name: 'digits as the emoji',
    fromReview: false,
    change: { emoji: '7' },
    details: { emoji: 'Emoji must be an emoji' },
  },
]

/** Text that must keep passing: emoji sequences, scripts with combining marks, inner spaces. */
export const LEGIT_TEXTS: { name: string; change: Partial<VibeInput> }[] = [
  { name: 'a ZWJ family emoji', change: { emoji: '👨‍👩‍👧' } },
  { name: 'a skin tone, a flag, a keycap and a heart', change: { emoji: '👍🏽🇳🇱1️⃣❤️' } },
  { name: 'a kiss with two skin tones', change: { emoji: '👩🏻‍❤️‍💋‍👨🏼' } },
  { name: 'an emoji beside letters', change: { emoji: 'DJ🎧' } },
  { name: 'a username with a ZWJ emoji in it', change: { username: 'Luna 👩‍🎤' } },
  { name: 'Vietnamese, decomposed', change: { username: 'Nguyễn Thị Ánh'.normalize('NFD') } },
  { name: 'Vietnamese, composed', change: { username: 'Nguyễn Thị Ánh' } },
  {
    name: 'Devanagari',
    change: { username: 'स्त्रीं क्षमा', status: 'राष्ट्रीय उत्सव में स्वागत है' },
  },
  // One grapheme cluster (Unicode 15.1 joins conjuncts) with 5 marks, none piled on one letter.
  { name: 'a Sanskrit conjunct of five consonants', change: { username: 'कार्त्स्न्यं' } },
  { name: 'Thai', change: { username: 'กี้ สมชาย', status: 'สวัสดีครับ ไปดูคอนเสิร์ตกัน' } },
  {
    name: 'Korean, composed and decomposed',
    change: { username: '김민준', status: '한국어 공연'.normalize('NFD') },
  },
  { name: 'Arabic with vowel marks', change: { username: 'مَرْحَبًا', status: 'أهلاً بكم' } },
  { name: 'Hebrew with points', change: { username: 'שָּׁלוֹם' } },
  { name: 'CJK', change: { username: '東京の花子', status: '前排见！' } },
  { name: 'internal spaces', change: { username: 'DJ Bass Drop Bella' } },
]
