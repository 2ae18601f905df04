import type { Migration, MigrationProvider } from 'kysely/migration'
import * as auth from './001-auth'
import * as vibes from './002-vibes'
import * as lineup from './003-lineup'
import * as sessionEnded from './004-session-ended-notify'
import * as wifi from './005-wifi'
import * as game from './006-game'
import * as companion from './007-companion'
import * as safety from './008-safety'
import * as privacy from './009-privacy'
import * as livePresence from './010-live-presence'

/**
 * Migrations are listed here rather than read from the folder, so the bundled server carries
 * them. Names sort in the order they run; never rename or edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '001-auth': auth,
  '002-vibes': vibes,
  '003-lineup': lineup,
  '004-session-ended-notify': sessionEnded,
  '005-wifi': wifi,
  '006-game': game,
  '007-companion': companion,
  '008-safety': safety,
  '009-privacy': privacy,
  '010-live-presence': livePresence,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
