import { readFileSync } from 'node:fs'
import { type Config, ConfigError } from '../config/config'
import { DEFAULT_WORDS } from './default-words'
import { foldText, foldWords } from './look-alikes'

const MAX_ENTRIES = 10_000
const MAX_LINE_LENGTH = 120
/** A listed word folds to at least this many letters: one letter would match nearly anything. */
const MIN_FOLDED_LENGTH = 2

/** A listed word or phrase as the organiser wrote it, and what is looked for. */
export interface WordEntry {
  line: number
  word: string
  /**
   * The word folded (`foldWords`), with a space on each side that must be a word's edge: `*`
   * before the word drops the first (it may end a longer word), `*` after drops the last.
   */
  needle: string
}

/**
 * The organiser's word list (MODERATION_WORDS_FILE, or the shipped default): a vibe whose username
 * or status contains a listed word is held back. Text and words are folded alike across case,
 * accents and look-alike characters (`look-alikes.ts`, built on obscenity's confusables table),
 * and compared as whole words unless the list says otherwise. (obscenity's own matcher marks word
 * edges with the regular expression `\b`, which knows only ASCII letters and cannot see an edge
 * through the separators that folding skips, so it would miss 'Meet-me' and every Cyrillic word.)
 */
export class WordList {
  constructor(readonly entries: readonly WordEntry[]) {}

  /** The first listed word the text contains, as the list spells it; undefined for none. */
  find(text: string): string | undefined {
    if (this.entries.length === 0) return undefined
    const folded = foldWords(text)
    return this.entries.find((entry) => folded.includes(entry.needle))?.word
  }
}

/** Parses a word list, or throws a ConfigError naming each bad line. */
export function parseWordList(text: string, source: string): WordList {
  const entries: WordEntry[] = []
  const problems: string[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) return
    const partialStart = trimmed.startsWith('*')
    const partialEnd = trimmed.length > 1 && trimmed.endsWith('*')
    const word = trimmed.slice(partialStart ? 1 : 0, partialEnd ? -1 : undefined).trim()
    const problem =
      trimmed.length > MAX_LINE_LENGTH
        ? `is longer than ${MAX_LINE_LENGTH} characters`
        : word.includes('*')
          ? 'has a * inside a word (only at its start or end)'
          : foldText(word).length < MIN_FOLDED_LENGTH
            ? `has fewer than ${MIN_FOLDED_LENGTH} letters or digits`
            : undefined
    if (problem) {
      problems.push(`${source}: line ${line} ${problem}`)
      return
    }
    const folded = foldWords(word)
    const needle = folded.slice(partialStart ? 1 : 0, partialEnd ? -1 : undefined)
    entries.push({ line, word, needle })
  })
  if (entries.length > MAX_ENTRIES) problems.push(`${source}: more than ${MAX_ENTRIES} entries`)
  if (problems.length > 0) throw new ConfigError(problems)
  return new WordList(entries)
}

/** The word list of MODERATION_WORDS_FILE, or the shipped default; checked once at start-up. */
export function loadWordList(config: Pick<Config, 'MODERATION_WORDS_FILE'>): WordList {
  const path = config.MODERATION_WORDS_FILE
  if (!path) return parseWordList(DEFAULT_WORDS, 'the default word list')
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError([
      `MODERATION_WORDS_FILE: cannot read ${path} (${(error as Error).message})`,
    ])
  }
  return parseWordList(text, `MODERATION_WORDS_FILE (${path})`)
}
