import { hash } from '@node-rs/argon2'
import { ARGON2_OPTIONS } from '../../server/auth/password'
import { log, type RunContext } from '../lib/context'
import { metric } from '../lib/metric'
import { BENCH_PASSWORD, seededEmail } from '../lib/seed'

const SAMPLES = 9

/**
 * What one person waits for on an idle server: one argon2id hash at the production parameters
 * (in this process, with server/auth/password.ts's options), and one password
 * sign-in request end to end. Medians of a few sequential runs, so nothing queues.
 */
export async function measureSingleSignIn(ctx: RunContext): Promise<void> {
  const hashMs: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    await hash(`bench-password-${i}`, ARGON2_OPTIONS)
    hashMs.push(performance.now() - started)
  }
  const signInMs: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    const response = await fetch(`${ctx.server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seededEmail(i), password: BENCH_PASSWORD }),
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
    signInMs.push(performance.now() - started)
  }
  const hashMedian = median(hashMs)
  const signInMedian = median(signInMs)
  log(`one argon2id hash: ${hashMedian} ms; one sign-in request: ${signInMedian} ms (medians)`)
  ctx.metrics.push(
    metric({
      id: 'signin.oneHashMs',
      label: 'One argon2id hash (19 MiB, 2 iterations, 1 lane), idle',
      value: hashMedian,
      unit: 'ms',
      note: `median of ${SAMPLES}`,
    }),
    metric({
      id: 'signin.oneRequestMs',
      label: 'One password sign-in request, idle server',
      database: ctx.db.kind,
      value: signInMedian,
      unit: 'ms',
      note: `median of ${SAMPLES}, sequential`,
    }),
  )
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10
}
