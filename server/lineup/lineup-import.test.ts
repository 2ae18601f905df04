import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LINEUP_TEXT_ATTACKS } from '../../shared/lineup/lineup-text-attacks.rows'
import { withoutKeys } from '../test/lineup-helpers'
import { useTestApp } from '../test/test-app'
import { importLineupFile } from './lineup-import'

const clock = { timeZone: 'Europe/Amsterdam', dayChangeHour: 6 }
const JULY_1 = Date.parse('2026-07-01T09:00:00Z')

// The same lineup twice: JSON with dates left to the start times, CSV in another order.
const goodJson = JSON.stringify(
  [
    {
      name: 'Aurora Lane',
      stage: 'Main Stage',
      start: '2026-07-10T18:30:00Z',
      end: '2026-07-10T20:00:00Z',
    },
    { name: 'Night Owls', stage: 'Moon Tent', start: '2026-07-10T23:30:00Z' },
    { name: 'Secret Guest', stage: 'Forest', date: '2026-07-11' },
  ],
  null,
  2,
)
const goodCsv = `name,stage,date,start,end
Secret Guest,Forest,2026-07-11,,
Night Owls,Moon Tent,2026-07-10,2026-07-10T23:30Z,
Aurora Lane,Main Stage,2026-07-10,2026-07-10T18:30:00Z,2026-07-10T20:00:00Z
`
const badCsv = `name,stage,date,start,end
Fine Act,Main Stage,2026-07-10,,
,Main Stage,2026-07-10,,
Late Act,Moon Tent,2026-07-11,2026-07-10T23:30:00Z,
Odd Time,Main Stage,2026-07-10,8pm,
`

describe('importing a lineup file', () => {
  const t = useTestApp()
  let dir: string
  const file = (name: string, text: string) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    return path
  }
  // The lineup as served, its sets without the keys the API adds (schedule tests check those).
  const lineup = async () => {
    const body = (await t.app.inject('/api/lineup')).json()
    return { ...body, data: withoutKeys(body.data) }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lineup-import-'))
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a file with bad rows, reports each with its line and keeps the lineup', async () => {
    const before = await lineup()
    const outcome = await importLineupFile(t.database, file('bad.csv', badCsv), {
      clock,
      now: JULY_1,
    })
    expect(outcome).toEqual({
      ok: false,
      problems: [
        { line: 3, message: 'name: is required' },
        { line: 4, message: expect.stringContaining('date: 2026-07-11 does not match the start') },
        { line: 5, message: expect.stringContaining('start: must be an ISO-8601 UTC time') },
      ],
    })
    expect(await lineup()).toEqual(before)
    expect(before.data.some((set: { name: string }) => set.name === 'Fine Act')).toBe(false)
  })

  it('imports a good JSON file as the whole lineup', async () => {
    const outcome = await importLineupFile(t.database, file('good.json', goodJson), {
      clock,
      now: JULY_1,
    })
    expect(outcome).toMatchObject({ ok: true, changed: true })
    expect(await lineup()).toEqual({
      success: true,
      lastUpdated: '2026-07-01T09:00:00.000Z',
      data: [
        {
          name: 'Aurora Lane',
          stage: 'Main Stage',
          date: '2026-07-10',
          start: '2026-07-10T18:30:00Z',
          end: '2026-07-10T20:00:00Z',
        },
        {
          name: 'Night Owls',
          stage: 'Moon Tent',
          date: '2026-07-10',
          start: '2026-07-10T23:30:00Z',
        },
        { name: 'Secret Guest', stage: 'Forest', date: '2026-07-11' },
      ],
    })
  })

  it('finds the same lineup in the CSV file, so importing it changes nothing', async () => {
    const before = await t.app.inject('/api/lineup')
    const outcome = await importLineupFile(t.database, file('good.csv', goodCsv), {
      clock,
      now: JULY_1 + 3_600_000,
    })
    expect(outcome).toMatchObject({ ok: true, changed: false })
    const after = await t.app.inject('/api/lineup')
    expect(after.json()).toEqual(before.json())
    expect(after.headers.etag).toBe(before.headers.etag)
    expect(after.json().lastUpdated).toBe('2026-07-01T09:00:00.000Z')
  })

  it('changes lastUpdated and the ETag when the content changes', async () => {
    const before = await t.app.inject('/api/lineup')
    const changed = goodCsv.replace('Secret Guest', 'Surprise Guest')
    const outcome = await importLineupFile(t.database, file('changed.csv', changed), {
      clock,
      now: JULY_1 + 7_200_000,
    })
    expect(outcome).toMatchObject({ ok: true, changed: true })
    const after = await t.app.inject('/api/lineup')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.json().lastUpdated).toBe('2026-07-01T11:00:00.000Z')
    expect(after.json().data.map((set: { name: string }) => set.name)).toContain('Surprise Guest')
  })

  it('refuses names and stages that break the text rules, each with its line (ADR 023)', async () => {
    const before = await lineup()
    const sets = LINEUP_TEXT_ATTACKS.map(([, text]) => ({
      name: text,
      stage: text,
      date: '2026-07-10',
    }))
    // One set a line, after the opening bracket on line 1.
    const text = `[\n${sets.map((set) => JSON.stringify(set)).join(',\n')}\n]`
    const outcome = await importLineupFile(t.database, file('hostile.json', text), {
      clock,
      now: JULY_1,
    })
    expect(outcome).toEqual({
      ok: false,
      problems: LINEUP_TEXT_ATTACKS.flatMap(([, , problem], i) => [
        { line: i + 2, message: `name: ${problem}` },
        { line: i + 2, message: `stage: ${problem}` },
      ]),
    })
    expect(await lineup()).toEqual(before)
  })

  it('refuses a file over 2 MiB from its size, before reading it, and keeps the lineup', async () => {
    const before = await lineup()
    // Sparse: 42 MB on paper, no disk used; reading it whole took 682 MB of memory.
    const huge = file('huge.json', '')
    truncateSync(huge, 42 * 1024 * 1024)
    expect(await importLineupFile(t.database, huge, { clock, now: JULY_1 })).toEqual({
      ok: false,
      problems: [
        {
          line: 1,
          message: 'the file is 42 MiB, over the 2 MiB cap (2097152 bytes); nothing was read',
        },
      ],
    })
    // A device has no size to check: reading stops one byte past the cap.
    expect(
      await importLineupFile(t.database, '/dev/zero', { clock, now: JULY_1, format: 'json' }),
    ).toEqual({
      ok: false,
      problems: [{ line: 1, message: 'the file is over the 2 MiB cap (2097152 bytes)' }],
    })
    expect(await lineup()).toEqual(before)
  })

  describe('the lineup:import command', () => {
    const run = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'server/cli/lineup-import.ts', ...args],
          { env: { ...process.env, DATABASE_URL: t.testDatabase.url, NODE_ENV: 'test' } },
        )
        return { code: 0, stdout, stderr }
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string }
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
      }
    }

    it('lists every problem of a bad file and exits 1', async () => {
      const result = await run(file('bad-again.csv', badCsv))
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('3 problems; nothing was imported.')
      expect(result.stderr).toMatch(
        /line 3: name: is required\n.*line 4: date: .*\n.*line 5: start:/,
      )
    })

    it('imports a good file and says what it imported', async () => {
      const result = await run(file('cli.json', goodJson))
      expect(result).toMatchObject({ code: 0, stderr: '' })
      expect(result.stdout).toMatch(/^Imported .*cli\.json: 3 sets on 2 days and 3 stages\.\n$/)
      expect((await lineup()).data.map((set: { name: string }) => set.name)).toContain(
        'Secret Guest',
      )
    })

    it('refuses a file over 2 MiB with a message naming the cap, and exits 1', async () => {
      const huge = file('huge.csv', '')
      truncateSync(huge, 42 * 1024 * 1024)
      const result = await run(huge)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(
        'line 1: the file is 42 MiB, over the 2 MiB cap (2097152 bytes); nothing was read',
      )
    })

    it('answers a wrong call with the usage line and exit code 2', async () => {
      const result = await run('--format', 'xml', 'lineup.xml')
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('Usage: npm run lineup:import -- FILE')
    })
  })
})
