// Project tokens remember their project, so that removing the project removes its bots.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade')).execute();
}
