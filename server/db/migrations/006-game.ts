import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // A badge earned: one row per (user, badge), so racing checks award it once (docs/game.md).
  await db.schema
    .createTable('game_awards')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge', 'text', (c) => c.notNull())
    .addColumn('awarded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_awards_pk', ['user_id', 'badge'])
    .execute()
  // The festival days (by the festival's clock) on which a user created or updated their vibe.
  await db.schema
    .createTable('game_vibe_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_vibe_days_pk', ['user_id', 'day'])
    .execute()
  // Stage check-ins by the rotating code shown at the stage: one per stage and festival day.
  await db.schema
    .createTable('game_check_ins')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('checked_in_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_check_ins_pk', ['user_id', 'stage', 'day'])
    .execute()
  // A user's invite code (their invite link and QR).
  await db.schema
    .createTable('game_invite_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // Who invited whom: one row per invited account; counted once the friend has set a vibe.
  await db.schema
    .createTable('game_invites')
    .addColumn('invitee_id', 'text', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('counted_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('game_invites_inviter')
    .on('game_invites')
    .columns(['inviter_id', 'counted_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_invites').execute()
  await db.schema.dropTable('game_invite_codes').execute()
  await db.schema.dropTable('game_check_ins').execute()
  await db.schema.dropTable('game_vibe_days').execute()
  await db.schema.dropTable('game_awards').execute()
}
