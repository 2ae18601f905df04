import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { ApiSession } from './accounts'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }

/** Opens a main-screen section from the phone's header tabs (Lineup, Vibes, My schedule). */
export const openSection = (page: Page, name: 'Lineup' | 'Vibes' | 'My schedule') =>
  page.getByRole('banner').getByRole('tab', { name }).click()

/** The lineup card. */
export const lineupCard = (page: Page) =>
  page.getByRole('region', { name: 'Sunwave Festival 2026' })

/** A set's row in the lineup's 'By Date', found by its star (a note may name other artists). */
export const lineupRow = (page: Page, artist: string): Locator =>
  lineupCard(page)
    .getByRole('region', { name: 'By Date' })
    .getByRole('article')
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Star ${artist}`, exact: true }) })

/** The star toggle of a set in the lineup's 'By Date'. */
export const starIn = (page: Page, artist: string): Locator =>
  lineupRow(page, artist).getByRole('button', { name: `Star ${artist}`, exact: true })

/** My schedule's list of starred sets for one festival day ("Saturday 11 July"). */
export const myScheduleDay = (page: Page, day: string): Locator =>
  page
    .getByRole('region', { name: 'My schedule' })
    .getByRole('region', { name: day })
    .getByRole('listitem')

/** Stars a set through the API, by its artist (the first set of that name). */
export async function starViaApi(
  request: APIRequestContext,
  baseURL: string,
  account: ApiSession,
  artist: string,
) {
  const lineup = await (await request.get(`${baseURL}/api/lineup`)).json()
  const set = (lineup.data as { key: string; name: string }[]).find((each) => each.name === artist)
  if (!set) throw new Error(`no set by ${artist}`)
  const response = await request.put(`${baseURL}/api/schedule/stars/${set.key}`, {
    headers: { authorization: `Bearer ${account.session.access_token}` },
  })
  if (response.status() !== 204) throw new Error(`starring failed: ${await response.text()}`)
}

/** The artists of the sets the fan's schedule holds on the server. */
export async function starredOnServer(
  request: APIRequestContext,
  baseURL: string,
  fan: { account: { session: { access_token: string } } },
): Promise<string[]> {
  const schedule = await request.get(`${baseURL}/api/schedule`, {
    headers: { authorization: `Bearer ${fan.account.session.access_token}` },
  })
  const stars = (await schedule.json()).stars as Array<{ seen: { name: string } }>
  return stars.map((each) => each.seen.name)
}
