// Translation memory: entries from translated units and imported files; list, delete, fuzzy lookup.
import { sql, type RawBuilder } from 'kysely';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { isSqlite, type Db, type Executor } from '../db/database.js';
import type { MemoryRow } from '../db/schema.js';
import { nowIso } from '../shared/clock.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../shared/errors.js';
import type { LanguagesService } from './languages.service.js';
import { rankCandidates } from './memory-ranking.js';
import { pgTrgmLookup, randomIds, TrigramSampler, type TrigramFrequencies } from '../search/trigram-sample.js';
import { STATE_TRANSLATED } from '../domain/unit-states.js';

/*
 * Scopes (as the reference's update_memory): a unit that becomes translated (state >= 20, non-empty target)
 * adds a project entry (project_id, origin "project/component") and, when a user made the change, a personal
 * entry (user_id, project_id null). Imported files add shared entries (shared, from_file) or, with a project,
 * project entries (from_file). An entry is added only when no entry of the same scope and origin has the same
 * languages, source and target.
 *
 * Visibility: memory.manage (site-wide) sees and deletes everything; others see their own entries,
 * shared entries and the entries of projects they can see, and delete their own entries and those of
 * projects where they hold memory.delete.
 */

/** Rows a writer indexes inline; larger writes leave them to the next lookup or the background sync. */
const INLINE_INDEX_MAX = 2000;
const BATCH = 500;
/** Chunks of the query used as FTS5 phrases (SQLite) and their length in characters. */
const MAX_CHUNKS = 16;
const CHUNK = 8;
/** Candidates scored per lookup. */
const CANDIDATES = 100;
/**
 * SQLite reads FTS candidates in rowid order, not by likeness: the cap must be high enough that a near match
 * is not cut off behind entries that share a group by chance (ranking them costs microseconds each).
 */
const FTS_CANDIDATES = 2000;
/** Rare trigrams of the text asked from the index, in groups: a candidate holds every trigram of at least one group. */
const RARE_GROUPS = 4;
const GROUP_SIZE = 3;
/** A word-start trigram (" ab") is asked of pg_trgm only when words starting with its letter are this rare. */
const PG_WORD_START_MAX = 0.2;

export interface MemoryMatch {
  id: number;
  source: string;
  target: string;
  origin: string;
  /** 0–100; 100 only for identical sources. */
  quality: number;
  exact: boolean;
}

export interface MemoryFilters {
  source?: string | undefined;
  source_language?: string | undefined;
  target_language?: string | undefined;
  project?: string | undefined;
}

export interface MemoryEntryInput {
  source: string;
  target: string;
  source_language: string;
  target_language: string;
  origin?: string | undefined;
}

export interface ExportedEntry {
  source: string;
  target: string;
  source_language: string;
  target_language: string;
  origin: string;
  category: number;
}

/** The reference's category numbers (memory JSON schema): 1 file, 2 shared, 10000000+ project, 20000000+ user. */
export function categoryOf(row: Pick<MemoryRow, 'project_id' | 'user_id' | 'shared'>): number {
  if (row.project_id !== null) return 10_000_000 + row.project_id;
  if (row.user_id !== null) return 20_000_000 + row.user_id;
  return row.shared ? 2 : 1;
}

/** Adds the entries of one scope for the translated units `where` selects (alias u), skipping existing ones. */
async function insertFromUnits(db: Executor, where: RawBuilder<unknown>, userId: number | null): Promise<void> {
  const project = userId === null;
  const now = nowIso();
  await sql`INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, from_file, shared, created)
    SELECT DISTINCT u.source, u.target, c.source_language_id, t.language_id, p.slug || '/' || c.slug,
      ${project ? sql`p.id` : sql`CAST(NULL AS integer)`}, ${project ? sql`CAST(NULL AS integer)` : sql`CAST(${userId} AS integer)`}, 0, 0, CAST(${now} AS text)
    FROM units u
    JOIN translations t ON t.id = u.translation_id
    JOIN components c ON c.id = t.component_id
    JOIN projects p ON p.id = c.project_id
    WHERE ${where} AND u.state >= ${STATE_TRANSLATED} AND u.target <> '' AND t.is_source = 0
      AND NOT EXISTS (SELECT 1 FROM memory m
        WHERE m.source_language_id = c.source_language_id AND m.target_language_id = t.language_id
          AND substr(m.source, 1, 100) = substr(u.source, 1, 100) AND m.source = u.source AND m.target = u.target
          AND m.origin = p.slug || '/' || c.slug AND m.shared = 0 AND m.from_file = 0
          AND ${project ? sql`m.project_id = p.id AND m.user_id IS NULL` : sql`m.project_id IS NULL AND m.user_id = ${userId}`})`.execute(db);
}

async function rememberWhere(db: Executor, where: RawBuilder<unknown>, userId: number | null): Promise<void> {
  await insertFromUnits(db, where, null);
  if (userId !== null) await insertFromUnits(db, where, userId);
}

/**
 * Adds memory entries for the units among `unitIds` that are translated now, in the caller's
 * transaction: the project's entry and, with a user, the user's own. Bulk writers pass all their ids at
 * once, and no user: a personal entry per uploaded string would double the cost of large uploads.
 */
export async function rememberUnits(db: Executor, unitIds: readonly number[], userId: number | null): Promise<void> {
  if (unitIds.length === 0) return;
  for (let i = 0; i < unitIds.length; i += BATCH) {
    await rememberWhere(db, sql`u.id IN (${sql.join(unitIds.slice(i, i + BATCH))})`, userId);
  }
  await syncIndex(db, INLINE_INDEX_MAX);
}

/** Adds memory entries for every translated unit of a translation (files read into a new translation). */
export async function rememberTranslation(db: Executor, translationId: number, userId: number | null = null): Promise<void> {
  await rememberWhere(db, sql`u.translation_id = ${translationId}`, userId);
  await syncIndex(db, INLINE_INDEX_MAX);
}

/**
 * SQLite: adds the rows above the index's high-water mark to the FTS5 table in one statement. With
 * `max`, does nothing when more rows than that wait (they are indexed by the next lookup). Returns the
 * number of rows indexed. A no-op on PostgreSQL (its GIN index is maintained by the database).
 */
export async function syncIndex(db: Executor, max = Number.POSITIVE_INFINITY): Promise<number> {
  if (!isSqlite(db)) return 0;
  const { rows } = await sql<{ last_id: number; max_id: number | null }>`SELECT last_id, (SELECT max(id) FROM memory) AS max_id FROM memory_fts_state WHERE id = 1`.execute(db);
  const state = rows[0];
  if (!state || state.max_id === null || state.max_id <= state.last_id) return 0;
  const pending = await sql<{ n: number }>`SELECT count(*) AS n FROM memory WHERE id > ${state.last_id}`.execute(db);
  const n = Number(pending.rows[0]?.n ?? 0);
  if (n > max) return 0;
  await sql`INSERT INTO memory_fts(rowid, source) SELECT id, source FROM memory WHERE id > ${state.last_id} AND id <= ${state.max_id}`.execute(db);
  await sql`UPDATE memory_fts_state SET last_id = ${state.max_id} WHERE id = 1`.execute(db);
  return n;
}

/**
 * Candidates through rare trigrams of the text, in groups: (t1 AND t2 AND t3) OR (t4 AND t5 AND t6) OR …
 * The text is cut into RARE_GROUPS × GROUP_SIZE stretches and the rarest trigram of each is taken, a group
 * from neighbouring stretches: a near match keeps the groups away from its differences, an entry that
 * shares a rare trigram or two by chance matches no group, and the common trigrams (posting lists as long
 * as the table) are never read. Short texts get smaller groups; null when too short for two trigrams.
 */
export function rareGroups(text: string, freq: TrigramFrequencies, usable: (trigram: string) => boolean = () => true): string[][] | null {
  const chars = [...text.toLowerCase()];
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  const size = trigrams.length >= RARE_GROUPS * GROUP_SIZE * 4 ? GROUP_SIZE : 2;
  // A short text gets a stretch per trigram: with fewer stretches than two groups' worth, one edit
  // anywhere would leave no group intact ("Hello world!" never found "Hello world").
  const stretches = Math.min(RARE_GROUPS * size, trigrams.length >= RARE_GROUPS * size * 3 ? Math.floor(trigrams.length / 3) : trigrams.length);
  if (stretches < 2) return null;
  const picked: string[] = [];
  for (let k = 0; k < stretches; k++) {
    const stretch = trigrams.slice(Math.floor((k * trigrams.length) / stretches), Math.floor(((k + 1) * trigrams.length) / stretches)).filter((t) => usable(t) && !picked.includes(t));
    if (stretch.length) picked.push(stretch.reduce((a, b) => (freq.share(b) < freq.share(a) ? b : a)));
  }
  if (picked.length < 2) return null;
  const groups: string[][] = [];
  for (let i = 0; i < picked.length; i += size) groups.push(picked.slice(i, i + size));
  // A short last group would match too much: it joins the one before.
  if (groups.length > 1 && groups[groups.length - 1]!.length < size) groups[groups.length - 2]!.push(...groups.pop()!);
  return groups;
}

/** FTS5 query for fuzzy candidates: OR of up to MAX_CHUNKS phrases of CHUNK characters spread over the text. */
export function ftsQuery(text: string): string | null {
  const chars = [...text];
  if (chars.length < 3) return null;
  const phrases = new Set<string>();
  if (chars.length <= CHUNK) phrases.add(text);
  else {
    const count = Math.min(MAX_CHUNKS, Math.ceil(chars.length / CHUNK));
    const step = (chars.length - CHUNK) / Math.max(1, count - 1);
    for (let k = 0; k < count; k++) {
      const start = Math.round(k * step);
      phrases.add(chars.slice(start, start + CHUNK).join(''));
    }
  }
  const quoted = [...phrases].map((p) => `"${p.replace(/"/g, '""')}"`);
  if (quoted.length < 4) return quoted.join(' OR ');
  // Long texts: adjacent chunks in pairs, so that a candidate shares at least two of them with the text;
  // one edit breaks at most two pairs, and the match set (and the doclists read for it) stays small.
  const pairs: string[] = [];
  for (let i = 0; i + 1 < quoted.length; i += 2) pairs.push(`(${quoted[i]} AND ${quoted[i + 1]})`);
  if (quoted.length % 2) pairs.push(`(${quoted[quoted.length - 2]} AND ${quoted[quoted.length - 1]})`);
  return pairs.join(' OR ');
}

interface Candidate {
  id: number;
  source: string;
  target: string;
  origin: string;
}

/** Which entries a lookup or list may see: null = all. */
interface Scope {
  userId: number | null;
  projectIds: number[] | null;
}

function scopeSql(scope: Scope | null): RawBuilder<unknown> {
  if (scope === null) return sql`1 = 1`;
  const terms: RawBuilder<unknown>[] = [sql`m.shared = 1`];
  if (scope.userId !== null) terms.push(sql`m.user_id = ${scope.userId}`);
  if (scope.projectIds === null) terms.push(sql`m.project_id IS NOT NULL`);
  else if (scope.projectIds.length) terms.push(sql`m.project_id IN (${sql.join(scope.projectIds)})`);
  return sql`(${sql.join(terms, sql` OR `)})`;
}

export class MemoryService {
  private timer: NodeJS.Timeout | null = null;
  /** Which trigrams of the stored sources are rare: lookups read only those from the index. */
  private readonly trigrams = new TrigramSampler(
    () => this.maxId(),
    async (count) => {
      const ids = randomIds(await this.maxId(), count);
      return ids.length ? (await this.db.selectFrom('memory').select('source').where('id', 'in', ids).execute()).map((r) => r.source) : [];
    },
  );

  private async maxId(): Promise<number> {
    return Number((await this.db.selectFrom('memory').select(sql<number | null>`max(id)`.as('n')).executeTakeFirst())?.n ?? 0);
  }

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly languages: LanguagesService,
  ) {}

  /** Indexes what bulk writers left unindexed every few seconds (SQLite); stop() ends it. */
  startBackgroundIndexing(intervalMs = 5000): void {
    if (!isSqlite(this.db) || this.timer) return;
    this.timer = setInterval(() => {
      this.catchUp().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Brings the SQLite trigram index up to date (its own transaction). */
  async catchUp(): Promise<number> {
    if (!isSqlite(this.db)) return 0;
    return this.db.transaction().execute((tx) => syncIndex(tx));
  }

  private isManager(actor: Actor): boolean {
    return this.access.canGlobal(actor, 'memory.manage');
  }

  /** The caller's visibility scope; anonymous callers get 401. */
  private async scopeOf(actor: Actor): Promise<Scope | null> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    if (this.isManager(actor)) return null;
    const visible = this.access.visibleProjects(actor);
    let q = this.db.selectFrom('projects').select('projects.id');
    if (visible) q = q.where(visible);
    const ids = (await q.execute()).map((r) => r.id);
    return { userId: actor.user?.id ?? null, projectIds: ids };
  }

  private async languageId(code: string | undefined, attr: string): Promise<number | undefined> {
    if (code === undefined || code === '') return undefined;
    if (/^\d+$/.test(code)) return Number(code);
    const row = await this.languages.resolve(code);
    if (!row) throw ValidationError.field(attr, `Unknown language "${code}".`, 'invalid');
    return row.id;
  }

  private async projectId(value: string | undefined): Promise<number | undefined> {
    if (value === undefined || value === '') return undefined;
    const row = await this.db.selectFrom('projects').select('id').where(/^\d+$/.test(value) ? 'id' : 'slug', '=', /^\d+$/.test(value) ? Number(value) : value).executeTakeFirst();
    return row?.id ?? -1;
  }

  private async listWhere(actor: Actor, filters: MemoryFilters): Promise<{ where: RawBuilder<unknown> }> {
    // (wrapped: an async function must not return a RawBuilder, which refuses to be awaited)
    const scope = await this.scopeOf(actor);
    const terms: RawBuilder<unknown>[] = [scopeSql(scope)];
    const src = await this.languageId(filters.source_language, 'source_language');
    const tgt = await this.languageId(filters.target_language, 'target_language');
    const project = await this.projectId(filters.project);
    if (src !== undefined) terms.push(sql`m.source_language_id = ${src}`);
    if (tgt !== undefined) terms.push(sql`m.target_language_id = ${tgt}`);
    if (project !== undefined) terms.push(sql`m.project_id = ${project}`);
    if (filters.source) terms.push(sql`lower(m.source) LIKE ${`%${filters.source.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
    return { where: sql.join(terms, sql` AND `) };
  }

  async count(actor: Actor, filters: MemoryFilters): Promise<number> {
    const { where } = await this.listWhere(actor, filters);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM memory m WHERE ${where}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  async page(actor: Actor, filters: MemoryFilters, limit: number, offset: number): Promise<MemoryRow[]> {
    const { where } = await this.listWhere(actor, filters);
    const { rows } = await sql<MemoryRow>`SELECT m.* FROM memory m WHERE ${where} ORDER BY m.id LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return rows;
  }

  /** Deletes the entry when the caller may delete its scope; invisible → 404, otherwise 403. */
  async remove(actor: Actor, id: number): Promise<void> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const row = await this.db.selectFrom('memory').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    const manager = this.isManager(actor);
    const own = row.user_id !== null && row.user_id === actor.user?.id;
    const project = row.project_id !== null ? await this.db.selectFrom('projects').select(['id', 'access_control']).where('id', '=', row.project_id).executeTakeFirst() : undefined;
    const visible = manager || own || row.shared === 1 || (project !== undefined && this.access.canView(actor, project));
    if (!visible) throw new NotFoundError();
    const deletable = manager || own || (project !== undefined && this.access.can(actor, 'memory.delete', project));
    if (!deletable) throw new PermissionDeniedError();
    await this.db.deleteFrom('memory').where('id', '=', id).execute();
  }

  /** Scope of a lookup: the project's entries (or every visible project's), the caller's own, shared ones. */
  async lookupScope(actor: Actor, projectSlug?: string): Promise<Scope | null> {
    const scope = await this.scopeOf(actor);
    if (projectSlug === undefined || projectSlug === '') return scope;
    const project = await this.db.selectFrom('projects').select(['id', 'access_control']).where('slug', '=', projectSlug).executeTakeFirst();
    if (!project || !this.access.canView(actor, project)) throw new NotFoundError();
    return { userId: actor.user?.id ?? null, projectIds: [project.id] };
  }

  async resolveLanguage(code: string | undefined, attr: string): Promise<number> {
    if (!code) throw ValidationError.field(attr, 'This field is required.', 'required');
    const id = await this.languageId(code, attr);
    return id!;
  }

  /**
   * Best matches for `text`, exact ones first, then by similarity (0–100, at least `threshold`).
   * Candidates come from the trigram index (SQLite FTS5, PostgreSQL pg_trgm) and are scored here.
   */
  async lookup(text: string, sourceLanguageId: number, targetLanguageId: number, options: { scope?: Scope | null; limit?: number; threshold?: number; exactOnly?: boolean } = {}): Promise<MemoryMatch[]> {
    const limit = options.limit ?? 10;
    const threshold = options.threshold ?? 50;
    const scope = scopeSql(options.scope ?? null);
    const langs = sql`m.source_language_id = ${sourceLanguageId} AND m.target_language_id = ${targetLanguageId}`;
    const out: MemoryMatch[] = [];
    const seen = new Set<string>();
    const key = (c: Candidate) => `${c.source}\u0000${c.target}`;
    const add = (c: Candidate, quality: number) => {
      if (seen.has(key(c))) return;
      seen.add(key(c));
      out.push({ id: c.id, source: c.source, target: c.target, origin: c.origin, quality, exact: quality === 100 });
    };
    const exact = await sql<Candidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
      WHERE ${langs} AND substr(m.source, 1, 100) = substr(${text}, 1, 100) AND m.source = ${text} AND ${scope} ORDER BY m.id LIMIT ${limit * 4}`.execute(this.db);
    for (const c of exact.rows) add(c, 100);
    if (options.exactOnly || out.length >= limit) return out.slice(0, limit);

    let candidates: Candidate[];
    if (isSqlite(this.db)) {
      await this.catchUp();
      const freq = await this.trigrams.frequencies();
      const groups = freq ? rareGroups(text, freq) : null;
      const query = groups ? groups.map((p) => `(${p.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ')})`).join(' OR ') : ftsQuery(text);
      if (!query) return out;
      // CROSS JOIN keeps the index first: otherwise SQLite walks every entry of the language pair and probes the index per entry.
      candidates = (
        await sql<Candidate>`SELECT m.id, m.source, m.target, m.origin FROM memory_fts CROSS JOIN memory m ON m.id = memory_fts.rowid
          WHERE memory_fts MATCH ${query} AND ${langs} AND ${scope} LIMIT ${FTS_CANDIDATES}`.execute(this.db)
      ).rows;
    } else {
      const freq = await this.trigrams.frequencies();
      const groups = freq ? rareGroups(text, freq, pgTrgmLookup(freq, PG_WORD_START_MAX)) : null;
      if (groups) {
        // One query per group, at once on separate connections: the server reads the groups' posting lists
        // in parallel instead of one after the other, and the union is ranked here.
        const like = (t: string) => sql`m.source ILIKE ${`%${t}%`}`;
        // The slowest query sets the latency: the group with the longest posting lists is left out when
        // three others remain (an edit reaches one group, two at most, so a near match still meets one).
        const byCost = [...groups].sort((a, b) => a.reduce((n, t) => n + freq!.share(t), 0) - b.reduce((n, t) => n + freq!.share(t), 0));
        const asked = byCost.length >= 4 ? byCost.slice(0, -1) : byCost;
        const perGroup = await Promise.all(
          asked.map(
            async (p) =>
              (
                await sql<Candidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
                  WHERE ${sql.join(p.map(like), sql` AND `)} AND ${langs} AND ${scope} ORDER BY similarity(m.source, ${text}) DESC LIMIT ${CANDIDATES}`.execute(this.db)
              ).rows,
          ),
        );
        const byId = new Map<number, Candidate>();
        for (const rows of perGroup) for (const r of rows) byId.set(r.id, r);
        candidates = [...byId.values()];
      } else candidates = await this.db.transaction().execute(async (tx) => {
        await sql`SELECT set_config('pg_trgm.similarity_threshold', '0.3', true)`.execute(tx);
        const r = await sql<Candidate>`SELECT m.id, m.source, m.target, m.origin FROM memory m
          WHERE m.source % ${text} AND ${langs} AND ${scope} ORDER BY similarity(m.source, ${text}) DESC LIMIT ${CANDIDATES}`.execute(tx);
        return r.rows;
      });
    }
    const fresh = candidates.filter((c) => c.source !== text && !seen.has(key(c)));
    for (const { candidate, quality } of rankCandidates(text, fresh, { threshold, slots: limit - out.length, key })) add(candidate, quality);
    return out.slice(0, limit);
  }

  /**
   * The machinery engine's lookup (src/machinery/memory.engine.ts): language codes, the project's
   * entries (with projectId) or every project's, plus shared ones; score = quality.
   */
  async machineryLookup(text: string, sourceLang: string, targetLang: string, options: { projectId?: number; limit: number }): Promise<{ source: string; target: string; score: number; origin: string }[]> {
    const src = await this.languages.resolve(sourceLang);
    const tgt = await this.languages.resolve(targetLang);
    if (!src || !tgt) return [];
    const scope: Scope = { userId: null, projectIds: options.projectId !== undefined ? [options.projectId] : [] };
    const matches = await this.lookup(text, src.id, tgt.id, { scope, limit: options.limit });
    return matches.map((m) => ({ source: m.source, target: m.target, score: m.quality, origin: m.origin }));
  }

  /**
   * Imports entries (CLI): shared ones, or the project's with `projectId`; duplicates of existing entries
   * of the same scope are skipped. Returns how many were added and skipped.
   */
  async importEntries(entries: readonly MemoryEntryInput[], options: { projectId?: number | null; origin: string }): Promise<{ added: number; skipped: number }> {
    const projectId = options.projectId ?? null;
    const languageIds = new Map<string, number | null>();
    const lang = async (tx: Executor, code: string) => {
      if (!languageIds.has(code)) languageIds.set(code, (await this.languages.resolve(code, tx))?.id ?? null);
      return languageIds.get(code)!;
    };
    let added = 0;
    let skipped = 0;
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      for (const e of entries) {
        const src = await lang(tx, e.source_language);
        const tgt = await lang(tx, e.target_language);
        if (src === null || tgt === null || e.source === '' || e.target === '') {
          skipped++;
          continue;
        }
        const origin = e.origin || options.origin;
        const scope = projectId === null ? sql`m.project_id IS NULL AND m.shared = 1` : sql`m.project_id = ${projectId} AND m.shared = 0`;
        const r = await sql`INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, from_file, shared, created)
          SELECT CAST(${e.source} AS text), CAST(${e.target} AS text), CAST(${src} AS integer), CAST(${tgt} AS integer), CAST(${origin} AS text),
            CAST(${projectId} AS integer), CAST(NULL AS integer), 1, ${projectId === null ? 1 : 0}, CAST(${now} AS text)
          WHERE NOT EXISTS (SELECT 1 FROM memory m WHERE m.source_language_id = ${src} AND m.target_language_id = ${tgt}
            AND substr(m.source, 1, 100) = substr(CAST(${e.source} AS text), 1, 100) AND m.source = ${e.source} AND m.target = ${e.target}
            AND m.origin = ${origin} AND m.user_id IS NULL AND ${scope})`.execute(tx);
        if (Number(r.numAffectedRows ?? 0) > 0) added++;
        else skipped++;
      }
      await syncIndex(tx);
    });
    return { added, skipped };
  }

  /** Every entry (or a project's), in id order, with language codes, a page at a time. */
  async *exportEntries(options: { projectId?: number | null } = {}): AsyncGenerator<ExportedEntry[]> {
    let after = 0;
    for (;;) {
      let q = this.db
        .selectFrom('memory as m')
        .innerJoin('languages as sl', 'sl.id', 'm.source_language_id')
        .innerJoin('languages as tl', 'tl.id', 'm.target_language_id')
        .select(['m.id', 'm.source', 'm.target', 'm.origin', 'm.project_id', 'm.user_id', 'm.shared', 'sl.code as source_language', 'tl.code as target_language'])
        .where('m.id', '>', after)
        .orderBy('m.id')
        .limit(5000);
      if (options.projectId != null) q = q.where('m.project_id', '=', options.projectId);
      const rows = await q.execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows.map((r) => ({ source: r.source, target: r.target, source_language: r.source_language, target_language: r.target_language, origin: r.origin, category: categoryOf(r) }));
    }
  }

  async projectBySlug(slug: string): Promise<number> {
    const row = await this.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!row) throw new NotFoundError(`No project "${slug}".`);
    return row.id;
  }
}

