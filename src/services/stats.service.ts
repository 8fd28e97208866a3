// Statistics reads: sums of per-translation counters up the tree; never a scan over units.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, LanguageRow, ProjectRow, TranslationRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { CONTENT_ACTIONS } from '../domain/change-actions.js';
import type { ChangesService } from './changes.service.js';
import { countersFrom, recountTranslation, statisticsObject, sumCounterSelections, type Counters } from './statistics.js';
import { countActiveChecks } from './unit-checks.js';

interface AggregateFilter {
  projectId?: number;
  languageId?: number;
  componentId?: number;
  /** Components in any of these categories (a category and its sub-categories). */
  categoryIds?: number[];
}

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
  ) {}

  /** Display name of a change's author (full name, else username), or null. */
  async authorName(userId: number | null): Promise<string | null> {
    if (!userId) return null;
    const u = await this.db.selectFrom('users').select(['full_name', 'username']).where('id', '=', userId).executeTakeFirst();
    return u ? u.full_name || u.username : null;
  }

  async ofTranslation(t: TranslationRow): Promise<Aggregate> {
    return {
      counters: countersFrom(t),
      lastChange: t.last_change,
      lastAuthor: await this.authorName(t.last_author_id),
      recentChanges: await this.changes.recentChanges(this.db, [t.id], t.last_change),
    };
  }

  /**
   * The translations a statistics read sums: joined with their component and project, narrowed by
   * the filter, and — when `actor` is given — to projects the actor may see, so that private
   * projects never show in numbers others read (language statistics span every project).
   */
  private scope(filter: AggregateFilter, actor: Actor | null) {
    let q = this.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id');
    if (filter.projectId !== undefined) q = q.where('components.project_id', '=', filter.projectId);
    if (filter.componentId !== undefined) q = q.where('translations.component_id', '=', filter.componentId);
    if (filter.categoryIds !== undefined) q = q.where('components.category_id', 'in', filter.categoryIds);
    if (filter.languageId !== undefined) q = q.where('translations.language_id', '=', filter.languageId);
    const visible = actor ? this.access.visibleProjects(actor) : null;
    if (visible) q = q.where(visible);
    return q;
  }

  /** Sums the kept counters of the selected translations (one indexed aggregate; units are never read). */
  private async aggregate(filter: AggregateFilter, actor: Actor | null): Promise<Aggregate> {
    const q = this.scope(filter, actor);
    const row = await q.select([...sumCounterSelections(), sql<string | null>`max(translations.last_change)`.as('last_change')]).executeTakeFirst();
    const lastChange = (row?.last_change as string | null) ?? null;
    let lastAuthor: string | null = null;
    let recent = 0;
    if (lastChange) {
      const latest = await q.select(['translations.last_author_id']).where('translations.last_change', '=', lastChange).orderBy('translations.id', 'desc').executeTakeFirst();
      lastAuthor = await this.authorName(latest?.last_author_id ?? null);
      recent = await this.recentChanges(q.select('translations.id'), lastChange);
    }
    return { counters: countersFrom(row ?? {}), lastChange, lastAuthor, recentChanges: recent };
  }

  /** Content changes in the window before `lastChange`, of the translations a subquery selects (no id list: a language may span thousands). */
  private async recentChanges(translationIds: SelectQueryBuilder<Database, 'translations', { id: number }>, lastChange: string): Promise<number> {
    const since = new Date(Date.parse(lastChange) - RECENT_WINDOW_MS).toISOString();
    const row = await this.db
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'in', [...CONTENT_ACTIONS])
      .where('timestamp', '>=', since)
      .where('timestamp', '<=', lastChange)
      .where('translation_id', 'in', translationIds)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
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

  /** Per-language sums inside one project (its own components, as the reference), ordered by language code. */
  async projectLanguages(project: ProjectRow, limit: number, offset: number) {
    const rows = await this.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .where('components.project_id', '=', project.id)
      .select(['languages.id as language_id', 'languages.code', 'languages.name', ...sumCounterSelections(), sql<string | null>`max(translations.last_change)`.as('last_change')])
      .groupBy(['languages.id', 'languages.code', 'languages.name'])
      .orderBy('languages.code')
      .limit(limit)
      .offset(offset)
      .execute();
    // One page of languages: their last author and recent changes take two small queries each.
    return Promise.all(
      rows.map(async (r) => {
        const agg = r.last_change ? await this.aggregate({ projectId: project.id, languageId: r.language_id }, null) : null;
        return {
          code: r.code,
          name: r.name,
          aggregate: agg ?? { counters: countersFrom(r), lastChange: null, lastAuthor: null, recentChanges: 0 },
        };
      }),
    );
  }

  async countProjectLanguages(project: ProjectRow): Promise<number> {
    const row = await this.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .where('components.project_id', '=', project.id)
      .select(sql<number>`count(distinct translations.language_id)`.as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Server metrics: whole-site sums of the kept counters over every translation,
   * visibility aside (metrics are for signed-in users, as the reference), plus row counts.
   */
  async metrics(): Promise<SiteMetrics> {
    const site = countersFrom((await this.scope({}, null).select(sumCounterSelections()).executeTakeFirst()) ?? {});
    const count = async (table: 'users' | 'changes' | 'projects' | 'components' | 'translations' | 'suggestions') =>
      Number((await this.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const languages = await this.db.selectFrom('translations').select(sql<number>`count(distinct translations.language_id)`.as('n')).executeTakeFirst();
    // A component whose last merge or rebase failed needs its configuration or repository looked at.
    const broken = await this.db.selectFrom('components').select((eb) => eb.fn.countAll<number>().as('n')).where('merge_failure', '<>', '').executeTakeFirst();
    return {
      units: site.total,
      units_translated: site.translated,
      users: await count('users'),
      changes: await count('changes'),
      projects: await count('projects'),
      components: await count('components'),
      translations: await count('translations'),
      languages: Number(languages?.n ?? 0),
      // Active (non-dismissed) failing checks.
      checks: await countActiveChecks(this.db),
      configuration_errors: Number(broken?.n ?? 0),
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
    let q = this.db.selectFrom('translations').selectAll();
    if (componentId !== undefined) q = q.where('component_id', '=', componentId);
    const rows = await q.orderBy('id').execute();
    let corrected = 0;
    for (const [i, t] of rows.entries()) {
      const fresh = await this.recount(t.id);
      const stored = countersFrom(t);
      if (Object.keys(fresh).some((k) => fresh[k as keyof Counters] !== stored[k as keyof Counters])) {
        corrected++;
        await this.db.updateTable('translations').set(fresh).where('id', '=', t.id).execute();
      }
      await onProgress?.(i + 1, rows.length);
    }
    return { translations: rows.length, corrected };
  }

  toObject(agg: Aggregate, identity: { name: string; url?: string; translate_url?: string; code?: string }, reviewEnabled = false) {
    return statisticsObject(agg.counters, { ...identity, last_change: agg.lastChange, last_author: agg.lastAuthor, recent_changes: agg.recentChanges }, reviewEnabled);
  }
}
