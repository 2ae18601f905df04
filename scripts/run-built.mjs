// `npm run db:migrate`, `db:backup`, `lineup:import`, `user:role`: runs a command-line entry point of the built
// server (`dist/server/NAME.js`), building first when needed, as `npm start` does.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { exitUnlessSupported } from './node-version.mjs'

exitUnlessSupported()
const COMMANDS = ['migrate', 'backup', 'lineup-import', 'user-role']
const [name, ...args] = process.argv.slice(2)
if (!COMMANDS.includes(name)) {
  console.error(`Usage: node scripts/run-built.mjs ${COMMANDS.join('|')} [ARGS...]`)
  process.exit(2)
}
const { ensureBuild } = await import('./ensure-build.mjs')
ensureBuild()
const entry = resolve('dist/server', `${name}.js`)
// The command reads its own arguments from process.argv, as if started directly.
process.argv = [process.argv[0], entry, ...args]
await import(pathToFileURL(entry).href)
