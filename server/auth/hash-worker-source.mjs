// From source (development, tests), the pool's worker loads the TypeScript worker through tsx's
// API: a worker does not inherit the loader that `--import tsx` gave the main thread. The built
// server uses dist/server/hash-worker.js instead.
import { tsImport } from 'tsx/esm/api'

const worker = await tsImport('./hash-worker.ts', import.meta.url)
export default worker.default
