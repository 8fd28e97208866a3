// A project's optional secret for signed forge notifications (X-Hub-Signature-256, X-Gitlab-Token, ...).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('webhook_secret', 'text', (c) => c.notNull().defaultTo('')).execute();
}
