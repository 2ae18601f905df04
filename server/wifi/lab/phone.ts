import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { INTERNET, LAB_DIR, type Lab, run, waitFor } from './lab'

export interface Answer {
  /** curl's exit code: 0, or e.g. 7 when the connection was refused. */
  exit: number
  status: number
  location: string
  body: string
}

/** What a way through the portal led to: the page the phone ended on, and what it passed. */
export interface Arrival {
  /** Level 1: the gateway's auth dir it was sent to; level 3: the "Connecting…" page. */
  via: string
  page: Answer
}

/** A phone in its own namespace on the festival LAN, driven with curl. */
export class Phone {
  readonly ns: string
  readonly ip: string
  readonly mac: string

  constructor(
    private readonly lab: Lab,
    readonly n: 1 | 2 | 3,
  ) {
    this.ns = `vcl-phone${n}`
    this.ip = `192.0.2.1${n}`
    this.mac = `02:00:00:00:00:1${n}`
  }

  /** What its DHCP client was told (dhclient's new_* variables). */
  lease(): Record<string, string> {
    const text = readFileSync(join(LAB_DIR, this.ns, 'lease.env'), 'utf8')
    return Object.fromEntries(
      text
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    )
  }

  /** One request, redirects not followed; `form` posts its fields as a browser does. */
  async request(url: string, options: { form?: Record<string, string>; headers?: string[] } = {}) {
    const args = ['-s', '-m', '10', ...this.lab.tls, '-w', '\n%{http_code} %{redirect_url}']
    for (const header of options.headers ?? []) args.push('-H', header)
    for (const [name, value] of Object.entries(options.form ?? {})) {
      args.push('--data-urlencode', `${name}=${value}`)
    }
    const { code, stdout } = await run('ip', ['netns', 'exec', this.ns, 'curl', ...args, url])
    const cut = stdout.lastIndexOf('\n')
    const [status = '0', location = ''] = stdout.slice(cut + 1).split(' ')
    return { exit: code, status: Number(status), location, body: stdout.slice(0, cut) }
  }

  /** A page of "the internet": its own answer once online, openNDS's 307 while captured. */
  internet(path = '/hello'): Promise<Answer> {
    return this.request(`${INTERNET}${path}`)
  }

  async isOnline(): Promise<boolean> {
    const answer = await this.internet()
    return answer.status === 200 && answer.body.startsWith('INTERNET GET /hello')
  }

  /** Captured: openNDS answers the internet with a 307 to our portal. */
  async isCaptured(): Promise<boolean> {
    const answer = await this.internet()
    return answer.status === 307 && answer.location.startsWith(`${this.lab.portal}?fas=`)
  }

  /** Cut off at the gateway, as a session's end would (the next test starts from captured). */
  async disconnect(): Promise<void> {
    await this.lab.ndsctl('deauth', this.ip)
    await waitFor(`${this.ns} to be captured again`, () => this.isCaptured(), 10_000)
  }

  /** Follows openNDS's redirect to the portal: its address and the form's sealed state. */
  async openPortal(): Promise<{ url: string; page: Answer; state: string }> {
    const captured = await this.internet()
    if (captured.status !== 307) {
      throw new Error(
        `${this.ns} is not captured: ${captured.status} ${captured.body.slice(0, 200)}`,
      )
    }
    const page = await this.request(captured.location)
    const state = /name="state" value="([^"]+)"/.exec(page.body)?.[1]
    if (page.status !== 200 || !state) {
      throw new Error(`the portal did not show its form: ${page.status} ${page.body.slice(0, 300)}`)
    }
    return { url: captured.location, page, state }
  }

  /** Submits one of the portal's three forms. */
  submit(form: 'sign-in' | 'sign-up' | 'code', fields: Record<string, string>): Promise<Answer> {
    return this.request(new URL(form, this.lab.portal).toString(), { form: fields })
  }

  /**
   * After a form let the phone through (303): level 1 goes to the gateway's auth dir, which lets
   * it through and sends it back to our online page; level 3 waits on "Connecting…" until authmon
   * collected the grant (it polls every 10 s; on a loaded machine its two PHP runs a poll take
   * seconds more, so a poll may be missed: up to a minute).
   */
  async arrive(admitted: Answer): Promise<Arrival> {
    if (admitted.status !== 303) {
      throw new Error(
        `the portal did not let the phone through: ${admitted.status} ${admitted.body}`,
      )
    }
    const via = admitted.location
    let next: string
    if (this.lab.info.level === 1) {
      const gateway = await this.request(via)
      if (gateway.status !== 307) {
        throw new Error(
          `the gateway's auth dir answered ${gateway.status} (curl ${gateway.exit}): ${gateway.body.slice(0, 200)}\nopenNDS's last errors:\n${this.lab.gatewayErrors()}`,
        )
      }
      next = gateway.location
    } else {
      next = await waitFor(
        'authmon to collect the grant',
        async () => {
          const connecting = await this.request(via)
          return connecting.status === 303 ? connecting.location : null
        },
        60_000,
        1000,
      )
    }
    return { via, page: await this.request(new URL(next, via).toString()) }
  }
}
