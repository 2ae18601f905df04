import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// The real client build (vite.config.ts), into a folder of its own: about 3 s.
describe('the client build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'vibeconnect-client-build-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it('ships no source map and points at none', async () => {
    await promisify(execFile)(process.execPath, [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ])
    const files = readdirSync(outDir, { recursive: true }).map(String)
    const scripts = files.filter((file) => /\.(js|css)$/.test(file))
    expect(scripts.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(3)
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
    for (const file of scripts) {
      expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain('sourceMappingURL')
    }
  }, 60_000)
})
