import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import type { ShareLink } from '../../../shared/schedule/schedule.schema'
import { useQrCodeToggle } from '../../components/use-qr-code-toggle'
import { CopyLinkField } from './CopyLinkField'
import { CrewList } from './CrewList'
import { calendarLinkQuery, shareLinkQuery, useNewCalendarLink, useNewShareLink } from './links.api'
import { NewLinkButton } from './NewLinkButton'

/** My calendar feed, my share link (with its QR code) and the people I follow. Loaded on demand. */
export default function CalendarAndSharing() {
  return (
    <>
      <CalendarFeed />
      <SharePicks />
      <CrewList />
    </>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-white/10 pt-5">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        {title}
      </h3>
      {children}
    </section>
  )
}

function CalendarFeed() {
  const link = useQuery(calendarLinkQuery)
  const renew = useNewCalendarLink()
  return (
    <Panel title="Calendar feed">
      <p className="mt-1 text-sm text-zinc-300">
        Your starred sets in your phone's calendar, on the festival's clock, kept up to date as you
        star sets and the programme changes. Keep this link to yourself: it opens your schedule
        without a password.
      </p>
      {link.data ? (
        <>
          <CopyLinkField label="Calendar link" value={link.data.httpsUrl} />
          <div className="flex flex-wrap gap-2">
            <a className="btn-secondary" href={link.data.url}>
              Subscribe in your calendar
            </a>
            <NewLinkButton
              consequence="The old calendar link stops working at once."
              busy={renew.isPending}
              renew={() => renew.mutateAsync()}
            />
          </div>
        </>
      ) : (
        <LinkStatus failed={link.isError} />
      )}
    </Panel>
  )
}

function SharePicks() {
  const link = useQuery(shareLinkQuery)
  return (
    <Panel title="Share my picks">
      <p className="mt-1 text-sm text-zinc-300">
        Friends who open this link see your starred sets on their lineup and can follow you. It
        shows your picks and your vibe's name, nothing else.
      </p>
      {link.data ? <ShareLinkActions link={link.data} /> : <LinkStatus failed={link.isError} />}
    </Panel>
  )
}

function ShareLinkActions({ link }: { link: ShareLink }) {
  const renew = useNewShareLink()
  const qr = useQrCodeToggle(link.url, 'QR code of your share link')
  return (
    <>
      <CopyLinkField label="Share link" value={link.url} />
      <div className="flex flex-wrap gap-2">
        {qr.button}
        <NewLinkButton
          consequence="The old share link stops working, and those who followed you through it stop following."
          busy={renew.isPending}
          renew={() => renew.mutateAsync()}
        />
      </div>
      {qr.code}
    </>
  )
}

function LinkStatus({ failed }: { failed: boolean }) {
  return (
    <p className="mt-3 text-sm text-zinc-300">
      {failed ? "Couldn't load this link. Try again in a moment." : 'Loading your link...'}
    </p>
  )
}
