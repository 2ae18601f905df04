import { readFileSync } from 'node:fs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FullScreenMessage } from '../components/FullScreenMessage'
import { BOOT_LOADING_ID } from './boot-loading'

describe("index.html's loading element", () => {
  it('is exactly what <FullScreenMessage> draws, so handing over to it changes nothing on screen', () => {
    const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8')
    const element = html.match(/<main id="([^"]+)"([\s\S]*?<\/main>)/)
    expect(element?.[1]).toBe(BOOT_LOADING_ID)
    const drawn = renderToStaticMarkup(
      createElement(FullScreenMessage, null, 'Loading VibeConnect...'),
    )
    expect(`<main${element?.[2]}`).toBe(drawn)
  })
})
