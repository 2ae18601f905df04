import { createHash } from 'node:crypto'

// The captive portal's pages: plain HTML and one inline stylesheet, no script, nothing loaded
// from anywhere (the gateway has opened only our address), phone first, a few KB each. They work
// in the iOS/macOS Captive Network Assistant and Android's captive browser, which may keep no
// cookies or storage: everything a page needs travels in its forms and links.

const STYLE = `:root{color-scheme:dark;--bg:#0b0616;--card:#1a1030;--line:#3b2a5c;--text:#f4f1fb;--muted:#c9bfe0;--pink:#e879f9;--cyan:#67e8f9;--bad:#fecaca}
*{box-sizing:border-box}html{background:var(--bg)}body{margin:0;min-height:100vh;background:radial-gradient(circle at top,#2a1050,var(--bg) 60%) no-repeat var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{margin:.25rem 0 0;font-size:1.75rem;color:var(--pink)}h2{font-size:1.15rem;margin:0 0 .5rem}
.lead{color:var(--muted);margin:.25rem 0 1.25rem}.card{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}input{width:100%;padding:.7rem .8rem;border-radius:.6rem;border:1px solid var(--line);background:#0f0a1f;color:var(--text);font-size:1rem}
input:focus,button:focus,a:focus{outline:3px solid var(--cyan);outline-offset:2px}button,.button{display:block;width:100%;margin-top:.9rem;padding:.75rem;border:0;border-radius:.7rem;background:linear-gradient(90deg,#c026d3,#7c3aed);color:#fff;font-weight:700;font-size:1rem;text-align:center;text-decoration:none}
.alert{border:1px solid #b91c1c;background:#3b0a14;color:var(--bad);border-radius:.6rem;padding:.6rem .75rem;margin:.5rem 0}.note{color:var(--muted);font-size:.875rem}a{color:var(--cyan)}
.code{text-transform:uppercase;letter-spacing:.15em;font-family:ui-monospace,monospace}.big{font-size:2rem;text-align:center}
.pass{font-size:clamp(2rem,11vw,3rem);font-weight:700;text-align:center;white-space:nowrap;color:#fff}ol{padding-left:1.25rem}li{margin:.4rem 0}footer{color:var(--muted);font-size:.8rem;text-align:center;margin-top:1.5rem}`

/** The stylesheet's hash, for the pages' Content-Security-Policy (no 'unsafe-inline'). */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export interface PageFrame {
  festivalName: string
  wifiProvider: string
}

function layout(frame: PageFrame, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(frame.festivalName)} WiFi</title>${head}<style>${STYLE}</style></head><body><main>${body}<footer>WiFi powered by ${escapeHtml(frame.wifiProvider)} · VibeConnect</footer></main></body></html>`
}

export interface FormPage {
  gatewayId: string
  state: string
  /** A refused try: which form it came from, and what to tell the user. */
  refused?: { field: 'sign-in' | 'sign-up' | 'code'; message: string } | undefined
  /** What the user typed, given back (never a password or a code). */
  email?: string | undefined
  confirmationByMail: boolean
}

/** The portal: sign in, enter a WiFi pass code, or create an account. */
export function formPage(frame: PageFrame, page: FormPage): string {
  const action = (path: string) => `/wifi/portal/${encodeURIComponent(page.gatewayId)}/${path}`
  const state = `<input type="hidden" name="state" value="${escapeHtml(page.state)}">`
  const email = escapeHtml(page.email ?? '')
  const alert = (field: string) =>
    page.refused?.field === field
      ? `<p class="alert" role="alert" id="${field}-alert">${escapeHtml(page.refused.message)}</p>`
      : ''
  const described = (field: string) =>
    page.refused?.field === field ? ` aria-describedby="${field}-alert" aria-invalid="true"` : ''
  const focus = (field: string) => (page.refused?.field === field ? ' autofocus' : '')
  const body = `<h1>Festival WiFi</h1><p class="lead">${escapeHtml(frame.festivalName)}: get online with your VibeConnect account or your WiFi pass.</p>
<section class="card" aria-labelledby="signin-h"><h2 id="signin-h">Sign in</h2>${alert('sign-in')}<form method="post" action="${action('sign-in')}">${state}
<label for="signin-email">E-mail</label><input id="signin-email" name="email" type="email" autocomplete="email" required value="${page.refused?.field === 'sign-in' ? email : ''}"${described('sign-in')}${focus('sign-in')}>
<label for="signin-password">Password</label><input id="signin-password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in and go online</button></form></section>
<section class="card" aria-labelledby="code-h"><h2 id="code-h">WiFi pass code</h2><p class="note">The 8-character code on the “Your WiFi pass” card in the VibeConnect app.</p>${alert('code')}<form method="post" action="${action('code')}">${state}
<label for="code">Pass code</label><input id="code" class="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" maxlength="12" placeholder="ABCD-EFGH" required${described('code')}${focus('code')}>
<button type="submit">Go online with my pass</button></form></section>
<section class="card" aria-labelledby="signup-h"><h2 id="signup-h">New here? Create an account</h2>${page.confirmationByMail ? '<p class="note">We mail you a link to confirm your address; you get a few minutes online to open it.</p>' : ''}${alert('sign-up')}<form method="post" action="${action('sign-up')}">${state}
<label for="signup-email">E-mail</label><input id="signup-email" name="email" type="email" autocomplete="email" required value="${page.refused?.field === 'sign-up' ? email : ''}"${described('sign-up')}${focus('sign-up')}>
<label for="signup-password">Password</label><input id="signup-password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">Create account and go online</button></form></section>`
  return layout(frame, 'Sign in', body)
}

/** Level 3: the gateway collects the grant within about ten seconds; the page checks again. */
export function connectingPage(frame: PageFrame, checkUrl: string, slow: boolean): string {
  const url = escapeHtml(checkUrl)
  const body = `<h1>Connecting…</h1><p class="lead" role="status">${slow ? 'This is taking longer than usual. The page keeps checking.' : 'The festival WiFi is letting your device through. This takes about ten seconds.'}</p><p><a class="button" href="${url}">Check again</a></p>`
  return layout(frame, 'Connecting', body, `<meta http-equiv="refresh" content="3;url=${url}">`)
}

/** Online: a way into the app, and back to where the phone was going (if that was a web page). */
export function onlinePage(
  frame: PageFrame,
  appUrl: string,
  originUrl: string | null,
  grace: boolean,
): string {
  const origin = originUrl
    ? `<p>Or carry on to <a href="${escapeHtml(originUrl)}">${escapeHtml(new URL(originUrl).host)}</a>.</p>`
    : ''
  const lead = grace
    ? 'You have a few minutes online: open the e-mail we sent you and follow its link, then sign in here again.'
    : 'Your device is on the festival WiFi.'
  const body = `<h1>You're online 🎉</h1><p class="lead" role="status">${lead}</p><p><a class="button" href="${escapeHtml(appUrl)}">Open VibeConnect</a></p>${origin}`
  return layout(frame, 'Online', body)
}

/**
 * Where my pass's QR code leads: the code, big, and what to do with it. The phone that scans it may
 * be on mobile data or already on the festival WiFi (our address is open there), not signed in
 * yet. It cannot be the sign-in page itself: that needs openNDS's query for the phone (ADR 025).
 */
export function passPage(frame: PageFrame, code: string | null): string {
  if (!code) {
    const body =
      '<h1>Your WiFi pass</h1><p class="alert" role="alert">This link holds no WiFi pass code. Open the VibeConnect app to see yours on its “Your WiFi pass” card.</p>'
    return layout(frame, 'WiFi pass', body)
  }
  const body = `<h1>Your WiFi pass</h1><p class="lead">The pass code for the ${escapeHtml(frame.festivalName)} WiFi:</p>
<p class="card code pass">${escapeHtml(code)}</p>
<h2>To get online</h2><ol>
<li>Join the festival WiFi.</li>
<li>Its sign-in page opens by itself (on Android, tap the "Sign in to network" notice). If it does not, go to <a href="http://example.com/">http://example.com</a>: the WiFi shows its sign-in page instead.</li>
<li>Under <strong>WiFi pass code</strong>, type the code above and tap <strong>Go online with my pass</strong>.</li>
</ol>
<p class="note">Each phone that goes online with this code takes one of the pass's places. Its owner sees them on the “Your WiFi pass” card in the VibeConnect app, and can free one there.</p>`
  return layout(frame, 'WiFi pass', body)
}

/** Something the user cannot fix on this page, said plainly. */
export function problemPage(frame: PageFrame, message: string): string {
  const body = `<h1>Festival WiFi</h1><p class="alert" role="alert">${escapeHtml(message)}</p><p class="note">To get back to the WiFi sign-in, open any web page while on the festival WiFi.</p>`
  return layout(frame, 'Problem', body)
}
