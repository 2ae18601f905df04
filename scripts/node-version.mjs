// The Node.js lines VibeConnect supports (ADR 024), checked before anything loads a native module,
// so an old Node gets one clear message instead of a crash inside better-sqlite3.
// Written for every Node still in use: no syntax or API newer than Node 16.

/** Lines and the oldest release of each: `engines` in package.json says the same (a test holds it). */
export const SUPPORTED = [
  { major: 22, minor: 22 },
  { major: 24, minor: 0 },
  { major: 26, minor: 0 },
]
const NEWEST = SUPPORTED[SUPPORTED.length - 1]

/** True for a supported line or any newer one (as `engines` says: `>=26.0.0`). */
export function isSupported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number)
  if (major > NEWEST.major) return true
  return SUPPORTED.some((line) => line.major === major && minor >= line.minor)
}

/** What to tell someone on another version, or null when theirs is fine. */
export function unsupportedMessage(version) {
  if (isSupported(version)) return null
  return [
    `VibeConnect needs Node.js 22.22 or newer on an LTS line (22, 24 or 26); this is Node.js ${version.replace(/^v/, '')}.`,
    'Install Node.js 26 (or 24), for example:',
    '  with nvm:            nvm install 26',
    '  without root, Linux: export PATH="$(bash scripts/install-node.sh 26):$PATH"',
    "then run `npm install` again in this folder, so that packages match the new Node's version.",
  ].join('\n')
}

/** Exits with the message when this Node is not supported. */
export function exitUnlessSupported() {
  const message = unsupportedMessage(process.version)
  if (message) {
    console.error(message)
    process.exit(1)
  }
}
