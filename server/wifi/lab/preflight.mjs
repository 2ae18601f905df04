// What the openNDS lab needs on the machine, so `npm test` can say so before it starts (and skip
// the suite outside CI) and the suite can fail with the list instead of a shell error.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { chromiumPath } from '../../../scripts/chromium.mjs'

/** Each command the lab runs, and the Debian package that has it. */
export const LAB_PACKAGES = {
  opennds: 'opennds',
  ndsctl: 'opennds',
  nft: 'nftables',
  iptables: 'iptables',
  ip: 'iproute2',
  dnsmasq: 'dnsmasq-base',
  dhclient: 'isc-dhcp-client',
  ping: 'iputils-ping',
  curl: 'curl',
  php: 'php-cli',
  openssl: 'openssl',
  nginx: 'nginx-light',
  nsenter: 'util-linux',
  unshare: 'util-linux',
}

// Root's commands live in sbin, which a CI shell's PATH may leave out; setup.sh adds them too.
const searchPath = () => [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']

function found(command) {
  return searchPath().some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** Why the lab cannot run here (empty when it can). */
export function labProblems() {
  if (process.platform !== 'linux') return ['the lab needs Linux network namespaces']
  if (process.getuid?.() !== 0) return ['the lab needs root (network namespaces, openNDS)']
  const problems = []
  const missing = Object.entries(LAB_PACKAGES).filter(([command]) => !found(command))
  if (missing.length > 0) {
    const packages = [...new Set(missing.map(([, pkg]) => pkg))]
    problems.push(
      `missing ${missing.map(([command]) => command).join(', ')} (apt-get install ${packages.join(' ')})`,
    )
  }
  try {
    accessSync(chromiumPath(), constants.X_OK)
  } catch {
    problems.push(`no Chromium at ${chromiumPath()} (apt-get install chromium)`)
  }
  if (problems.length === 0) {
    // Root in a container may still be refused namespaces.
    const probe = spawnSync('unshare', ['--net', '--mount', 'true'], { stdio: 'ignore' })
    if (probe.status !== 0) problems.push('this machine refuses new network namespaces')
  }
  return problems
}
