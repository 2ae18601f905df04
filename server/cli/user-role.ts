// `npm run user:role -- EMAIL [ROLE [--revoke]]`: grants, revokes or lists an account's roles.
import { parseArgs } from 'node:util'
import { isRole, ROLES } from '../../shared/safety/roles'
import { changeRole, rolesOfEmail } from '../auth/user-roles'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { auditRoleChange } from '../safety/audit-log'
import { configOrExit, exitWithUsage } from './cli-setup'

const USAGE = `Usage: npm run user:role -- EMAIL [${ROLES.join('|')} [--revoke]]`

function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { revoke: { type: 'boolean', default: false } },
    })
    const [email, role, ...extra] = positionals
    if (email?.includes('@') && extra.length === 0 && (role === undefined || isRole(role))) {
      if (role !== undefined || !values.revoke) return { email, role, revoke: values.revoke }
    }
  } catch {
    // An unknown option: the usage line says what is accepted.
  }
  exitWithUsage(USAGE)
}

const { email, role, revoke } = readArguments()
const config = configOrExit()
const database = openDatabase({ url: config.DATABASE_URL })
try {
  await migrateToLatest(database)
  if (role === undefined) {
    const roles = await rolesOfEmail(database, email)
    if (roles === undefined) {
      console.error(`There is no account with the address ${email}.`)
      process.exitCode = 1
    } else {
      console.info(`${email}: ${roles.length ? roles.join(', ') : 'no roles (a user)'}`)
    }
  } else {
    const now = Date.now()
    const change = { email, role, grant: !revoke, now }
    const outcome = await changeRole(database, change, auditRoleChange(role, now))
    if (outcome === undefined) {
      console.error(`There is no account with the address ${email}.`)
      process.exitCode = 1
    } else if (outcome === 'unchanged') {
      console.info(`${email} ${revoke ? 'did not have' : 'already has'} the ${role} role.`)
    } else {
      console.info(
        `${email} ${outcome === 'granted' ? 'now has' : 'no longer has'} the ${role} role. ` +
          'It takes effect on their next request; their app shows it after its next token refresh.',
      )
    }
  }
} catch (error) {
  console.error(`Could not change the roles: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
} finally {
  await database.close()
}
