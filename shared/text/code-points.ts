// Rules on single code points, for the schemas and the forms alike. Plain regular expressions
// with Unicode property escapes: no zod here (ADR 016), no DOM, no Node.

// Half of a surrogate pair on its own, as left by text cut inside an emoji. No encoding can
// store it: SQLite kept it as invalid UTF-8 (3 bytes each), PostgreSQL and argon2 as U+FFFD.
const LONE_SURROGATE = /\p{Cs}/u

/** True when the text holds half of a surrogate pair, which cannot be stored as it is. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text)
}

// Anything a screen shows. Not: white space; default-ignorable code points (zero-width space
// and joiners, word joiner, soft hyphen, variation selectors, tag characters, the Hangul fillers
// U+115F, U+1160, U+3164 and U+FFA0); and what fonts draw empty although Unicode calls it a
// symbol, mark or format control: the braille blank U+2800, the musical null notehead U+1D159,
// the Khitan filler U+16FE4, the interlinear annotation controls U+FFF9-U+FFFB and the Egyptian
// hieroglyph format controls U+13430-U+1343F.
const VISIBLE =
  /[^\s\p{Default_Ignorable_Code_Point}\u2800\u{1D159}\u{16FE4}\uFFF9-\uFFFB\u{13430}-\u{1343F}]/u

/** True when nothing in the text would show on screen (empty, spaces, invisible characters). */
export function isBlank(text: string): boolean {
  return !VISIBLE.test(text)
}

// An emoji: a pictograph (🎉, or ❤ with or without U+FE0F; ZWJ sequences are made of them), a
// skin tone, a flag (two regional indicators) or a keycap (1️⃣). Not a digit or a letter alone.
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3/u

/** True when the text holds at least one emoji. */
export function hasEmoji(text: string): boolean {
  return EMOJI.test(text)
}

/** Most combining marks in the text that stack on one character. */
export const CHARACTER_MAX_MARKS = 4

const MARK = /\p{M}/u
// Zero-width joiners, variation selectors and the like carry nothing to stack marks on.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u

/**
 * The longest run of combining marks (accents, vowel signs) on one letter or symbol. Invisible
 * characters between marks don't end the run: the marks still stack on the same letter.
 */
export function mostMarksOnOneCharacter(text: string): number {
  let most = 0
  let run = 0
  for (const codePoint of text) {
    if (MARK.test(codePoint)) {
      run += 1
      if (run > most) most = run
    } else if (!IGNORABLE.test(codePoint)) {
      run = 0
    }
  }
  return most
}
