import { mkdirSync, writeFileSync } from 'node:fs'
import type { Machine } from './machine'
import type { Metric } from './metric'

export interface BenchReport {
  startedAt: string
  finishedAt: string
  mode: 'full' | 'quick'
  commit: string
  machine: Machine
  metrics: Metric[]
}

/** Writes the JSON and the Markdown table; a quick run writes beside the full run's files. */
export function writeReport(report: BenchReport): string {
  mkdirSync('bench/results', { recursive: true })
  const base = report.mode === 'quick' ? 'bench/results/latest-quick' : 'bench/results/latest'
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(`${base}.md`, toMarkdown(report))
  return base
}

export function toMarkdown(report: BenchReport): string {
  const { machine } = report
  const rows = report.metrics.map((m) =>
    [
      m.label,
      m.database ?? '—',
      m.value === null ? 'not measured' : `${m.value.toLocaleString('en-US')} ${m.unit}`.trim(),
      m.target
        ? `${m.target.op === '>=' ? '≥' : m.target.op === '<=' ? '≤' : '<'} ${m.target.value.toLocaleString('en-US')} ${m.unit}`.trim()
        : '—',
      m.pass === undefined ? '—' : m.pass ? 'pass' : '**FAIL**',
      (m.note ?? '').replaceAll('|', '\\|'),
    ].join(' | '),
  )
  const failed = report.metrics.filter((m) => m.pass === false).length
  const passed = report.metrics.filter((m) => m.pass === true).length
  return [
    `# Benchmark results (${report.mode} run)`,
    '',
    `${report.startedAt} → ${report.finishedAt}, commit \`${report.commit}\`.`,
    '',
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB memory, Node ${machine.node}, ${machine.os}; open-file limit ${machine.openFileLimit}.`,
    `Databases: ${machine.databases.join('; ')}.`,
    `Load generator: ${machine.generator}.`,
    `Load average (1 min) before the run: ${machine.loadBefore}, after: ${machine.loadAfter ?? '?'}${machine.loadBefore > 0.5 ? ' — other processes were using the cores, so figures are pessimistic' : ''}.`,
    report.mode === 'quick' ? '\nQuick run: small sizes, budgets shown but not meaningful.\n' : '',
    `**${passed} targets pass, ${failed} fail.**`,
    '',
    '| measurement | database | value | target | result | notes |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n')
}
