// Statistics reads: sums of per-translation counters up the tree; never a scan over units.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { LanguageRow, ProjectRow, TranslationRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import type { ChangesService } from './changes.service.js';
import { countersFrom, recountTranslation, statisticsObject, sumCounterSelections, type Counters } from './statistics.js';

export interface Aggregate {
  counters: Counters;
  lastChange: string | null;
  lastAuthor: string | null;
  recentChanges: number;
}

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

  /** Sums translations selected by a filter on the joined translations/components/projects. */
  private async aggregate(filter: { projectId?: number; languageId?: number; componentId?: number }, actor: Actor): Promise<Aggregate> {
    let q = this.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id');
    if (filter.projectId !== undefined) q = q.where('components.project_id', '=', filter.projectId);
    if (filter.componentId !== undefined) q = q.where('translations.component_id', '=', filter.componentId);
    if (filter.languageId !== undefined) q = q.where('translations.language_id', '=', filter.languageId);
    const visible = this.access.visibleProjects(actor);
    if (visible) q = q.where(visible);
    const row = await q.select([...sumCounterSelections(), sql<string | null>`max(translations.last_change)`.as('last_change')]).executeTakeFirst();
    const lastChange = (row?.last_change as string | null) ?? null;
    let lastAuthor: string | null = null;
    let recent = 0;
    if (lastChange) {
      const latest = await q.select(['translations.last_author_id', 'translations.id']).where('translations.last_change', '=', lastChange).executeTakeFirst();
      lastAuthor = await this.authorName(latest?.last_author_id ?? null);
      const ids = (await q.select('translations.id').execute()).map((r) => r.id);
      recent = await this.changes.recentChanges(this.db, ids, lastChange);
    }
    return { counters: countersFrom(row ?? {}), lastChange, lastAuthor, recentChanges: recent };
  }

  ofProject(actor: Actor, project: ProjectRow): Promise<Aggregate> {
    return this.aggregate({ projectId: project.id }, actor);
  }

  ofComponent(actor: Actor, componentId: number): Promise<Aggregate> {
    return this.aggregate({ componentId }, actor);
  }

  ofLanguage(actor: Actor, language: LanguageRow): Promise<Aggregate> {
    return this.aggregate({ languageId: language.id }, actor);
  }

  /** Per-language sums inside one project, ordered by language code. */
  async projectLanguages(project: ProjectRow, limit: number, offset: number) {
    return this.db
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
