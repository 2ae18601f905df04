// `npm audit` for CI: fails on any advisory not explained in ADR 024 (ACCEPTED below); skips with a
// notice when the registry does not answer audit requests (some mirrors answer 405).
import { spawnSync } from 'node:child_process'

/** Advisory ids (GHSA-…) that ADR 024 explains and accepts; empty while the tree is clean. */
const ACCEPTED = new Set([])

const run = spawnSync('npm', ['audit', '--json'], { encoding: 'utf8' })
let report
try {
  report = JSON.parse(run.stdout)
} catch {
  console.log(`Notice: npm audit skipped: no report (${run.stderr.trim().split('\n').at(-1)})`)
  process.exit(0)
}
if (report.statusCode || report.error) {
  const why = report.message ?? report.error?.summary ?? 'the registry refused the request'
  console.log(`Notice: npm audit skipped: the registry does not answer audit requests (${why})`)
  process.exit(0)
}
const advisories = Object.values(report.vulnerabilities ?? {}).flatMap((entry) =>
  entry.via
    .filter((via) => typeof via === 'object')
    .map((via) => ({
      name: entry.name,
      id: via.url?.split('/').at(-1),
      title: via.title,
      severity: via.severity,
    })),
)
const open = advisories.filter((advisory) => !ACCEPTED.has(advisory.id))
for (const advisory of open) {
  console.log(`${advisory.severity}: ${advisory.name}: ${advisory.title} (${advisory.id})`)
}
console.log(`npm audit: ${advisories.length} advisories, ${open.length} not accepted in ADR 024`)
process.exit(open.length > 0 ? 1 : 0)
