import { type Kysely, PostgresAdapter, sql } from 'kysely'

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter

// Safety (docs/safety.md): roles, reports, moderation, an append-only audit log, suspensions;
// and a look-alike-folded username key against impersonation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute()
  // A vibe's moderation: visible, hidden (pending review, after enough reports) or removed (by a
  // moderator, with the reason its author is shown).
  await db.schema
    .alterTable('vibes')
    .addColumn('moderation', 'text', (c) => c.notNull().defaultTo('visible'))
    .execute()
  await db.schema.alterTable('vibes').addColumn('moderation_reason', 'text').execute()
  // The username folded for comparison (case, accents, look-alike characters): one person per name.
  await db.schema.alterTable('vibes').addColumn('username_key', 'text').execute()
  await db.schema.createIndex('vibes_username_key').on('vibes').column('username_key').execute()
  // One report per (vibe, reporter): only distinct accounts count towards hiding.
  await db.schema
    .createTable('vibe_reports')
    .addColumn('vibe_id', 'text', (c) => c.notNull().references('vibes.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set when a moderator acted on the vibe (restored, removed): the report is handled.
    .addColumn('handled_at', 'bigint')
    .addPrimaryKeyConstraint('vibe_reports_pk', ['vibe_id', 'reporter_id'])
    .execute()
  await db.schema
    .createTable('user_suspensions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // Who a pseudonym of the audit log is, while the account exists: deleting the account deletes
  // this row, and the log keeps the action without the person.
  await db.schema
    .createTable('audit_people')
    .addColumn('pseudonym', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .execute()
  // The moderators' and organisers' actions: appended, never changed (triggers refuse it).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('vibe_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('details', 'text')
    .execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
  await refuseAuditChanges(db)
}

/** Triggers on both engines: the audit log takes inserts only. */
async function refuseAuditChanges(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const operation of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger audit_log_no_${operation} before ${operation} on audit_log ` +
            `begin select raise(abort, 'the audit log cannot be changed'); end`,
        )
        .execute(db)
    }
    return
  }
  await sql`
    create function audit_log_refuse_change() returns trigger language plpgsql as $$
    begin raise exception 'the audit log cannot be changed'; end $$
  `.execute(db)
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_refuse_change()
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
  if (isPostgres(db)) await sql`drop function if exists audit_log_refuse_change()`.execute(db)
  await db.schema.dropTable('audit_people').execute()
  await db.schema.dropTable('user_suspensions').execute()
  await db.schema.dropTable('vibe_reports').execute()
  await db.schema.dropIndex('vibes_username_key').execute()
  await db.schema.alterTable('vibes').dropColumn('username_key').execute()
  await db.schema.alterTable('vibes').dropColumn('moderation_reason').execute()
  await db.schema.alterTable('vibes').dropColumn('moderation').execute()
  await db.schema.dropTable('user_roles').execute()
}
