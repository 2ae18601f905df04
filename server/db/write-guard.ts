import { AsyncLocalStorage } from 'node:async_hooks'
import type { DatabaseConnection, Dialect, Driver } from 'kysely'

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
 * A dialect whose driver refuses to hand out a connection to code running inside a write
 * transaction's work. The work's own handle never asks for one (it holds its connection), so
 * only a query through the root handle does: the mistake that deadlocks SQLite's group commit.
 */
export function guardedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => guardedDriver(dialect.createDriver()),
  }
}

function guardedDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    destroy: () => driver.destroy(),
    acquireConnection(): Promise<DatabaseConnection> {
      if (writeScope.getStore()) return Promise.reject(new RootHandleInsideWriteError())
      return driver.acquireConnection()
    },
    releaseConnection: (connection) => driver.releaseConnection(connection),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint && { savepoint: driver.savepoint.bind(driver) }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver),
    }),
    ...(driver.releaseSavepoint && { releaseSavepoint: driver.releaseSavepoint.bind(driver) }),
  }
}
