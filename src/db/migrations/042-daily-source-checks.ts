// When each component's source strings were last checked by the daily run (long_untranslated changes with time alone).
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('components').addColumn('source_checks_at', 'text').execute();
}
