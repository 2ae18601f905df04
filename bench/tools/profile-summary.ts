// Summarizes a V8 .cpuprofile (from `npm run bench -- --profile`): where the server's CPU went,
// by function and by package, as percentages of the sampled time. Usage:
//   npx tsx bench/tools/profile-summary.ts bench/results/profiles/CPU.*.cpuprofile [top]
import { readFileSync } from 'node:fs'
import type { Profile, ProfileNode } from '../lib/cpu-profile'

const [file, topArg, callersOf] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [top] [function-name]')
const top = Number(topArg ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id)

const self = new Map<number, number>()
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const total = [...self.values()].reduce((a, b) => a + b, 0)

const where = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame
  const short = url.replace(/^file:\/\/.*?\/(node_modules|dist|server)\//, '$1/')
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`
}
const pkg = (node: ProfileNode) => {
  const url = node.callFrame.url
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (match) return match[1]!
  if (url.includes('/dist/server/')) return 'app (dist/server)'
  if (url.startsWith('node:')) return url
  return url ? 'other' : `(${node.callFrame.functionName || 'native'})`
}

/** Self time by key, and inclusive time (self + descendants, counted once per stack) by key. */
function tally(key: (node: ProfileNode) => string) {
  const selfBy = new Map<string, number>()
  const inclusiveBy = new Map<string, number>()
  for (const [id, time] of self) {
    const node = byId.get(id)!
    selfBy.set(key(node), (selfBy.get(key(node)) ?? 0) + time)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = key(byId.get(at)!)
      if (seen.has(k)) continue
      seen.add(k)
      inclusiveBy.set(k, (inclusiveBy.get(k) ?? 0) + time)
    }
  }
  return { selfBy, inclusiveBy }
}

const pct = (time: number) => `${((time / total) * 100).toFixed(1).padStart(5)} %`
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${pct(time)}  ${key}`)
  }
}

console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`)
const byPackage = tally(pkg)
print('self time by package', byPackage.selfBy)
const byFunction = tally(where)
print('self time by function', byFunction.selfBy)
print('inclusive time by function', byFunction.inclusiveBy)

// With a function name: whose app code (dist/server) called it, by inclusive time.
if (callersOf) {
  const callers = new Map<string, number>()
  for (const [id, time] of self) {
    let at: number | undefined = id
    while (at !== undefined && byId.get(at)!.callFrame.functionName !== callersOf)
      at = parent.get(at)
    if (at === undefined) continue
    let caller = parent.get(at)
    while (caller !== undefined && !byId.get(caller)!.callFrame.url.includes('/dist/server/')) {
      caller = parent.get(caller)
    }
    const key = caller === undefined ? '(no app frame)' : where(byId.get(caller)!)
    callers.set(key, (callers.get(key) ?? 0) + time)
  }
  print(`app callers of ${callersOf}`, callers)
}
