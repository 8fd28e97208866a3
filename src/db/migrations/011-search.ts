// Text search indexes: an FTS5 trigram index over units (SQLite) or pg_trgm GIN indexes on lower(source/target/context) (PostgreSQL).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * SQLite: units_fts is an external-content FTS5 trigram table (it stores only the index; the text stays in
 * units). Writing FTS5 row by row is slow (each statement flushes the index: ~+100 s per million single-row
 * updates), so triggers only queue the units whose text changed in units_fts_stale (with the values the
 * index still holds), and the queue is applied in one bulk statement each time it reaches STALE_FLUSH rows.
 * Searches stay exact: the compiler asks the index for units that are not queued and checks the queued
 * ones (at most STALE_FLUSH) directly (see db/unit-search/compile.ts). Only text changes queue: the many updates of
 * pending/state/last_updated cost nothing.
 *
 * PostgreSQL: GIN trigram indexes on lower(col); search compiles substrings to `lower(col) LIKE lower(?)`.
 */
export const STALE_FLUSH = 5000;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const column of ['source', 'target', 'context']) {
      await sql`CREATE INDEX ${sql.id(`units_${column}_trgm`)} ON units USING gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
    }
    return;
  }
  await sql`CREATE VIRTUAL TABLE units_fts USING fts5(source, target, context, content='units', content_rowid='id', tokenize='trigram')`.execute(db);
  // indexed = 1: the index holds the unit with the values of this row; 0: the index does not have it yet.
  await sql`CREATE TABLE units_fts_stale (seq INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE, indexed INTEGER NOT NULL, source TEXT, target TEXT, context TEXT)`.execute(db);
  await sql`CREATE TRIGGER units_fts_insert AFTER INSERT ON units BEGIN
    INSERT OR IGNORE INTO units_fts_stale(id, indexed) VALUES (new.id, 0);
  END`.execute(db);
  await sql`CREATE TRIGGER units_fts_update AFTER UPDATE OF source, target, context ON units
    WHEN old.source IS NOT new.source OR old.target IS NOT new.target OR old.context IS NOT new.context BEGIN
    INSERT OR IGNORE INTO units_fts_stale(id, indexed, source, target, context) VALUES (old.id, 1, old.source, old.target, old.context);
  END`.execute(db);
  await sql`CREATE TRIGGER units_fts_delete AFTER DELETE ON units BEGIN
    INSERT INTO units_fts(units_fts, rowid, source, target, context)
      SELECT 'delete', old.id, source, target, context FROM units_fts_stale WHERE id = old.id AND indexed = 1
      UNION ALL
      SELECT 'delete', old.id, old.source, old.target, old.context WHERE NOT EXISTS (SELECT 1 FROM units_fts_stale WHERE id = old.id);
    DELETE FROM units_fts_stale WHERE id = old.id;
  END`.execute(db);
  // seq restarts at 1 once the queue is empty, so this fires every STALE_FLUSH queued units.
  await sql`CREATE TRIGGER units_fts_flush AFTER INSERT ON units_fts_stale WHEN new.seq >= ${sql.lit(STALE_FLUSH)} BEGIN
    INSERT INTO units_fts(units_fts, rowid, source, target, context) SELECT 'delete', id, source, target, context FROM units_fts_stale WHERE indexed = 1;
    INSERT INTO units_fts(rowid, source, target, context) SELECT u.id, u.source, u.target, u.context FROM units_fts_stale s JOIN units u ON u.id = s.id;
    DELETE FROM units_fts_stale;
  END`.execute(db);
  await sql`INSERT INTO units_fts(units_fts) VALUES ('rebuild')`.execute(db);
}
