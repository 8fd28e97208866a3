// PostgreSQL: an index on md5(lower(units.source)) for equality lookups (automatic translation from other components).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * PostgreSQL answers `lower(source) IN (…)` from the pg_trgm GIN index whatever else exists, and a GIN
 * trigram lookup of many whole strings reads every trigram's posting list (seconds per query). Lookups
 * compare md5(lower(source)) instead, which only this btree serves (a btree on the texts themselves would
 * refuse texts over its key-size limit). SQLite has no trigram index to misuse: it reads the candidate
 * translations' units.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE INDEX units_source_lower_md5 ON units (md5(lower(source)))`.execute(db);
}
