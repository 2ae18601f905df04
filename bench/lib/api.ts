import { BENCH_PASSWORD } from './seed'

/** A session as the auth API answers it (and as the browser keeps it in localStorage). */
export interface ApiSession {
  access_token: string
  refresh_token: string
  user: { id: string; email: string }
  [key: string]: unknown
}

export interface ApiUser {
  session: ApiSession
  vibeId: string
  username: string
}

async function call(url: string, init: RequestInit & { token?: string }): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await fetch(url, { ...init, headers })
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}

/** Signs a new account up through the auth API and gives it a vibe through the vibes API. */
export async function createApiUser(baseUrl: string, label: string): Promise<ApiUser> {
  const email = `${label}.${process.pid}.${Date.now()}@bench.test`
  const session = (await call(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  })) as ApiSession
  const username = label.slice(0, 20)
  const { vibe } = (await call(`${baseUrl}/api/vibes`, {
    method: 'POST',
    token: session.access_token,
    body: JSON.stringify({ username, emoji: '🎧', status: 'Benchmarking the feed' }),
  })) as { vibe: { id: string } }
  return { session, vibeId: vibe.id, username }
}

/** Changes the user's vibe status; what a live client receives as a `vibe` update. */
export async function updateVibeStatus(
  baseUrl: string,
  user: ApiUser,
  status: string,
): Promise<void> {
  await call(`${baseUrl}/api/vibes/${user.vibeId}`, {
    method: 'PATCH',
    token: user.session.access_token,
    body: JSON.stringify({ username: user.username, emoji: '🎧', status }),
  })
}

/**
 * Seeded users as writers: each refresh token becomes a session through the real refresh grant,
 * and the user's seeded vibe is looked up through the API.
 */
export async function seededWriters(baseUrl: string, refreshTokens: string[]): Promise<ApiUser[]> {
  return Promise.all(
    refreshTokens.map(async (refreshToken) => {
      const session = (await call(`${baseUrl}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        body: JSON.stringify({ refresh_token: refreshToken }),
      })) as ApiSession
      const { vibe } = (await call(`${baseUrl}/api/vibes/mine`, {
        token: session.access_token,
      })) as { vibe: { id: string; username: string } }
      return { session, vibeId: vibe.id, username: vibe.username }
    }),
  )
}
