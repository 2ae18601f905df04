// Builds the client (Vite) and bundles the server (esbuild) into dist/, then reports sizes.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { build } from 'esbuild'
import { compressAssets } from './compress-assets.mjs'

const run = (cmd, args, env = process.env) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// Always the production build of React and the rest, whatever NODE_ENV the caller has: Vite
// builds development code under NODE_ENV=test (Vitest sets it, and the openNDS lab builds from
// inside Vitest) or development, which is 60 KB more for the first screen and slower.
run('npx', ['vite', 'build', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' })
compressAssets('dist/client')
await build({
  entryPoints: {
    main: 'server/main.ts',
    // The command-line tools run from the build too (scripts/run-built.mjs): no tsx at run time.
    migrate: 'server/cli/migrate.ts',
    backup: 'server/cli/backup.ts',
    'lineup-import': 'server/cli/lineup-import.ts',
    'user-role': 'server/cli/user-role.ts',
    // A worker thread's entry must be a file of its own (server/auth/password-hashing.ts).
    'hash-worker': 'server/auth/hash-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
writeFileSync('dist/.build-stamp', new Date().toISOString())
run('node', ['scripts/report-bundle-size.mjs'])
