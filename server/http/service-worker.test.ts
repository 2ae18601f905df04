import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressAssets } from '../../scripts/compress-assets.mjs'
import { loadConfig } from '../config/config'
import { createTestApp, type TestApp } from '../test/test-app'

// A built client as the build leaves it: the worker and the web app manifest at the root.
const WORKER = `/* the app's worker */ self.__precache = ${JSON.stringify('x'.repeat(2000))}\n`
const MANIFEST = JSON.stringify({ name: 'VibeConnect', display: 'standalone', start_url: '/' })

function builtClient(): string {
  const dist = mkdtempSync(join(tmpdir(), 'vibeconnect-sw-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>VibeConnect</title>')
  writeFileSync(join(dist, 'sw.js'), WORKER)
  writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST)
  compressAssets(dist)
  return dist
}

describe('the service worker and the web app manifest (SERVICE_WORKER=on, the default)', () => {
  const dist = builtClient()
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ CLIENT_DIST_DIR: dist, NODE_ENV: 'production' })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves the built worker as JavaScript that is revalidated on every visit', async () => {
    const answer = await t.app.inject({ url: '/sw.js' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.body).toBe(WORKER)
    // Compressed too, with the same header.
    const br = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('no-cache')
  })

  it('serves the manifest with its own type, revalidated too', async () => {
    const answer = await t.app.inject({ url: '/manifest.webmanifest' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.json()).toMatchObject({ display: 'standalone' })
  })
})

describe('the kill switch (SERVICE_WORKER=off)', () => {
  const dist = builtClient()
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      CLIENT_DIST_DIR: dist,
      NODE_ENV: 'production',
      SERVICE_WORKER: 'off',
    })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves, instead of the built worker, one that clears its caches and unregisters', async () => {
    for (const encoding of [undefined, 'gzip, br']) {
      const answer = await t.app.inject({
        url: '/sw.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/)
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(answer.body).not.toContain("the app's worker")
      expect(answer.body).toContain('self.skipWaiting()')
      expect(answer.body).toContain('caches.delete(key)')
      expect(answer.body).toContain('self.registration.unregister()')
    }
  })

  it('leaves the rest of the app as it is', async () => {
    const page = await t.app.inject({ url: '/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>VibeConnect</title>')
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' })
    expect(manifest.statusCode).toBe(200)
  })

  it('the setting is checked at start like the others', () => {
    expect(loadConfig({}).SERVICE_WORKER).toBe('on')
    expect(loadConfig({ SERVICE_WORKER: 'off' }).SERVICE_WORKER).toBe('off')
    expect(() => loadConfig({ SERVICE_WORKER: 'no' })).toThrow(/SERVICE_WORKER/)
  })
})
