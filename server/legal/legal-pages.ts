import { createHash } from 'node:crypto'
import MarkdownIt, { type Token } from 'markdown-it'
import { escapeHtml } from '../wifi/portal-pages'

// The Terms of Service and privacy pages: server-rendered HTML in the app's colours, one inline
// stylesheet (allowed by its hash), no script at all.

const STYLE = `:root{color-scheme:dark}*{box-sizing:border-box}html{background:#0b0616}body{margin:0;min-height:100vh;background:radial-gradient(circle at top,#2a1050,#0b0616 60%) no-repeat #0b0616;color:#f4f1fb;padding:0 .75rem;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{max-width:48rem;margin:0 auto;padding:1.25rem 1rem 0}header a{color:#e879f9;font-weight:800;font-size:1.25rem;text-decoration:none}
main{max-width:48rem;margin:1rem auto 3rem;padding:1.25rem 1.25rem 2rem;background:#1a1030;border:1px solid #3b2a5c;border-radius:1rem}
h1{color:#f0abfc;font-size:1.9rem;line-height:1.2;margin:.25rem 0 1rem}h2{color:#a5f3fc;font-size:1.25rem;margin:1.75rem 0 .5rem}h3{font-size:1.05rem;margin:1.25rem 0 .4rem}
a{color:#67e8f9}a:focus{outline:3px solid #67e8f9;outline-offset:2px}ul,ol{padding-left:1.25rem}li{margin:.3rem 0}code{font-family:ui-monospace,monospace;background:#0f0a1f;padding:.1rem .3rem;border-radius:.3rem}
table{border-collapse:collapse;width:100%;margin:1rem 0;font-size:.9rem;display:block;overflow-x:auto}th,td{border:1px solid #3b2a5c;padding:.45rem .6rem;text-align:left;vertical-align:top}th{background:#2a1a48}
@media (max-width:36rem){table,tbody,tr,td{display:block}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}tr{border:1px solid #3b2a5c;border-radius:.6rem;margin:.75rem 0;padding:.35rem .7rem}td{border:0;padding:.15rem 0}td:first-child{font-weight:600}td[data-label]:not(:first-child)::before{content:attr(data-label) ": ";color:#c9bfe0;font-weight:700}}
blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:4px solid #e879f9;color:#c9bfe0}footer{max-width:48rem;margin:0 auto 2rem;padding:0 1rem;color:#c9bfe0;font-size:.85rem}`

/** The stylesheet's hash, for the pages' Content-Security-Policy (no 'unsafe-inline'). */
export const LEGAL_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

/** The pages' Content-Security-Policy: their stylesheet, images from the site, nothing else. */
export const LEGAL_PAGE_CSP = `default-src 'none'; style-src ${LEGAL_STYLE_HASH}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

// The organiser's file is text: raw HTML in it is shown as text, never markup (`html: false`),
// and markdown-it links only http(s), mailto, tel and relative addresses (its validateLink
// refuses javascript:, vbscript:, file: and data: ones).
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false })

// On a phone a table's rows are stacked (the stylesheet), each cell after its column's name: a
// privacy notice's three columns of sentences were one word wide. Each cell gets its column's
// header as `data-label` (markdown-it escapes attribute values).
markdown.core.ruler.push('cell_labels', (state) => {
  let headers: string[] = []
  let column = 0
  state.tokens.forEach((token, index) => {
    if (token.type === 'thead_open') headers = []
    else if (token.type === 'th_open') headers.push(plainText(state.tokens[index + 1]))
    else if (token.type === 'tr_open') column = 0
    else if (token.type === 'td_open') {
      const label = headers[column]
      column += 1
      if (label) token.attrSet('data-label', label)
    }
  })
  return true
})

/** An inline token's words without their Markdown (`**Why**` is "Why"). */
const plainText = (inline: Token | undefined) =>
  (inline?.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('')

/** A Markdown text as a complete, script-free page of the app. */
export function legalPage(options: { title: string; markdown: string; festival: string }): string {
  const body = markdown.render(options.markdown)
  const title = escapeHtml(options.title)
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · VibeConnect</title><style>${STYLE}</style></head><body><header><a href="/">VibeConnect</a></header><main>${body}</main><footer>${escapeHtml(options.festival)} · <a href="/terms">Terms of Service</a> · <a href="/privacy">Privacy</a></footer></body></html>`
}
