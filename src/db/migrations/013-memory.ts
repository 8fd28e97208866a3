// Translation memory: translated strings with their languages, origin and scope, plus a trigram index on the source.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * Scope of an entry (as the reference): project_id set = the project's memory; user_id set = the user's
 * personal memory; shared = the site-wide shared memory; from_file = imported from a TMX/JSON file.
 * Entries are deduplicated on (languages, scope, origin, source, target) by the writers (NOT EXISTS on
 * memory_key): a unique index cannot hold texts of any length on PostgreSQL.
 *
 * SQLite: memory_fts is an external-content FTS5 trigram table over source (rowid = memory.id). Indexing a
 * large import row by row inside the import's transaction would be the largest part of its cost, so rows
 * are indexed in bulk up to a high-water mark (memory_fts_state.last_id) by MemoryService.syncIndex: inline
 * after small writes, before every lookup otherwise. Deleting a row below the mark removes it from the index.
 *
 * PostgreSQL: a GIN pg_trgm index on source (similarity() and the % operator use it).
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let t = db.schema.createTable('memory');
  t = dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('source_language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('target_language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('from_file', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  // Exact lookups and the writers' duplicate check; the prefix keeps index entries small on long texts.
  await db.schema
    .createIndex('memory_key')
    .on('memory')
    .expression(sql`source_language_id, target_language_id, substr(source, 1, 100)`)
    .execute();
  await db.schema.createIndex('memory_project').on('memory').column('project_id').execute();
  await db.schema.createIndex('memory_user').on('memory').column('user_id').execute();

  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX memory_source_trgm ON memory USING gin (source gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE memory_fts USING fts5(source, content='memory', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TABLE memory_fts_state (id INTEGER PRIMARY KEY CHECK (id = 1), last_id INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO memory_fts_state (id, last_id) VALUES (1, 0)`.execute(db);
  await sql`CREATE TRIGGER memory_fts_delete AFTER DELETE ON memory WHEN old.id <= (SELECT last_id FROM memory_fts_state WHERE id = 1) BEGIN
    INSERT INTO memory_fts(memory_fts, rowid, source) VALUES ('delete', old.id, old.source);
  END`.execute(db);
}
