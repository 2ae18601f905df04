// `npm start`: checks the Node version, builds when needed, then runs the server.
import { pathToFileURL } from 'node:url'
import { exitUnlessSupported } from './node-version.mjs'

exitUnlessSupported()
const { ensureBuild } = await import('./ensure-build.mjs')
ensureBuild()
process.env.NODE_ENV ??= 'production'
await import(pathToFileURL('dist/server/main.js').href)
