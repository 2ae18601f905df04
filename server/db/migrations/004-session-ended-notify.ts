import { type Kysely, PostgresAdapter, sql } from 'kysely'

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * PostgreSQL only: every deleted session is announced to every instance, in the deleting
 * transaction (so only if it commits) and whatever deleted it: sign-out, revocation, a cascade
 * from a deleted user, or an operator's SQL. Instances drop it from their session cache
 * (ADR 015). SQLite runs one process, which forgets the session itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`
    create function vibeconnect_session_ended() returns trigger
    language plpgsql as $$
    begin
      -- The change bus's channel (server/events/postgres-change-bus.ts), written out: a shipped
      -- migration never changes.
      perform pg_notify('vibeconnect_changes', json_build_object('type', 'session-ended', 'id', old.id)::text);
      return null;
    end
    $$
  `.execute(db)
  await sql`
    create trigger auth_sessions_ended after delete on auth_sessions
    for each row execute function vibeconnect_session_ended()
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`drop trigger auth_sessions_ended on auth_sessions`.execute(db)
  await sql`drop function vibeconnect_session_ended()`.execute(db)
}
