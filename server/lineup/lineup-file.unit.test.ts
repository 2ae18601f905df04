import { describe, expect, it } from 'vitest'
import { formatOfPath, parseLineupFile } from './lineup-file'

const clock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }

const problemsOf = (text: string, format: 'json' | 'csv') => {
  const result = parseLineupFile(text, format, clock)
  return result.ok ? [] : result.problems
}

describe('JSON lineup files', () => {
  it('accepts an array or an object with a data array, sorted into set-time order', () => {
    const sets = [
      { name: 'Night Owls', stage: 'Tent', date: '2026-07-10', start: '2026-07-10T23:30Z' },
      { name: 'Aurora Lane', stage: 'Main', date: '2026-07-10', start: '2026-07-10T18:30:00.000Z' },
    ]
    const expected = [
      { name: 'Aurora Lane', stage: 'Main', date: '2026-07-10', start: '2026-07-10T18:30:00Z' },
      { name: 'Night Owls', stage: 'Tent', date: '2026-07-10', start: '2026-07-10T23:30:00Z' },
    ]
    expect(parseLineupFile(JSON.stringify(sets), 'json', clock)).toEqual({
      ok: true,
      items: expected,
    })
    expect(parseLineupFile(JSON.stringify({ data: sets }), 'json', clock)).toEqual({
      ok: true,
      items: expected,
    })
  })

  it("keeps a set's own id (a number is an id too), and refuses an id two sets share", () => {
    const result = parseLineupFile(
      JSON.stringify([
        { id: 'nj-1', name: 'Nightjar', stage: 'Main', date: '2026-07-10' },
        { id: 42, name: 'Moonwalk', stage: 'Main', date: '2026-07-10' },
      ]),
      'json',
      clock,
    )
    expect(result).toMatchObject({ ok: true, items: [{ id: '42' }, { id: 'nj-1' }] })
    const twice = [
      { id: 'a', name: 'One', stage: 'Main', date: '2026-07-10' },
      { id: 'a', name: 'Two', stage: 'Main', date: '2026-07-10' },
      { id: 'not ok!', name: 'Three', stage: 'Main', date: '2026-07-10' },
    ]
    expect(problemsOf(JSON.stringify(twice, null, 1), 'json')).toEqual([
      { line: 8, message: 'id: "a" is the id of the set on line 2' },
      {
        line: 14,
        message: 'id: must be 1 to 64 letters, digits, dots, dashes or underscores',
      },
    ])
  })

  it('derives the festival day from the start when the date is left out', () => {
    const result = parseLineupFile(
      '[{"name":"Late One","stage":"Tent","start":"2026-07-10T23:30:00Z"}]',
      'json',
      clock,
    )
    expect(result).toMatchObject({ ok: true, items: [{ date: '2026-07-10' }] })
  })

  it('reports each bad set on the line where it starts', () => {
    // Brackets and escaped quotes inside strings must not throw the line count off.
    const text = `{
  "success": true,
  "data": [
    { "name": "Fine", "stage": "Main", "date": "2026-07-10", "tags": ["{", "\\"]"] },
    {
      "name": "",
      "stage": "Main", "date": "2026-07-10"
    },
    "not a set",
    { "name": "Wrong Day", "stage": "Tent", "date": "2026-07-11", "start": "2026-07-10T23:30:00Z" },
    { "name": "Fine", "stage": "Main", "date": "2026-07-10" }
  ]
}`
    expect(problemsOf(text, 'json')).toEqual([
      { line: 5, message: 'name: is required' },
      { line: 9, message: 'must be an object with name, stage and date' },
      {
        line: 10,
        message:
          'date: 2026-07-11 does not match the start, 01:30 in Europe/Amsterdam, which is on ' +
          'festival day 2026-07-10 (days change at 06:00)',
      },
      { line: 11, message: 'repeats the set on line 4' },
    ])
  })

  it('reports broken JSON with the line of the mistake', () => {
    expect(problemsOf('[\n  {"name": "A",}\n]', 'json')).toEqual([
      { line: 2, message: expect.stringMatching(/^not valid JSON: /) },
    ])
  })

  it('refuses a file that is not a list of sets, or lists none', () => {
    expect(problemsOf('{"sets": []}', 'json')).toEqual([
      { line: 1, message: 'must be an array of sets, or an object with a "data" array of sets' },
    ])
    expect(problemsOf('[]', 'json')).toEqual([{ line: 1, message: 'no sets listed' }])
  })

  it('refuses nesting past 4 levels at its line, counting only brackets outside strings', () => {
    const set = '"name": "A[[[[{{{{", "stage": "\\"[[[[[", "date": "2026-07-10"'
    // 4 levels: the data object, its array, a set, an extra field holding an array.
    expect(problemsOf(`{"data": [{${set}, "tags": ["x"]}]}`, 'json')).toEqual([])
    expect(problemsOf(`{"data": [{${set},\n"tags": [["x"]]}]}`, 'json')).toEqual([
      { line: 2, message: 'nested more than 4 levels deep; a lineup is a list of flat sets' },
    ])
    // Unbalanced and deep: refused for its depth before JSON.parse sees it.
    expect(problemsOf('['.repeat(1_000_000), 'json')).toEqual([
      { line: 1, message: 'nested more than 4 levels deep; a lineup is a list of flat sets' },
    ])
  })

  it('refuses more than 50000 values before parsing them, at the line where they run over', () => {
    const values = (count: number) => `[\n${Array(count).fill('0').join(',')}]`
    expect(problemsOf(values(50_000), 'json')).toEqual([
      { line: 1, message: '50000 sets listed; at most 2000 are accepted' },
    ])
    expect(problemsOf(values(500_000), 'json')).toEqual([
      {
        line: 2,
        message: 'more than 50000 values; a lineup is at most 2000 sets of a few fields',
      },
    ])
  })
})

describe('CSV lineup files', () => {
  it('reads the documented columns, blanks as missing, any line endings', () => {
    const csv =
      '\uFEFFname,stage,date,start,end\r\n' +
      '"Fern & Fable",The Grove,2026-07-10,2026-07-10T12:00:00Z,2026-07-10T13:00:00Z\r\n' +
      '\r\n' +
      '"Secret Guest, live",Main Stage,2026-07-11,,\r\n'
    expect(parseLineupFile(csv, 'csv', clock)).toEqual({
      ok: true,
      items: [
        {
          name: 'Fern & Fable',
          stage: 'The Grove',
          date: '2026-07-10',
          start: '2026-07-10T12:00:00Z',
          end: '2026-07-10T13:00:00Z',
        },
        { name: 'Secret Guest, live', stage: 'Main Stage', date: '2026-07-11' },
      ],
    })
  })

  it('reports every bad row with its line, counting quoted line breaks and blank lines', () => {
    const csv = [
      'name,stage,date,start,end',
      'Fine,Main,2026-07-10,,',
      '"Two',
      'Lines",,2026-07-10,,',
      '',
      'Bad Time,Main,2026-07-10,20:30,',
      'Short Row,Main',
      'Backwards,Main,2026-07-10,2026-07-10T20:00:00Z,2026-07-10T19:00:00Z',
    ].join('\n')
    expect(problemsOf(csv, 'csv')).toEqual([
      // A name is one line of text (ADR 023): the quoted line break is refused, on its own line.
      { line: 3, message: "name: contains characters that aren't allowed" },
      { line: 3, message: 'stage: is required' },
      {
        line: 6,
        message: 'start: must be an ISO-8601 UTC time such as 2026-07-10T20:30:00Z',
      },
      { line: 7, message: 'has 2 fields but the header names 5' },
      { line: 8, message: 'end: must be after the start' },
    ])
  })

  it('checks the header', () => {
    expect(problemsOf('artist,stage,when\nA,Main,2026-07-10', 'csv')).toEqual([
      {
        line: 1,
        message:
          'unknown column "artist", "when"; the columns are name, stage, date, start, end, id',
      },
      { line: 1, message: 'no "name" column' },
      { line: 1, message: 'no "date" column (or "start" column to derive it from)' },
    ])
  })

  it('reports broken quoting with its line', () => {
    expect(problemsOf('name,stage,date\n"Open,Main,2026-07-10\n', 'csv')).toEqual([
      {
        line: expect.any(Number),
        message: expect.stringMatching(/^not valid CSV: Quote Not Closed/),
      },
    ])
  })
})

describe('formatOfPath', () => {
  it('knows .json and .csv, in any case', () => {
    expect(formatOfPath('lineup.JSON')).toBe('json')
    expect(formatOfPath('/tmp/lineup.csv')).toBe('csv')
    expect(formatOfPath('lineup.txt')).toBeUndefined()
  })
})
