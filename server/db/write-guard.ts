import { AsyncLocalStorage } from 'node:async_hooks'
import type { KyselyPlugin } from 'kysely'

const writeScope = new AsyncLocalStorage<true>()

/** True while running a write transaction's work (only tracked where the guard is on). */
export function isInsideWrite(): boolean {
  return writeScope.getStore() === true
}

/** Runs a write transaction's work, marking it as such for the guard below. */
export function insideWrite<T>(work: () => Promise<T>): Promise<T> {
  return writeScope.run(true, work)
}

export class RootHandleInsideWriteError extends Error {
  constructor() {
    super(
      'The root database handle was used inside writeTransaction: use the handle the work was given (on SQLite this query would wait for the batch it is part of, forever)',
    )
    this.name = 'RootHandleInsideWriteError'
  }
}

/**
 * A plugin for the root handle that refuses every query made inside a write transaction's work.
 * The work's own handle is the root's `withoutPlugins()`, so only a query through the root
 * handle is refused: on SQLite it would wait for the one connection the batch holds (Kysely's
 * connection mutex), deadlocking every write; on PostgreSQL it would run outside the transaction.
 * It checks before Kysely asks for a connection, which is where that wait would begin.
 */
export const rootHandleGuard: KyselyPlugin = {
  transformQuery(args) {
    if (writeScope.getStore()) throw new RootHandleInsideWriteError()
    return args.node
  },
  transformResult: async (args) => args.result,
}
