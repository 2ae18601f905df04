import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config'
import { createTestApp, useTestApp } from '../test/test-app'
import { LEGAL_FILE_MAX_BYTES, loadLegalTexts } from './legal-texts'

const dir = mkdtempSync(join(tmpdir(), 'vibeconnect-legal-'))
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const HOSTILE = `# Our terms

<script>alert('terms')</script>

<img src=x onerror="alert(1)">

[a harmless looking link](javascript:alert(document.cookie))
[shouting](JAVASCRIPT:alert(1)) [encoded](jav&#x09;ascript:alert(1)) [data](data:text/html,<script>alert(1)</script>)
[vb](vbscript:msgbox) and a bare javascript:alert(2) and <javascript:alert(3)>

[the festival](https://festival.example/info) · [mail us](mailto:info@festival.example)
`

describe('the Terms of Service and privacy pages', () => {
  const t = useTestApp({ WIFI_DEVICE_RETENTION_DAYS: '21', FESTIVAL_NAME: 'Dune Fest' })

  it('serves the shipped texts as pages of the app, with what is stored and for how long', async () => {
    for (const [path, heading] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy notice'],
    ]) {
      const page = await t.app.inject({ url: path! })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.headers['content-security-policy']).toMatch(
        /^default-src 'none'; style-src 'sha256-/,
      )
      expect(page.body).toContain(`<h1>${heading}</h1>`)
      expect(page.body).toContain('Dune Fest 2026')
      expect(page.body).not.toMatch(/<script|\{\{/)
    }
    const privacy = (await t.app.inject({ url: '/privacy' })).body
    // The numbers come from the configuration, as the code keeps the data.
    expect(privacy).toContain('21 days after the festival')
    expect(privacy).toMatch(/Delete my account/)
    expect(privacy).toMatch(/Download my data/)
    // Each cell names its column, for the rows stacked on a phone.
    expect(privacy).toContain('<td data-label="Why">your account</td>')
    // What the offline app keeps in the browser, and how it goes.
    expect(privacy).toMatch(/<h2[^>]*>On your phone<\/h2>/)
    expect(privacy).toContain('Signing out removes everything of yours from that browser')
  })

  it('answers HEAD, and a path below them is the app’s 404', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/terms' })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/terms/x' })).statusCode).toBe(404)
  })
})

describe('an organiser’s file', () => {
  it('is rendered as text: no script, no handler, no javascript:, data: or vbscript: link', async () => {
    const t = await createTestApp({ TERMS_FILE: file('terms.md', HOSTILE) })
    try {
      const page = (await t.app.inject({ url: '/terms' })).body
      expect(page).toContain('<h1>Our terms</h1>')
      expect(page).not.toMatch(/<script/i)
      expect(page).not.toMatch(/<img[^>]*onerror/i)
      expect(page).not.toMatch(/href="\s*(javascript|vbscript|data):/i)
      expect(page).not.toMatch(/href="[^"]*(javascript|vbscript)/i)
      // Shown as the text it is, and ordinary links stay links.
      expect(page).toContain('&lt;script&gt;alert(')
      expect(page).toContain('<a href="https://festival.example/info">the festival</a>')
      expect(page).toContain('<a href="mailto:info@festival.example">mail us</a>')
    } finally {
      await t.close()
    }
  })

  it('that cannot be read, is empty, is not UTF-8 or is too big stops the start, naming it', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ TERMS_FILE: join(dir, 'missing.md') }, /TERMS_FILE: cannot read/],
      [{ PRIVACY_FILE: file('empty.md', '  \n') }, /PRIVACY_FILE: .* is empty/],
      [
        { TERMS_FILE: file('latin1.md', Buffer.from([0x43, 0x61, 0x66, 0xe9])) },
        /TERMS_FILE: .* is not UTF-8/,
      ],
      [
        { PRIVACY_FILE: file('big.md', 'a'.repeat(LEGAL_FILE_MAX_BYTES + 1)) },
        /PRIVACY_FILE: .* is over/,
      ],
    ]
    for (const [env, problem] of cases) {
      // What the app does first as it registers these pages (legal.routes.ts).
      expect(() => loadLegalTexts(loadConfig(env))).toThrow(problem)
    }
  })
})
