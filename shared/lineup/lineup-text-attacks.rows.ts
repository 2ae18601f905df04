// Test data, shared by the schema's unit test and the import's and poller's tests on both
// databases: the security review's text (issue 15, items 6 and 7), as a hostile upstream or an
// import file could send it as an artist's name or a stage, and the problem each one reports.
export const LINEUP_TEXT_ATTACKS: Array<[label: string, text: string, problem: string]> = [
  ['a lone surrogate', '\ud800'.repeat(20), 'contains a broken character'],
  ['zero-width characters only', '\u200b\u200c\u200d\u2060\ufeff', "can't be blank"],
  ['Hangul fillers only', '\u3164'.repeat(5), "can't be blank"],
  ['braille blanks only', '\u2800'.repeat(5), "can't be blank"],
  ['tag characters only', '\u{E0056}\u{E0049}\u{E0042}\u{E007F}', "can't be blank"],
  ['a right-to-left override', 'Aurora \u202eenaL', "contains characters that aren't allowed"],
  [
    'one letter under 10 accents',
    `a${'\u0301'.repeat(10)}`,
    'has too many accents on one character',
  ],
  [
    '20 people joined as one character',
    `👩${'\u200d👩'.repeat(19)}`,
    'has a character made of too many parts',
  ],
]
