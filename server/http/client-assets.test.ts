import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressAssets } from '../../scripts/compress-assets.mjs'
import { createTestApp, type TestApp } from '../test/test-app'

// Big enough that the build compresses it too.
const SOURCE_MAP = JSON.stringify({
  version: 3,
  sources: ['../../client/main.tsx'],
  sourcesContent: ['// the original source, comments and all\n'.repeat(100)],
  mappings: 'AAAA',
})

describe('serving the built client compressed', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vibeconnect-dist-'))
  const script = `console.log(${JSON.stringify('festival '.repeat(400))})\n`
  let t: TestApp
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'))
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>VibeConnect</title>${' '.repeat(2000)}`,
    )
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script)
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {}\n')
    // As an older build (or one by hand) left it: a source map beside its script.
    writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), SOURCE_MAP)
    compressAssets(dist)
    t = await createTestApp({ CLIENT_DIST_DIR: dist, NODE_ENV: 'production' })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

  it('sends brotli to browsers that accept it, gzip to those that only take gzip', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const gzip = await get('/assets/app-abc123.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script)
  })

  it('sends the file as it is to a client that accepts no encoding, and small files uncompressed', async () => {
    const plain = await get('/assets/app-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    const tiny = await get('/assets/tiny-abc123.js', 'br')
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe('export {}\n')
  })

  it('compresses the page itself, which is still never cached', async () => {
    const page = await get('/some/client/route', 'br')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>VibeConnect</title>')
  })

  it('sends the same security headers on the page and on static files', async () => {
    for (const url of ['/', '/some/client/route', '/assets/app-abc123.js']) {
      const answer = await get(url, 'br')
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['content-security-policy'], url).toMatch(/script-src 'self'(;|$)/)
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(answer.headers['x-frame-options'], url).toBe('DENY')
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer')
    }
  })

  it('serves no source map, even one left in the assets folder', async () => {
    const urls = ['/assets/app-abc123.js.map', '/assets/app-abc123.js%2Emap?v=1']
    for (const [url, encoding] of urls.flatMap((url) => [[url], [url, 'gzip, br']])) {
      const answer = await get(url!, encoding)
      expect(answer.statusCode, `${url} ${encoding}`).toBe(404)
      expect(answer.json()).toMatchObject({ code: 'not_found' })
      expect(answer.body).not.toContain('mappings')
    }
  })
})
