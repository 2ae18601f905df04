import { useId, useState } from 'react'
import { toast } from '../../components/toasts/toast'
import { formatLocalMoment } from '../../lib/local-moment'
import { downloadStatsCsv, useOrganiserStats } from './organiser.api'
import { SignUpChart } from './SignUpChart'

/** One figure of the dashboard: a number with what it counts. */
function Figure({ value, label, note }: { value: number; label: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-3">
      <dt className="text-sm text-zinc-300">{label}</dt>
      <dd className="text-2xl font-black text-white tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-zinc-300">{note}</dd> : null}
    </div>
  )
}

/** `/organiser`: how the festival's app is doing, in counts (never a person), with a CSV. */
export function OrganiserPage() {
  const chartId = useId()
  const stats = useOrganiserStats()
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      await downloadStatsCsv()
    } catch (error) {
      toast.error('Could not download the figures', {
        description: error instanceof Error ? error.message : undefined,
      })
    } finally {
      setDownloading(false)
    }
  }
  if (stats.isPending) {
    return (
      <p role="status" className="card text-zinc-300">
        Loading the figures...
      </p>
    )
  }
  if (stats.isError) {
    return (
      <p role="alert" className="card text-red-200">
        The figures didn't load: {stats.error.message}
      </p>
    )
  }
  const { people, online, wifi, reports } = stats.data
  return (
    <>
      <section aria-label="Figures" className="card">
        <p className="text-sm text-zinc-300">
          As of {formatLocalMoment(stats.data.generatedAt)}, updated every minute.
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure value={people.accounts} label="Accounts" />
          <Figure value={people.withVibe} label="People with a vibe" />
          <Figure
            value={online.liveNow}
            label="Online now"
            note={`on the live feed, ${online.liveInstances === 1 ? 'one server' : `${online.liveInstances} servers`}`}
          />
          <Figure
            value={online.sessionsActiveLastHour}
            label="Sessions in the last hour"
            note="signed-in devices, so one person may count twice"
          />
          <Figure value={wifi.devicesAdmitted} label="WiFi devices admitted" />
          <Figure value={wifi.devicesConnectedNow} label="WiFi devices connected" />
          <Figure value={reports.open} label="Reports open" />
          <Figure value={reports.handled} label="Reports handled" />
          <Figure value={reports.hiddenVibes} label="Vibes hidden for review" />
        </dl>
        <button
          type="button"
          className="btn-secondary mt-4"
          onClick={() => void download()}
          disabled={downloading}
        >
          {downloading ? 'Preparing...' : 'Download CSV'}
        </button>
      </section>
      <section aria-labelledby={chartId} className="card">
        <h2 id={chartId} className="text-xl font-bold text-white">
          Sign-ups
        </h2>
        <SignUpChart hours={stats.data.signUpsPerHour} />
      </section>
    </>
  )
}
