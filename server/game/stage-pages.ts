import { createHash } from 'node:crypto'
import { qrPath } from '../../shared/qr/qr-path'
import { escapeHtml } from '../wifi/portal-pages'

// The organiser's stage-code pages: a screen beside each stage shows its rotating code as a QR
// code and as text. Plain HTML, one inline stylesheet, no script; the page reloads itself when
// the code changes.

const STYLE = `:root{color-scheme:dark}*{box-sizing:border-box}body{margin:0;background:#0b0616;color:#f4f1fb;font:18px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:60rem;margin:0 auto;padding:2rem 1rem;text-align:center}h1{color:#e879f9;margin:.25rem 0}a{color:#67e8f9}ul{list-style:none;padding:0}li{margin:.5rem 0;font-size:1.25rem}
svg{width:min(70vmin,32rem);height:auto;background:#fff;border-radius:1rem;padding:.5rem}.code{font:700 clamp(3rem,12vw,8rem)/1.1 ui-monospace,monospace;letter-spacing:.15em;margin:1rem 0}
.note{color:#c9bfe0}@media print{body{background:#fff;color:#000}h1,a{color:#000}.note{color:#333}}`

export const STAGE_PAGES_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>${head}<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/** Every stage of the lineup, each with a link to its screen page. */
export function stageIndexPage(
  festivalName: string,
  stages: string[],
  link: (stage: string) => string,
) {
  const items = stages
    .map((stage) => `<li><a href="${escapeHtml(link(stage))}">${escapeHtml(stage)}</a></li>`)
    .join('')
  const body = `<h1>Stage check-in codes</h1><p class="note">${escapeHtml(festivalName)}: open a stage's page on the screen beside that stage. Its code changes by itself; keep these links to yourself.</p>${items ? `<ul>${items}</ul>` : '<p>The lineup has no stages yet.</p>'}`
  return layout('Stage check-in codes', body)
}

/** One stage's screen: its current code, as a QR code and as text, until the code changes. */
export function stageScreenPage(options: {
  stage: string
  code: string
  checkInUrl: string
  reloadInSeconds: number
}): string {
  const { stage, code, checkInUrl, reloadInSeconds } = options
  const { size, path } = qrPath(checkInUrl)
  const body = `<h1>${escapeHtml(stage)}</h1><p class="note">Check in with VibeConnect: scan the code, or type it under "Your level".</p>
<svg viewBox="0 0 ${size} ${size}" role="img" aria-label="QR code to check in at ${escapeHtml(stage)}" shape-rendering="crispEdges"><path d="${path}" fill="#0b0414"/></svg>
<p class="code" aria-label="Code ${code.split('').join(' ')}">${code}</p><p class="note">This code changes every few minutes.</p>`
  return layout(
    `${stage}: check in`,
    body,
    `<meta http-equiv="refresh" content="${reloadInSeconds}">`,
  )
}
