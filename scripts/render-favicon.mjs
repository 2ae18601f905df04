// Renders client/public/favicon.svg to the PNG icons index.html and the web app manifest link to,
// with Debian's Chromium.
// Run it after changing the SVG: `node scripts/render-favicon.mjs` (CHROMIUM_PATH to use another).
//
// Why PNGs: Chromium draws an SVG favicon through a whole SVG document of its own, set up on the
// page's main thread while the app starts (~20–90 ms measured here, a long task at a phone's
// speed); a PNG is decoded off it. See docs/performance.md.
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { chromiumPath } from './chromium.mjs'

const SOURCE = 'client/public/favicon.svg'
// `maskable`: the launcher crops such an icon to its own shape, keeping only the middle 80% (the
// safe zone), so the mark is drawn at 70% on the icon's own background colour, edge to edge.
const ICONS = [
  { path: 'client/public/favicon-32.png', size: 32 },
  { path: 'client/public/apple-touch-icon.png', size: 180 },
  { path: 'client/public/icon-192.png', size: 192 },
  { path: 'client/public/icon-512.png', size: 512 },
  { path: 'client/public/icon-maskable-192.png', size: 192, maskable: true },
  { path: 'client/public/icon-maskable-512.png', size: 512, maskable: true },
]
const MASKABLE_BACKGROUND = '#12061f'

const svg = readFileSync(SOURCE, 'utf8')
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    const drawn = icon.maskable ? Math.round(icon.size * 0.7) : icon.size
    const background = icon.maskable ? MASKABLE_BACKGROUND : 'transparent'
    await page.setContent(
      `<style>html,body{margin:0;height:100%;background:${background}}` +
        `body{display:grid;place-items:center}</style>` +
        `<img src="${source}" width="${drawn}" height="${drawn}" style="display:block">`,
    )
    await page.locator('img').evaluate((img) => img.decode())
    await page.screenshot({ path: icon.path, omitBackground: !icon.maskable })
    await page.close()
    console.log(`wrote ${icon.path} (${icon.size}×${icon.size})`)
  }
} finally {
  await browser.close()
}
