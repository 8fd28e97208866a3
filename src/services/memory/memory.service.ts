// Translation memory: entries from translated units and imported files; list, delete, fuzzy lookup.
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { isSqlite, type Db, type Executor } from '../../db/database.js';
import type { LanguageRow, MemoryRow } from '../../db/schema.js';
import {
  countEntries,
  countEntriesAbove,
  deleteEntry,
  deleteProjectEntries,
  entriesPage,
  entriesWithLanguagesAfter,
  entryById,
  exactCandidates,
  ftsCandidates,
  ftsState,
  indexEntries,
  insertEntriesOfTranslation,
  insertEntriesOfUnits,
  insertImportedEntry,
  maxEntryId,
  setSimilarityThreshold,
  similarCandidates,
  sourcesOfEntries,
  trigramGroupCandidates,
  type MemoryCandidate,
  type MemoryListFilter,
  type MemoryScope,
} from '../../db/memory.repository.js';
import { sharedMemorySources } from '../../db/existing-translations.repository.js';
import { projectAccessById, projectAccessBySlug, projectIdByIdOrSlug, projectIdBySlug, visibleProjectIds } from '../../db/projects.repository.js';
import { restrictedComponentOrigins } from '../../db/components.repository.js';
import { nowIso } from '../../shared/clock.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { rankCandidates } from './memory-ranking.js';
import { pgTrgmLookup, randomIds, TrigramSampler, type TrigramFrequencies } from '../../search/trigram-sample.js';

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
/** Imported entries written per transaction, with a progress report after each. */
const IMPORT_BATCH = 1000;
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

/**
 * Adds memory entries for the units among `unitIds` that are translated now, in the caller's
 * transaction: the project's entry and, with a user, the user's own. Bulk writers pass all their ids at
 * once, and no user: a personal entry per uploaded string would double the cost of large uploads.
 */
export async function rememberUnits(db: Executor, unitIds: readonly number[], userId: number | null): Promise<void> {
  if (unitIds.length === 0) return;
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const batch = unitIds.slice(i, i + BATCH);
    await insertEntriesOfUnits(db, batch, null, nowIso());
    if (userId !== null) await insertEntriesOfUnits(db, batch, userId, nowIso());
  }
  await syncIndex(db, INLINE_INDEX_MAX);
}

/** Adds memory entries for every translated unit of a translation (files read into a new translation). */
export async function rememberTranslation(db: Executor, translationId: number, userId: number | null = null): Promise<void> {
  await insertEntriesOfTranslation(db, translationId, null, nowIso());
  if (userId !== null) await insertEntriesOfTranslation(db, translationId, userId, nowIso());
  await syncIndex(db, INLINE_INDEX_MAX);
}

/**
 * SQLite: adds the rows above the index's high-water mark to the FTS5 table in one statement. With
 * `max`, does nothing when more rows than that wait (they are indexed by the next lookup). Returns the
 * number of rows indexed. A no-op on PostgreSQL (its GIN index is maintained by the database).
 */
export async function syncIndex(db: Executor, max = Number.POSITIVE_INFINITY): Promise<number> {
  if (!isSqlite(db)) return 0;
  const state = await ftsState(db);
  if (!state || state.max_id === null || state.max_id <= state.last_id) return 0;
  const n = await countEntriesAbove(db, state.last_id);
  if (n > max) return 0;
  await indexEntries(db, state.last_id, state.max_id);
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

type Candidate = MemoryCandidate;

/** Which entries a lookup or list may see: null = all. */
type Scope = MemoryScope;

/** How the memory resolves a language code or alias (the languages service). */
export interface LanguageResolver {
  resolve(code: string, db?: Executor): Promise<LanguageRow | undefined>;
}

export class MemoryService {
  private timer: NodeJS.Timeout | null = null;
  /** Which trigrams of the stored sources are rare: lookups read only those from the index. */
  private readonly trigrams = new TrigramSampler(
    () => this.maxId(),
    async (count) => {
      const ids = randomIds(await this.maxId(), count);
      return ids.length ? await sourcesOfEntries(this.db, ids) : [];
    },
  );

  private async maxId(): Promise<number> {
    return maxEntryId(this.db);
  }

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly languages: LanguageResolver,
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
    const ids = await visibleProjectIds(this.db, this.access.visibleProjects(actor));
    return { userId: actor.user?.id ?? null, projectIds: ids, hiddenOrigins: await this.hiddenOrigins(actor) };
  }

  /**
   * Origins of the restricted components whose project entries `actor` may not see (with null: of
   * every restricted component, for lookups made for nobody in particular).
   */
  private async hiddenOrigins(actor: Actor | null): Promise<string[]> {
    const rows = await restrictedComponentOrigins(this.db);
    return rows.filter((r) => actor === null || !this.access.seesRestriction(actor, { id: r.id, restricted: 1 })).map((r) => r.origin);
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
    return (await projectIdByIdOrSlug(this.db, value)) ?? -1;
  }

  private async listFilter(actor: Actor, filters: MemoryFilters): Promise<MemoryListFilter> {
    const scope = await this.scopeOf(actor);
    const sourceLanguageId = await this.languageId(filters.source_language, 'source_language');
    const targetLanguageId = await this.languageId(filters.target_language, 'target_language');
    const projectId = await this.projectId(filters.project);
    return { scope, sourceLanguageId, targetLanguageId, projectId, source: filters.source };
  }

  async count(actor: Actor, filters: MemoryFilters): Promise<number> {
    return countEntries(this.db, await this.listFilter(actor, filters));
  }

  async page(actor: Actor, filters: MemoryFilters, limit: number, offset: number): Promise<MemoryRow[]> {
    return entriesPage(this.db, await this.listFilter(actor, filters), limit, offset);
  }

  /** Deletes the entry when the caller may delete its scope; invisible → 404, otherwise 403. */
  async remove(actor: Actor, id: number): Promise<void> {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    const row = await entryById(this.db, id);
    if (!row) throw new NotFoundError();
    const manager = this.isManager(actor);
    const own = row.user_id !== null && row.user_id === actor.user?.id;
    const project = row.project_id !== null ? await projectAccessById(this.db, row.project_id) : undefined;
    const hidden = !manager && !own && row.project_id !== null && (await this.hiddenOrigins(actor)).includes(row.origin);
    const visible = manager || own || row.shared === 1 || (project !== undefined && this.access.canView(actor, project) && !hidden);
    if (!visible) throw new NotFoundError();
    const deletable = manager || own || (project !== undefined && this.access.can(actor, 'memory.delete', project));
    if (!deletable) throw new PermissionDeniedError();
    await deleteEntry(this.db, id);
  }

  /** Scope of a lookup: the project's entries (or every visible project's), the caller's own, shared ones. */
  async lookupScope(actor: Actor, projectSlug?: string): Promise<Scope | null> {
    const scope = await this.scopeOf(actor);
    if (projectSlug === undefined || projectSlug === '') return scope;
    const project = await projectAccessBySlug(this.db, projectSlug);
    if (!project || !this.access.canView(actor, project)) throw new NotFoundError();
    return { userId: actor.user?.id ?? null, projectIds: [project.id], hiddenOrigins: await this.hiddenOrigins(actor) };
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
    const scope = options.scope ?? null;
    const out: MemoryMatch[] = [];
    const seen = new Set<string>();
    const key = (c: Candidate) => `${c.source}\u0000${c.target}`;
    const add = (c: Candidate, quality: number) => {
      if (seen.has(key(c))) return;
      seen.add(key(c));
      out.push({ id: c.id, source: c.source, target: c.target, origin: c.origin, quality, exact: quality === 100 });
    };
    const exact = await exactCandidates(this.db, text, sourceLanguageId, targetLanguageId, scope, limit * 4);
    for (const c of exact) add(c, 100);
    if (options.exactOnly || out.length >= limit) return out.slice(0, limit);

    let candidates: Candidate[];
    if (isSqlite(this.db)) {
      await this.catchUp();
      const freq = await this.trigrams.frequencies();
      const groups = freq ? rareGroups(text, freq) : null;
      const query = groups ? groups.map((p) => `(${p.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ')})`).join(' OR ') : ftsQuery(text);
      if (!query) return out;
      candidates = await ftsCandidates(this.db, query, sourceLanguageId, targetLanguageId, scope, FTS_CANDIDATES);
    } else {
      const freq = await this.trigrams.frequencies();
      const groups = freq ? rareGroups(text, freq, pgTrgmLookup(freq, PG_WORD_START_MAX)) : null;
      if (groups) {
        // One query per group, at once on separate connections: the server reads the groups' posting lists
        // in parallel instead of one after the other, and the union is ranked here.
        // The slowest query sets the latency: the group with the longest posting lists is left out when
        // three others remain (an edit reaches one group, two at most, so a near match still meets one).
        const byCost = [...groups].sort((a, b) => a.reduce((n, t) => n + freq!.share(t), 0) - b.reduce((n, t) => n + freq!.share(t), 0));
        const asked = byCost.length >= 4 ? byCost.slice(0, -1) : byCost;
        const perGroup = await Promise.all(asked.map((p) => trigramGroupCandidates(this.db, p, text, sourceLanguageId, targetLanguageId, scope, CANDIDATES)));
        const byId = new Map<number, Candidate>();
        for (const rows of perGroup) for (const r of rows) byId.set(r.id, r);
        candidates = [...byId.values()];
      } else candidates = await this.db.transaction().execute(async (tx) => {
        await setSimilarityThreshold(tx);
        return similarCandidates(tx, text, sourceLanguageId, targetLanguageId, scope, CANDIDATES);
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
    // Made for nobody in particular: restricted components' project entries stay out.
    // A project's lookups also use what public projects share when it uses shared translations (use_shared_tm).
    const sharing = options.projectId !== undefined ? await sharedMemorySources(this.db, options.projectId) : { use: true, projectIds: [] };
    const scope: Scope = { userId: null, projectIds: options.projectId !== undefined ? [options.projectId, ...sharing.projectIds] : [], hiddenOrigins: await this.hiddenOrigins(null), withoutShared: !sharing.use };
    const matches = await this.lookup(text, src.id, tgt.id, { scope, limit: options.limit });
    return matches.map((m) => ({ source: m.source, target: m.target, score: m.quality, origin: m.origin }));
  }

  /**
   * Imports entries (the CLI and the memory-import task): shared ones, or the project's with `projectId`;
   * duplicates of existing entries of the same scope are skipped. Returns how many were added and skipped.
   * Each batch is its own transaction so that `onProgress` can report between them (a progress write inside
   * a transaction would wait for SQLite's one connection).
   */
  async importEntries(
    entries: readonly MemoryEntryInput[],
    options: { projectId?: number | null; origin: string; onProgress?: (done: number, total: number) => Promise<void> | void },
  ): Promise<{ added: number; skipped: number }> {
    const projectId = options.projectId ?? null;
    const languageIds = new Map<string, number | null>();
    const lang = async (tx: Executor, code: string) => {
      if (!languageIds.has(code)) languageIds.set(code, (await this.languages.resolve(code, tx))?.id ?? null);
      return languageIds.get(code)!;
    };
    let added = 0;
    let skipped = 0;
    const now = nowIso();
    for (let start = 0; start < entries.length || start === 0; start += IMPORT_BATCH) {
      await this.db.transaction().execute(async (tx) => {
        for (const e of entries.slice(start, start + IMPORT_BATCH)) {
          const src = await lang(tx, e.source_language);
          const tgt = await lang(tx, e.target_language);
          if (src === null || tgt === null || e.source === '' || e.target === '') {
            skipped++;
            continue;
          }
          const origin = e.origin || options.origin;
          const inserted = await insertImportedEntry(tx, { source: e.source, target: e.target, sourceLanguageId: src, targetLanguageId: tgt, origin, projectId, created: now });
          if (inserted) added++;
          else skipped++;
        }
        await syncIndex(tx);
      });
      await options.onProgress?.(Math.min(entries.length, start + IMPORT_BATCH), entries.length);
    }
    return { added, skipped };
  }

  /** Deletes every entry of a project's memory (its imported and translated ones; personal entries stay); returns how many. */
  async removeProjectEntries(projectId: number): Promise<number> {
    return deleteProjectEntries(this.db, projectId);
  }

  /** Every entry (or a project's), in id order, with language codes, a page at a time. */
  async *exportEntries(options: { projectId?: number | null } = {}): AsyncGenerator<ExportedEntry[]> {
    let after = 0;
    for (;;) {
      const rows = await entriesWithLanguagesAfter(this.db, after, options.projectId, 5000);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows.map((r) => ({ source: r.source, target: r.target, source_language: r.source_language, target_language: r.target_language, origin: r.origin, category: categoryOf(r) }));
    }
  }

  async projectBySlug(slug: string): Promise<number> {
    const row = await projectIdBySlug(this.db, slug);
    if (row === undefined) throw new NotFoundError(`No project "${slug}".`);
    return row.id;
  }
}

