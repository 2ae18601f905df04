import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { MailQueue } from './mail-queue'
import type { OutgoingMail } from './mailer'

const mail = (to: string, link: string): OutgoingMail => ({
  to,
  link,
  subject: 's',
  text: 't',
  html: 'h',
  kind: 'confirmation',
})
const log = { error: vi.fn() } as unknown as FastifyBaseLogger

/** A job that prepares its mail once `open` is called. */
function gatedJob(to: string, link: string) {
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  return { job: () => gate.then(() => mail(to, link)), open }
}

describe('MailQueue', () => {
  it('sends the jobs of one address in the order they were queued, others alongside', async () => {
    const sent: string[] = []
    const queue = new MailQueue({ send: async (m) => void sent.push(m.link!) }, log)
    const first = gatedJob('a@x.test', 'a1')
    const second = gatedJob('a@x.test', 'a2')
    const other = gatedJob('b@x.test', 'b1')
    queue.later('first', first.job, 'a@x.test')
    queue.later('second', second.job, 'a@x.test')
    queue.later('other', other.job, 'b@x.test')
    // The second is ready first, and the other address's job does not wait for either.
    second.open()
    other.open()
    await vi.waitFor(() => expect(sent).toEqual(['b1']))
    first.open()
    await queue.idle()
    expect(sent).toEqual(['b1', 'a1', 'a2'])
  })

  it('runs the next job of an address after one that failed', async () => {
    const sent: string[] = []
    const queue = new MailQueue({ send: async (m) => void sent.push(m.link!) }, log)
    queue.later('broken', () => Promise.reject(new Error('no database')), 'a@x.test')
    queue.later('next', async () => mail('a@x.test', 'a2'), 'a@x.test')
    await queue.idle()
    expect(sent).toEqual(['a2'])
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'broken' }),
      'mail job failed',
    )
  })
})
