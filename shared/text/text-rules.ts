import {
  CHARACTER_MAX_MARKS,
  hasLoneSurrogate,
  isBlank,
  mostMarksOnOneCharacter,
} from './code-points'
import {
  CHARACTER_MAX_CODE_POINTS,
  hasForbiddenCharacters,
  mostCodePointsInOneCharacter,
} from './graphemes'

/** A rule of one-line text: whether a trimmed text keeps it, and how a message about it ends. */
export interface TextRule {
  holds: (text: string) => boolean
  problem: string
}

/**
 * What every one-line text field accepts (ADR 023), from the most basic rule to the most
 * specific, so a field's message is the first rule it breaks. The vibe's fields and the lineup's
 * names and stages use this one list; each schema adds its own length limit.
 */
export const ONE_LINE_TEXT_RULES: readonly TextRule[] = [
  { holds: (text) => !hasLoneSurrogate(text), problem: 'contains a broken character' },
  { holds: (text) => !isBlank(text), problem: "can't be blank" },
  {
    holds: (text) => !hasForbiddenCharacters(text),
    problem: "contains characters that aren't allowed",
  },
  {
    holds: (text) => mostMarksOnOneCharacter(text) <= CHARACTER_MAX_MARKS,
    problem: 'has too many accents on one character',
  },
  {
    holds: (text) => mostCodePointsInOneCharacter(text) <= CHARACTER_MAX_CODE_POINTS,
    problem: 'has a character made of too many parts',
  },
]
