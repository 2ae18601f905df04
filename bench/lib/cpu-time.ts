import { readdirSync, readFileSync } from 'node:fs'

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ).
const TICK_MS = 10

/** User + system CPU time of one process, in milliseconds. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name may hold spaces; fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

/**
 * CPU time of every PostgreSQL server process on this machine (backends, WAL writer,
 * checkpointer), in milliseconds: the database's share when it runs beside the app.
 */
export function postgresCpuMs(): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!stat.includes('(postgres)')) continue
      total += processCpuMs(Number(entry))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}

/**
 * The whole machine's CPU time, all cores, in milliseconds: `busy` is what every process here
 * used (server, database, load generator, anything else); `stolen` is what the hypervisor gave
 * to other guests while we wanted it.
 */
export function machineCpuMs(): { busy: number; stolen: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number)
  return {
    busy: (user! + nice! + system! + irq! + softirq!) * TICK_MS,
    stolen: steal! * TICK_MS,
  }
}
