import { useEffect } from 'react'
import { ModerationPage } from '../features/moderation/ModerationPage'
import { OrganiserPage } from '../features/organiser/OrganiserPage'
import { tokenRoles } from '../lib/token-roles'

const PAGES = {
  moderation: { title: 'Moderation', roles: ['moderator', 'organiser'], needs: 'moderator' },
  organiser: { title: 'Organiser dashboard', roles: ['organiser'], needs: 'organiser' },
} as const
export type StaffPage = keyof typeof PAGES

/**
 * The moderators' and organisers' pages (loaded on demand, never for `/`), if the access token's
 * claims hold the role. The claim only decides what to show: the server checks the role in its
 * database on every request (docs/safety.md).
 */
export default function StaffPages({ page, token }: { page: StaffPage; token: string }) {
  const { title, roles, needs } = PAGES[page]
  useEffect(() => {
    document.title = `${title} · VibeConnect`
  }, [title])
  const held = tokenRoles(token)
  if (!held.some((role) => (roles as readonly string[]).includes(role))) {
    return (
      <main className="grid min-h-dvh place-items-center p-6 text-center">
        <div className="max-w-md">
          <h1 className="text-3xl font-black text-white">You need the {needs} role</h1>
          <p className="mt-4 text-zinc-200">
            This page is for the festival's {page === 'moderation' ? 'moderators and ' : ''}
            organisers. If you were given the role a moment ago, sign out and in again.
          </p>
          <a href="/" className="btn-primary mt-8">
            Return to Home
          </a>
        </div>
      </main>
    )
  }
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-black text-white">{title}</h1>
        <a href="/" className="btn-ghost">
          Back to the festival
        </a>
      </header>
      {page === 'moderation' ? <ModerationPage roles={held} /> : <OrganiserPage />}
    </main>
  )
}
