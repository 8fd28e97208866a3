// PostgreSQL: a trigram index over the source strings alone, and the links to source strings indexed with the unit ids.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * A unit's source text is its source string's (translations link to the source unit with the same text), so a
 * regular expression on `source:` is matched on the source strings (one in every 21 units of a project with 20
 * languages) and reaches their translations through the link, instead of reading and rechecking every
 * translation whose text the trigram index names (db/unit-search/compile.ts). Over a million units the selective
 * regex read 10,500 rows on as many pages (46 ms); through the source strings it reads 500 rows and the link
 * index alone (9.5 ms). (source_unit_id, id) lets that second step be an index-only scan. SQLite keeps its
 * FTS5 index for this search: its indexes carry the row id already.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE INDEX units_source_strings_trgm ON units USING gin (lower(source) gin_trgm_ops) WHERE source_unit_id = id`.execute(db);
  await sql`DROP INDEX units_source_unit`.execute(db);
  await sql`CREATE INDEX units_source_unit ON units (source_unit_id, id)`.execute(db);
}
