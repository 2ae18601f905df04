// `npm run lineup:import -- FILE [--format json|csv] [--check]`: replaces the lineup with a file.
import { parseArgs } from 'node:util'
import { groupByDate, groupByStage } from '../../shared/lineup/lineup-grouping'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import type { LineupFileFormat } from '../lineup/lineup-file'
import { importLineupFile } from '../lineup/lineup-import'
import { describeProblem } from '../lineup/lineup-problem'
import { configOrExit, exitWithUsage } from './cli-setup'

const USAGE = 'Usage: npm run lineup:import -- FILE [--format json|csv] [--check]'

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { format: { type: 'string' }, check: { type: 'boolean', default: false } },
    })
    const [file, ...extra] = positionals
    const format = values.format as LineupFileFormat | undefined
    if (
      file &&
      extra.length === 0 &&
      (format === undefined || format === 'json' || format === 'csv')
    )
      return { file, format, check: values.check }
  } catch {
    // An unknown option: the usage line says what is accepted.
  }
  exitWithUsage(USAGE)
}

const { file, format, check } = readArguments()
const config = configOrExit()
const database = openDatabase({ url: config.DATABASE_URL })
try {
  await migrateToLatest(database)
  const outcome = await importLineupFile(database, file, {
    clock: { timeZone: config.FESTIVAL_TIME_ZONE, dayChangeHour: config.FESTIVAL_DAY_CHANGE_HOUR },
    now: Date.now(),
    format,
    dryRun: check,
  })
  if (!outcome.ok) {
    const count = outcome.problems.length
    console.error(`${file}: ${count} problem${count === 1 ? '' : 's'}; nothing was imported.`)
    for (const problem of outcome.problems) console.error(`  ${describeProblem(problem)}`)
    process.exitCode = 1
  } else {
    const { items } = outcome
    const summary = `${items.length} sets on ${groupByDate(items).length} days and ${groupByStage(items).length} stages`
    if (check) console.info(`${file} is a valid lineup: ${summary}. Nothing was imported.`)
    else if (outcome.changed) console.info(`Imported ${file}: ${summary}.`)
    else console.info(`The lineup already matches ${file} (${summary}); nothing changed.`)
  }
} catch (error) {
  console.error(`Could not import ${file}: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
} finally {
  await database.close()
}
