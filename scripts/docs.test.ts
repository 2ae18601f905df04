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

// A name tied to a source file: "`Sessions.end` (`server/auth/sessions.ts`", "`deleteAccount` in
// `server/…`", or "`server/…`, `SessionTokens.rotate`". Each part of the name must be in the file.
const NAME = '`(?<name>[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)(?:\\(\\))?`'
const SOURCE = '`(?<path>(?:client|server|shared|e2e|scripts|bench)/[^`\\s]+\\.(?:ts|tsx|mjs))`'
const NAME_IN_SOURCE = [
  new RegExp(`${NAME} (?:in |\\()${SOURCE}`, 'g'),
  // Not when the name is tied to a file of its own: "`a.ts`, `name` in `b.ts`".
  new RegExp(`${SOURCE}, ${NAME}(?! in \`| \\(\`)`, 'g'),
]

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

  it('name functions, classes and constants in the files they say hold them', () => {
    const missing: string[] = []
    for (const doc of DOCS) {
      const text = readFileSync(doc, 'utf8')
      for (const pattern of NAME_IN_SOURCE) {
        for (const { groups } of text.matchAll(pattern)) {
          const { name, path } = groups as { name: string; path: string }
          if (/\.(?:tsx?|mjs|json|css|html)$/.test(name) || !existsSync(path)) continue
          const source = readFileSync(path, 'utf8')
          const absent = name.split('.').filter((part) => !new RegExp(`\\b${part}\\b`).test(source))
          if (absent.length > 0) missing.push(`${doc}: \`${name}\` in ${path}`)
        }
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
