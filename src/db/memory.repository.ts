// Translation memory entries: adding them from units and files, the SQLite FTS5 index, listing, lookups.
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './database.js';
import type { MemoryRow } from './schema.js';
import { STATE_TRANSLATED } from '../domain/unit-states.js';

/** Which entries a lookup or list may see: null = all. */
export interface MemoryScope {
  userId: number | null;
  projectIds: number[] | null;
  /** Leave out the shared (imported) entries: a project that does not use shared translations. */
  withoutShared?: boolean;
  /** Origins ("project/component") of restricted components the reader may not see: their project entries are left out. */
  hiddenOrigins?: readonly string[];
}

/** The filters of the entry list (language and project ids already resolved). */
export interface MemoryListFilter {
  scope: MemoryScope | null;
  sourceLanguageId?: number | undefined;
  targetLanguageId?: number | undefined;
  projectId?: number | undefined;
  /** Substring of the source, case-insensitive. */
  source?: string | undefined;
}

/** A lookup's candidate entry. */
export interface MemoryCandidate {
  id: number;
  source: string;
  target: string;
  origin: string;
}

function scopeSql(scope: MemoryScope | null): RawBuilder<unknown> {
  if (scope === null) return sql`1 = 1`;
  const terms: RawBuilder<unknown>[] = scope.withoutShared ? [] : [sql`m.shared = 1`];
  if (scope.userId !== null) terms.push(sql`m.user_id = ${scope.userId}`);
  if (scope.projectIds === null) terms.push(sql`m.project_id IS NOT NULL`);
  else if (scope.projectIds.length) terms.push(sql`m.project_id IN (${sql.join(scope.projectIds)})`);
  const hidden = scope.hiddenOrigins?.length ? sql` AND NOT (m.project_id IS NOT NULL AND m.origin IN (${sql.join([...scope.hiddenOrigins])}))` : sql``;
  return terms.length ? sql`((${sql.join(terms, sql` OR `)})${hidden})` : sql`1 = 0`;
}

function languagesSql(sourceLanguageId: number, targetLanguageId: number): RawBuilder<unknown> {
  return sql`m.source_language_id = ${sourceLanguageId} AND m.target_language_id = ${targetLanguageId}`;
}

/** Adds the entries of one scope for the translated units `where` selects (alias u), skipping existing ones. */
async function insertFromUnits(db: Executor, where: RawBuilder<unknown>, userId: number | null, now: string): Promise<void> {
  const project = userId === null;
  await sql`INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, from_file, shared, created)
    SELECT DISTINCT u.source, u.target, c.source_language_id, t.language_id, p.slug || '/' || c.slug,
      ${project ? sql`p.id` : sql`CAST(NULL AS integer)`}, ${project ? sql`CAST(NULL AS integer)` : sql`CAST(${userId} AS integer)`}, 0, 0, CAST(${now} AS text)
    FROM units u
    JOIN translations t ON t.id = u.translation_id
    JOIN components c ON c.id = t.component_id
    JOIN projects p ON p.id = c.project_id
    WHERE ${where} AND u.state >= ${STATE_TRANSLATED} AND u.target <> '' AND t.is_source = 0${project ? sql` AND c.contribute_project_tm = 1` : sql``}
      AND NOT EXISTS (SELECT 1 FROM memory m
        WHERE m.source_language_id = c.source_language_id AND m.target_language_id = t.language_id
          AND substr(m.source, 1, 100) = substr(u.source, 1, 100) AND m.source = u.source AND m.target = u.target
          AND m.origin = p.slug || '/' || c.slug AND m.shared = 0 AND m.from_file = 0
          AND ${project ? sql`m.project_id = p.id AND m.user_id IS NULL` : sql`m.project_id IS NULL AND m.user_id = ${userId}`})`.execute(db);
}

/**
 * Removes the project's own entries (not users', not imported ones) that a unit's previous translation left:
 * same languages, source, old target and origin, when the unit's project cleans its memory
 * (`autoclean_tm`) and no other unit of the component still has that translation of that source.
 */
export async function forgetReplacedTranslation(db: Executor, unitId: number, oldTarget: string): Promise<void> {
  await sql`DELETE FROM memory WHERE id IN (
    SELECT m.id FROM units u
    JOIN translations t ON t.id = u.translation_id
    JOIN components c ON c.id = t.component_id
    JOIN projects p ON p.id = c.project_id
    JOIN memory m ON m.source_language_id = c.source_language_id AND m.target_language_id = t.language_id
      AND substr(m.source, 1, 100) = substr(u.source, 1, 100) AND m.source = u.source AND m.target = ${oldTarget}
      AND m.project_id = p.id AND m.user_id IS NULL AND m.shared = 0 AND m.from_file = 0 AND m.origin = p.slug || '/' || c.slug
    WHERE u.id = ${unitId} AND p.autoclean_tm = 1
      AND NOT EXISTS (SELECT 1 FROM units o JOIN translations ot ON ot.id = o.translation_id
        WHERE ot.component_id = c.id AND ot.language_id = t.language_id AND o.id <> u.id AND o.source = u.source AND o.target = ${oldTarget}))`.execute(db);
}

/** Entries of one scope (the project's with userId null, else the user's) for the translated units among `unitIds`. */
export function insertEntriesOfUnits(db: Executor, unitIds: readonly number[], userId: number | null, now: string): Promise<void> {
  return insertFromUnits(db, sql`u.id IN (${sql.join(unitIds)})`, userId, now);
}

/** Entries of one scope for every translated unit of a translation. */
export function insertEntriesOfTranslation(db: Executor, translationId: number, userId: number | null, now: string): Promise<void> {
  return insertFromUnits(db, sql`u.translation_id = ${translationId}`, userId, now);
}

/** The FTS5 index's high-water mark and the highest entry id (SQLite), or undefined without a state row. */
export async function ftsState(db: Executor): Promise<{ last_id: number; max_id: number | null } | undefined> {
  const { rows } = await sql<{ last_id: number; max_id: number | null }>`SELECT last_id, (SELECT max(id) FROM memory) AS max_id FROM memory_fts_state WHERE id = 1`.execute(db);
  return rows[0];
}

/** How many entries have an id above `lastId`. */
export async function countEntriesAbove(db: Executor, lastId: number): Promise<number> {
  const pending = await sql<{ n: number }>`SELECT count(*) AS n FROM memory WHERE id > ${lastId}`.execute(db);
  return Number(pending.rows[0]?.n ?? 0);
}

/** Adds the entries with ids in (lastId, maxId] to the FTS5 table and moves the high-water mark to maxId. */
export async function indexEntries(db: Executor, lastId: number, maxId: number): Promise<void> {
  await sql`INSERT INTO memory_fts(rowid, source) SELECT id, source FROM memory WHERE id > ${lastId} AND id <= ${maxId}`.execute(db);
  await sql`UPDATE memory_fts_state SET last_id = ${maxId} WHERE id = 1`.execute(db);
}

export async function maxEntryId(db: Executor): Promise<number> {
  return Number((await db.selectFrom('memory').select(sql<number | null>`max(id)`.as('n')).executeTakeFirst())?.n ?? 0);
}

/** The sources of the entries with these ids (a sample for trigram frequencies). */
export async function sourcesOfEntries(db: Executor, ids: number[]): Promise<string[]> {
  return (await db.selectFrom('memory').select('source').where('id', 'in', ids).execute()).map((r) => r.source);
}

function listWhere(filter: MemoryListFilter): RawBuilder<unknown> {
  const terms: RawBuilder<unknown>[] = [scopeSql(filter.scope)];
  if (filter.sourceLanguageId !== undefined) terms.push(sql`m.source_language_id = ${filter.sourceLanguageId}`);
  if (filter.targetLanguageId !== undefined) terms.push(sql`m.target_language_id = ${filter.targetLanguageId}`);
  if (filter.projectId !== undefined) terms.push(sql`m.project_id = ${filter.projectId}`);
  if (filter.source) terms.push(sql`lower(m.source) LIKE ${`%${filter.source.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  return sql.join(terms, sql` AND `);
}

export async function countEntries(db: Executor, filter: MemoryListFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM memory m WHERE ${listWhere(filter)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function entriesPage(db: Executor, filter: MemoryListFilter, limit: number, offset: number): Promise<MemoryRow[]> {
  const { rows } = await sql<MemoryRow>`SELECT m.* FROM memory m WHERE ${listWhere(filter)} ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export function entryById(db: Executor, id: number): Promise<MemoryRow | undefined> {
  return db.selectFrom('memory').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteEntry(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('memory').where('id', '=', id).execute();
}

/** Entries of the language pair whose source is exactly `text`, in id order. */
/** Deletes the entries of a project's memory (project_id set: imported and from translations); returns how many. */
export async function deleteProjectEntries(db: Executor, projectId: number): Promise<number> {
  const r = await db.deleteFrom('memory').where('project_id', '=', projectId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function exactCandidates(db: Executor, text: string, sourceLanguageId: number, targetLanguageId: number, scope: MemoryScope | null, limit: number): Promise<MemoryCandidate[]> {
  const exact = await sql<MemoryCandidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
      WHERE ${languagesSql(sourceLanguageId, targetLanguageId)} AND substr(m.source, 1, 100) = substr(${text}, 1, 100) AND m.source = ${text} AND ${scopeSql(scope)} ORDER BY m.id LIMIT ${limit}`.execute(db);
  return exact.rows;
}

/** SQLite: entries of the language pair that the FTS5 query `match` finds. */
export async function ftsCandidates(db: Executor, match: string, sourceLanguageId: number, targetLanguageId: number, scope: MemoryScope | null, limit: number): Promise<MemoryCandidate[]> {
  // CROSS JOIN keeps the index first: otherwise SQLite walks every entry of the language pair and probes the index per entry.
  return (
    await sql<MemoryCandidate>`SELECT m.id, m.source, m.target, m.origin FROM memory_fts CROSS JOIN memory m ON m.id = memory_fts.rowid
          WHERE memory_fts MATCH ${match} AND ${languagesSql(sourceLanguageId, targetLanguageId)} AND ${scopeSql(scope)} LIMIT ${limit}`.execute(db)
  ).rows;
}

/** PostgreSQL: entries of the language pair whose source holds every trigram of `group`, most similar to `text` first. */
export async function trigramGroupCandidates(db: Executor, group: readonly string[], text: string, sourceLanguageId: number, targetLanguageId: number, scope: MemoryScope | null, limit: number): Promise<MemoryCandidate[]> {
  const like = (t: string) => sql`m.source ILIKE ${`%${t}%`}`;
  return (
    await sql<MemoryCandidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
                  WHERE ${sql.join(group.map(like), sql` AND `)} AND ${languagesSql(sourceLanguageId, targetLanguageId)} AND ${scopeSql(scope)} ORDER BY similarity(m.source, ${text}) DESC LIMIT ${limit}`.execute(db)
  ).rows;
}

/** PostgreSQL: pg_trgm's similarity threshold for the rest of the transaction. */
export async function setSimilarityThreshold(tx: Executor): Promise<void> {
  await sql`SELECT set_config('pg_trgm.similarity_threshold', '0.3', true)`.execute(tx);
}

/** PostgreSQL: entries of the language pair similar to `text` (pg_trgm's %), most similar first. */
export async function similarCandidates(tx: Executor, text: string, sourceLanguageId: number, targetLanguageId: number, scope: MemoryScope | null, limit: number): Promise<MemoryCandidate[]> {
  const r = await sql<MemoryCandidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
          WHERE m.source % ${text} AND ${languagesSql(sourceLanguageId, targetLanguageId)} AND ${scopeSql(scope)} ORDER BY similarity(m.source, ${text}) DESC LIMIT ${limit}`.execute(tx);
  return r.rows;
}

/**
 * Adds an imported entry: shared (projectId null) or the project's, from a file; skipped when an entry of
 * the same scope and origin has the same languages, source and target. Returns whether it was added.
 */
export async function insertImportedEntry(
  tx: Executor,
  e: { source: string; target: string; sourceLanguageId: number; targetLanguageId: number; origin: string; projectId: number | null; created: string },
): Promise<boolean> {
  const { source, target, sourceLanguageId: src, targetLanguageId: tgt, origin, projectId, created: now } = e;
  const scope = projectId === null ? sql`m.project_id IS NULL AND m.shared = 1` : sql`m.project_id = ${projectId} AND m.shared = 0`;
  const r = await sql`INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, from_file, shared, created)
          SELECT CAST(${source} AS text), CAST(${target} AS text), CAST(${src} AS integer), CAST(${tgt} AS integer), CAST(${origin} AS text),
            CAST(${projectId} AS integer), CAST(NULL AS integer), 1, ${projectId === null ? 1 : 0}, CAST(${now} AS text)
          WHERE NOT EXISTS (SELECT 1 FROM memory m WHERE m.source_language_id = ${src} AND m.target_language_id = ${tgt}
            AND substr(m.source, 1, 100) = substr(CAST(${source} AS text), 1, 100) AND m.source = ${source} AND m.target = ${target}
            AND m.origin = ${origin} AND m.user_id IS NULL AND ${scope})`.execute(tx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** Up to `limit` entries (or a project's) with ids above `after`, in id order, with their language codes. */
export function entriesWithLanguagesAfter(db: Executor, after: number, projectId: number | null | undefined, limit: number) {
  let q = db
    .selectFrom('memory as m')
    .innerJoin('languages as sl', 'sl.id', 'm.source_language_id')
    .innerJoin('languages as tl', 'tl.id', 'm.target_language_id')
    .select(['m.id', 'm.source', 'm.target', 'm.origin', 'm.project_id', 'm.user_id', 'm.shared', 'sl.code as source_language', 'tl.code as target_language'])
    .where('m.id', '>', after)
    .orderBy('m.id')
    .limit(limit);
  if (projectId != null) q = q.where('m.project_id', '=', projectId);
  return q.execute();
}
