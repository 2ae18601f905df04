import { sql } from 'kysely'
import type { AppDatabase } from '../db/database'

// What the database holds about people, read from the schema and from the rows themselves, on
// SQLite and PostgreSQL alike: the privacy tests hold the data export and account deletion to it.

interface Column {
  table: string
  column: string
  /** The table a foreign key on this column points at, if any. */
  references: string | undefined
}

/** Every column of every table of the app (not the migrator's own). */
export async function schemaColumns(database: AppDatabase): Promise<Column[]> {
  const { db } = database
  if (database.dialect === 'postgres') {
    const columns = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(db)
    const keys = await sql<{ table: string; column: string; references: string }>`
      select source.relname as "table", attribute.attname as "column", target.relname as "references"
      from pg_constraint constraint_
      join pg_class source on source.oid = constraint_.conrelid
      join pg_class target on target.oid = constraint_.confrelid
      join pg_namespace namespace on namespace.oid = source.relnamespace
      join pg_attribute attribute
        on attribute.attrelid = constraint_.conrelid and attribute.attnum = any(constraint_.conkey)
      where constraint_.contype = 'f' and namespace.nspname = current_schema()`.execute(db)
    const target = new Map(keys.rows.map((key) => [`${key.table}.${key.column}`, key.references]))
    return columns.rows.map((c) => ({ ...c, references: target.get(`${c.table}.${c.column}`) }))
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table'
    and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db)
  const result: Column[] = []
  for (const { name } of tables.rows) {
    const columns = await sql<{
      name: string
    }>`select name from pragma_table_info(${name})`.execute(db)
    const keys = await sql<{ from: string; table: string }>`
      select "from", "table" from pragma_foreign_key_list(${name})`.execute(db)
    const target = new Map(keys.rows.map((key) => [key.from, key.table]))
    for (const column of columns.rows) {
      result.push({ table: name, column: column.name, references: target.get(column.name) })
    }
  }
  return result
}

/**
 * The columns that say who someone is, by the schema: a foreign key to `users`, or a name that
 * says so (`user_id`, or any `*_id` that is not a key to another table), as a new table about
 * people would most likely spell it. `table.column`, sorted.
 */
export async function personColumns(database: AppDatabase): Promise<string[]> {
  const columns = await schemaColumns(database)
  return columns
    .filter(
      ({ table, column, references }) =>
        references === 'users' ||
        (table === 'users' && column === 'id') ||
        (column.endsWith('_id') && (references === undefined || references === 'users')),
    )
    .map(({ table, column }) => `${table}.${column}`)
    .sort()
}

/**
 * Every `table.column` in which some row holds one of `needles` (an account's id, its e-mail
 * address), anywhere in its text: what the database holds about that person, whatever the schema
 * says. Sorted.
 */
export async function columnsHolding(
  database: AppDatabase,
  needles: readonly string[],
): Promise<string[]> {
  const tables = new Map<string, string[]>()
  for (const { table, column } of await schemaColumns(database)) {
    tables.set(table, [...(tables.get(table) ?? []), column])
  }
  const found = new Set<string>()
  for (const [table, columns] of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      database.db,
    )
    for (const row of rows.rows) {
      for (const column of columns) {
        const value = row[column]
        if (value === null || value === undefined) continue
        const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value)
        if (needles.some((needle) => text.includes(needle))) found.add(`${table}.${column}`)
      }
    }
  }
  return [...found].sort()
}
