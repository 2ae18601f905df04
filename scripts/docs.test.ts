import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

// The documents a newcomer reads: every file path and every ADR number they name must exist.
const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
  ...readdirSync('docs/decisions').map((name) => join('docs/decisions', name)),
]
const ROOTS = '(?:client|server|shared|e2e|scripts|bench|docs|deploy)'
// `server/auth/sessions.ts` in backticks, or a link target such as (../server/app.ts).
const CODE_PATH = new RegExp(`\`(${ROOTS}/[^\`\\s]+)\``, 'g')
const LINK_TARGET = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g
const ADR = /\bADRs? ((?:\d{3}(?:, | and | or |–|-)?)+)/g

/** A path that names a pattern or a placeholder, not one file or folder. */
const isPattern = (path: string) => /[<>*{}|]|NNN/.test(path)

describe('the docs', () => {
  const adrs = new Set(readdirSync('docs/decisions').map((name) => name.slice(0, 3)))

  it('name only files and folders that exist', () => {
    const missing: string[] = []
    for (const doc of DOCS) {
      const text = readFileSync(doc, 'utf8')
      for (const [, path] of text.matchAll(CODE_PATH)) {
        const clean = path!.replace(/[.,:;]$/, '').replace(/:\d+$/, '')
        if (!isPattern(clean) && !existsSync(clean)) missing.push(`${doc}: \`${clean}\``)
      }
      for (const [, target] of text.matchAll(LINK_TARGET)) {
        if (/^[a-z]+:/.test(target!) || isPattern(target!)) continue
        const resolved = normalize(join(dirname(doc), target!))
        if (!existsSync(resolved)) missing.push(`${doc}: (${target})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('cite only ADR numbers that exist', () => {
    const missing: string[] = []
    for (const doc of DOCS) {
      for (const [, list] of readFileSync(doc, 'utf8').matchAll(ADR)) {
        for (const number of list!.match(/\d{3}/g) ?? []) {
          if (!adrs.has(number)) missing.push(`${doc}: ADR ${number}`)
        }
      }
    }
    expect(missing).toEqual([])
  })
})
