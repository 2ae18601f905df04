import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config/config'
import { DEFAULT_WORDS } from './default-words'
import { foldText, usernameKey } from './look-alikes'
import { loadWordList, parseWordList } from './word-list'

const LIST = `${DEFAULT_WORDS}
molly
жопа
meet me at gate b
*dealer
`
const words = parseWordList(LIST, 'test list')

// Spellings that must be held back, and the listed word each one is.
const MUST_MATCH: [string, string][] = [
  ['cocaine', 'cocaine'],
  ['COCAINE', 'cocaine'],
  ['cöcäïne (accents)', 'cocaine'],
  ['cocaine decomposed'.normalize('NFD').replace('cocaine', 'coca\u0301ine'), 'cocaine'],
  ['C0CA1NE anyone?', 'cocaine'],
  ['сосаіnе (Cyrillic с, о, а, і, е)', 'cocaine'],
  ['ϲοϲαine (Greek)', 'cocaine'],
  ['ｃｏｃａｉｎｅ (full-width)', 'cocaine'],
  ['𝐜𝐨𝐜𝐚𝐢𝐧𝐞 (mathematical bold)', 'cocaine'],
  ['k e t a m i n e', 'ketamine'],
  ['K.E.T.A.M.I.N.E', 'ketamine'],
  ['selling XTC!', 'xtc'],
  ['x t c at the gate', 'xtc'],
  ['M D M A?', 'mdma'],
  ['M0lly', 'molly'],
  ['Molly!', 'molly'],
  ['moIly (capital I for l)', 'molly'],
  ['F*U*C*K', 'fuck'],
  ['fucking great', 'fuck'],
  ['ＦＵＣＫ', 'fuck'],
  ['Coke for sale', 'coke for sale'],
  ['coke   for-sale', 'coke for sale'],
  ['Meet-me at Gate B!', 'meet me at gate b'],
  ['ЖОПА', 'жопа'],
  ['the best drugdealer', 'dealer'],
  ['pills 4 sale? no: PILLS FOR SALE', 'pills for sale'],
]

// Innocent text that must pass.
const MUST_NOT_MATCH = [
  'Front row for the headliner!',
  'cocktail hour at the bar',
  'a coke and fries please',
  'Scunthorpe United fans',
  'mollyy',
  'holly and ivy',
  'ketamines',
  'extc',
  'class act',
  'skills',
  'dealers choice', // `*dealer` may end a word, not begin one
  'Молоко и хлеб',
  'Nguyễn Thị Ánh',
  '東京の花子',
  '🎉🎉🎉',
  'I am a DJ',
]

describe('word list', () => {
  it.each(MUST_MATCH)('holds back %j as %j', (text, word) => {
    expect(words.find(text)).toBe(word)
  })

  it.each(MUST_NOT_MATCH)('lets %j through', (text) => {
    expect(words.find(text)).toBeUndefined()
  })

  it('ships a default list that holds back a drug offer', () => {
    const shipped = loadWordList({ MODERATION_WORDS_FILE: undefined })
    expect(shipped.find('MDMA here, DM me')).toBe('mdma')
    expect(shipped.entries.length).toBeGreaterThan(5)
  })

  it('is validated at start-up, naming each bad line', () => {
    expect(() => parseWordList(`ok\n*\nco*ke\nx\n${'a'.repeat(121)}`, 'words.txt')).toThrow(
      ConfigError,
    )
    try {
      parseWordList('ok\n*\nco*ke\nx\n', 'words.txt')
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'words.txt: line 2 has fewer than 2 letters or digits',
        'words.txt: line 3 has a * inside a word (only at its start or end)',
        'words.txt: line 4 has fewer than 2 letters or digits',
      ])
    }
    expect(() => loadWordList({ MODERATION_WORDS_FILE: '/nonexistent/words.txt' })).toThrow(
      /MODERATION_WORDS_FILE: cannot read/,
    )
  })

  it('an empty list (comments only) holds nothing back', () => {
    expect(parseWordList('# nothing\n\n', 'empty').find('cocaine')).toBeUndefined()
  })
})

describe('username keys (impersonation)', () => {
  const same: [string, string][] = [
    ['LiveAlice', 'LiveAIice'], // capital I for l
    ['LiveAlice', 'livealice'],
    ['LiveAlice', 'Livеalice'], // Cyrillic е
    ['LiveAlice', 'LIVE ALICE'],
    ['LiveAlice', 'Live_Alice'],
    ['LiveAlice', 'ＬｉｖｅＡｌｉｃｅ'],
    ['LiveAlice', 'Lïvé Ålice'],
    ['LiveAlice', 'L1veAl1ce'],
    ['Bella', 'B3ll4'],
    ['Οscar', 'Oscar'], // Greek capital omicron
    ['🎉🎉', '🎉🎉'],
  ]
  const different: [string, string][] = [
    ['LiveAlice', 'LiveAlicia'],
    ['Luna', 'Lina'],
    ['DJ Bass', 'DJ Base'],
    ['🎉🎉', '🎸🎸'],
    ['Nguyễn', 'Nguyen Thi'],
  ]

  it.each(same)('%j and %j share a key', (a, b) => {
    expect(usernameKey(a)).toBe(usernameKey(b))
  })

  it.each(different)('%j and %j do not', (a, b) => {
    expect(usernameKey(a)).not.toBe(usernameKey(b))
  })

  it('folds case, accents and look-alikes to letters and digits only', () => {
    expect(foldText('Lïvé_Ålice!')).toBe(foldText('livealice'))
    expect(foldText('🎉 ...')).toBe('')
  })
})

describe('the word list and username keys under random text', () => {
  it('never throws, and finds a listed word standing alone whatever is around it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        (before, after) => {
          expect(words.find(`${before} cocaine ${after}`)).toBeDefined()
          expect(() => words.find(before + after)).not.toThrow()
        },
      ),
    )
  })

  it('a name keys alike in any case, and with accents, full-width letters or spacing changed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}[A-Za-z]$/), (name) => {
        const key = usernameKey(name)
        expect(usernameKey(name.toUpperCase())).toBe(key)
        expect(usernameKey(name.toLowerCase().replace(/ /g, '_'))).toBe(key)
        expect(usernameKey(name.replace(/a/g, 'á').replace(/e/g, 'ë'))).toBe(key)
        expect(
          usernameKey(name.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))),
        ).toBe(key)
      }),
    )
  })
})
