// Statistics reads: sums of per-translation counters up the tree; never a scan over units.
import type { Db } from '../../db/database.js';
import { ReadCache } from '../../db/read-cache.js';
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import type { ChangesService } from './changes.service.js';
import { countersFrom, recountTranslation, statisticsObject, type Counters } from '../common/statistics-counters.js';
import { countActiveChecks } from '../quality/unit-checks.js';
import {
  authorNames,
  countChangesIn,
  countComponentsWithMergeFailure,
  counterSumsOf,
  counterSumsPerLanguageOfProject,
  countLanguagesOfProject,
  countRows,
  countTranslatedLanguages,
  countTranslationsWithLanguage,
  lastAuthorIn,
  setTranslationCounters,
  siteCounterSums,
  translationsToRecount,
  translationsWithLanguagePage,
  type TranslationScope,
} from '../../db/statistics.repository.js';

export interface SiteMetrics {
  units: number;
  units_translated: number;
  users: number;
  changes: number;
  projects: number;
  components: number;
  translations: number;
  languages: number;
  checks: number;
  configuration_errors: number;
  suggestions: number;
}

export interface Aggregate {
  counters: Counters;
  lastChange: string | null;
  lastAuthor: string | null;
  recentChanges: number;
}

/** `recent_changes` counts content changes in the 6 hours before the last change. */
const RECENT_WINDOW_MS = 6 * 3600 * 1000;

export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    /** Sums, lists and authors as read, until the database changes: a statistics read is then answered without a query. */
    private readonly reads: ReadCache<string, unknown> = ReadCache.none(),
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.reads.get(key, load) as Promise<T>;
  }

  /** Display name of a change's author (full name, else username), or null. */
  async authorName(userId: number | null): Promise<string | null> {
    if (!userId) return null;
    const u = await authorNames(this.db, userId);
    return u ? u.full_name || u.username : null;
  }

  async ofTranslation(t: TranslationRow): Promise<Aggregate> {
    const { lastAuthor, recentChanges } = await this.cached(`t:${t.id}:${t.last_change}:${t.last_author_id}`, async () => ({
      lastAuthor: await this.authorName(t.last_author_id),
      recentChanges: await this.changes.recentChanges(this.db, [t.id], t.last_change),
    }));
    return { counters: countersFrom(t), lastChange: t.last_change, lastAuthor, recentChanges };
  }

  /**
   * Sums the kept counters of the translations of a scope (one indexed aggregate; units are never
   * read) — when `actor` is given, only in projects and components the actor may see, so that private
   * projects and restricted components never show in numbers others read (language statistics span
   * every project). The cache key names what the actor sees (visibilityKey), restricted components included.
   */
  private aggregate(scope: TranslationScope, actor: Actor | null): Promise<Aggregate> {
    return this.cached(`a:${JSON.stringify(scope)}:${actor ? this.access.visibilityKey(actor) : 'all'}`, () => this.sum(scope, actor));
  }

  private async sum(scope: TranslationScope, actor: Actor | null): Promise<Aggregate> {
    const visible = actor ? this.access.visibleProjects(actor) : null;
    const components = actor ? this.access.visibleComponents(actor) : null;
    const row = await counterSumsOf(this.db, scope, visible, components);
    const lastChange = (row?.last_change as string | null) ?? null;
    let lastAuthor: string | null = null;
    let recent = 0;
    if (lastChange) {
      const latest = await lastAuthorIn(this.db, scope, visible, components, lastChange);
      lastAuthor = await this.authorName(latest?.last_author_id ?? null);
      // Content changes in the window before the last change.
      const since = new Date(Date.parse(lastChange) - RECENT_WINDOW_MS).toISOString();
      recent = await countChangesIn(this.db, scope, visible, components, CONTENT_ACTIONS, since, lastChange);
    }
    return { counters: countersFrom(row ?? {}), lastChange, lastAuthor, recentChanges: recent };
  }

  ofProject(actor: Actor, project: ProjectRow): Promise<Aggregate> {
    return this.aggregate({ projectId: project.id }, actor);
  }

  /** A category: `categoryIds` is the category and every category below it. */
  ofCategory(actor: Actor, categoryIds: number[]): Promise<Aggregate> {
    return this.aggregate({ categoryIds }, actor);
  }

  ofComponent(actor: Actor, componentId: number): Promise<Aggregate> {
    return this.aggregate({ componentId }, actor);
  }

  /** Every translation in the language, in the projects the actor may see (README: statistics visibility). */
  ofLanguage(actor: Actor, language: LanguageRow): Promise<Aggregate> {
    return this.aggregate({ languageId: language.id }, actor);
  }

  /**
   * Per-language sums inside one project (its own components, as the reference, those the actor sees),
   * ordered by language code.
   */
  projectLanguages(actor: Actor, project: ProjectRow, limit: number, offset: number) {
    return this.cached(`pl:${project.id}:${limit}:${offset}:${this.access.visibilityKey(actor)}`, () => this.sumsPerLanguage(actor, project, limit, offset));
  }

  private async sumsPerLanguage(actor: Actor, project: ProjectRow, limit: number, offset: number) {
    const rows = await counterSumsPerLanguageOfProject(this.db, project.id, this.access.visibleComponents(actor), limit, offset);
    // One page of languages: their last author and recent changes take two small queries each.
    return Promise.all(
      rows.map(async (r) => {
        const agg = r.last_change ? await this.aggregate({ projectId: project.id, languageId: r.language_id }, actor) : null;
        return {
          code: r.code,
          name: r.name,
          aggregate: agg ?? { counters: countersFrom(r), lastChange: null, lastAuthor: null, recentChanges: 0 },
        };
      }),
    );
  }

  countProjectLanguages(actor: Actor, project: ProjectRow): Promise<number> {
    return this.cached(`plc:${project.id}:${this.access.visibilityKey(actor)}`, () => countLanguagesOfProject(this.db, project.id, this.access.visibleComponents(actor)));
  }

  /** How many translations (one per language) a component's statistics list. */
  countComponentLanguages(component: ComponentRow): Promise<number> {
    return this.cached(`cl:${component.id}`, () => countTranslationsWithLanguage(this.db, component.id));
  }

  /** A page of a component's translations with their language code and name, by language code. */
  componentLanguagesPage(component: ComponentRow, limit: number, offset: number) {
    return this.cached(`clp:${component.id}:${limit}:${offset}`, () => translationsWithLanguagePage(this.db, component.id, limit, offset));
  }

  /**
   * Server metrics: whole-site sums of the kept counters over every translation,
   * visibility aside (metrics are for signed-in users, as the reference), plus row counts.
   */
  async metrics(): Promise<SiteMetrics> {
    const site = countersFrom((await siteCounterSums(this.db)) ?? {});
    const count = (table: 'users' | 'changes' | 'projects' | 'components' | 'translations' | 'suggestions') => countRows(this.db, table);
    const languages = await countTranslatedLanguages(this.db);
    // A component whose last merge or rebase failed needs its configuration or repository looked at.
    const broken = await countComponentsWithMergeFailure(this.db);
    return {
      units: site.total,
      units_translated: site.translated,
      users: await count('users'),
      changes: await count('changes'),
      projects: await count('projects'),
      components: await count('components'),
      translations: await count('translations'),
      languages,
      // Active (non-dismissed) failing checks.
      checks: await countActiveChecks(this.db),
      configuration_errors: broken,
      // Suggestions are deleted when accepted or rejected: every stored one is pending.
      suggestions: await count('suggestions'),
    };
  }

  /** Counts a translation's units from scratch: the repair path that proves the counters right. */
  recount(translationId: number): Promise<Counters> {
    return recountTranslation(this.db, translationId);
  }

  /** Rewrites the counters of every translation (of one component, or all) from their units. */
  async recalculate(componentId?: number, onProgress?: (done: number, total: number) => Promise<void>): Promise<{ translations: number; corrected: number }> {
    const rows = await translationsToRecount(this.db, componentId);
    let corrected = 0;
    for (const [i, t] of rows.entries()) {
      const fresh = await this.recount(t.id);
      const stored = countersFrom(t);
      if (Object.keys(fresh).some((k) => fresh[k as keyof Counters] !== stored[k as keyof Counters])) {
        corrected++;
        await setTranslationCounters(this.db, t.id, fresh);
      }
      await onProgress?.(i + 1, rows.length);
    }
    return { translations: rows.length, corrected };
  }

  toObject(agg: Aggregate, identity: { name: string; url?: string; translate_url?: string; code?: string }, reviewEnabled = false) {
    return statisticsObject(agg.counters, { ...identity, last_change: agg.lastChange, last_author: agg.lastAuthor, recent_changes: agg.recentChanges }, reviewEnabled);
  }
}
