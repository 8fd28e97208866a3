// Records changes (in the caller's transaction), answers last_change/last_author/recent_changes, and
// reads the change lists and feeds: filtered by what the caller may see, in SQL.
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { ChangeRow } from '../db/schema.js';
import type { Actor } from '../auth/actor.js';
import type { AccessControl } from '../auth/access.js';
import { nowIso } from '../shared/clock.js';
import { ValidationError, type FieldError } from '../shared/errors.js';
import { ACTION_NAMES, CONTENT_ACTIONS, TRANSLATION_ACTIONS } from '../domain/change-actions.js';

export interface ChangeInput {
  action: number;
  userId?: number | null;
  authorId?: number | null;
  projectId?: number | null;
  componentId?: number | null;
  translationId?: number | null;
  unitId?: number | null;
  languageId?: number | null;
  target?: string;
  old?: string;
  details?: Record<string, unknown>;
}

const RECENT_WINDOW_MS = 6 * 3600 * 1000;
const BATCH = 200; // 12 columns per row: under both engines' bound-parameter limits

/** Narrows a list to one object (the scoped change lists and the RSS feeds). */
export interface ChangeScope {
  projectId?: number;
  componentId?: number;
  translationId?: number;
  languageId?: number;
}

/** The filters of the change lists, validated. */
export interface ChangeFilters {
  user?: string;
  actions?: number[];
  after?: string;
  before?: string;
}

/** What a change refers to, loaded for a whole page at once. */
export interface ChangeRefs {
  users: Map<number, { username: string; fullName: string }>;
  components: Map<number, { project: string; component: string; name: string; projectName: string }>;
  translations: Map<number, { project: string; component: string; language: string; projectName: string; componentName: string; languageName: string }>;
  projects: Map<number, { slug: string; name: string }>;
  units: Set<number>;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO-8601 date or date-time as stored (UTC, toISOString); no zone means UTC. Invalid → null. */
export function parseTimestamp(raw: string): string | null {
  const m = DATE_TIME.exec(raw.trim());
  if (!m) return null;
  let zone = m[3] ?? 'Z';
  if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const time = m[2] ?? '00:00:00';
  const ms = Date.parse(`${m[1]}T${time.length === 5 ? `${time}:00` : time}${zone}`);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/** Validates `user`, `action` (repeatable), `timestamp_after` and `timestamp_before`; 400 as django-filter words it. */
export function parseChangeFilters(query: Record<string, unknown>): ChangeFilters {
  const errors: FieldError[] = [];
  const out: ChangeFilters = {};
  const user = asList(query.user).at(-1);
  if (user) out.user = user;
  const actions = asList(query.action).filter((a) => a !== '');
  for (const a of actions) {
    if (!/^\d+$/.test(a) || ACTION_NAMES[Number(a)] === undefined) {
      errors.push({ code: 'invalid_choice', detail: `Select a valid choice. ${a} is not one of the available choices.`, attr: 'action' });
    }
  }
  if (actions.length) out.actions = [...new Set(actions.map(Number))];
  for (const [param, key] of [['timestamp_after', 'after'], ['timestamp_before', 'before']] as const) {
    const raw = asList(query[param]).at(-1);
    if (!raw) continue;
    const parsed = parseTimestamp(raw);
    if (parsed === null) errors.push({ code: 'invalid', detail: 'Enter a valid date/time.', attr: param });
    else out[key] = parsed;
  }
  if (errors.length) throw new ValidationError(errors);
  return out;
}

export class ChangesService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  async record(db: Executor, change: ChangeInput): Promise<void> {
    await this.recordMany(db, [change]);
  }

  /**
   * Records many changes with multi-row inserts (bulk uploads); last_change/last_author are set once
   * per translation from the last content change.
   */
  async recordMany(db: Executor, changes: readonly ChangeInput[]): Promise<void> {
    if (changes.length === 0) return;
    const timestamp = nowIso();
    const rows = changes.map((change) => ({
      action: change.action,
      timestamp,
      user_id: change.userId ?? null,
      author_id: change.authorId ?? change.userId ?? null,
      project_id: change.projectId ?? null,
      component_id: change.componentId ?? null,
      translation_id: change.translationId ?? null,
      unit_id: change.unitId ?? null,
      language_id: change.languageId ?? null,
      target: change.target ?? '',
      old: change.old ?? '',
      details: JSON.stringify(change.details ?? {}),
    }));
    for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('changes').values(rows.slice(i, i + BATCH)).execute();
    const lastByTranslation = new Map<number, ChangeInput>();
    for (const change of changes) if (change.translationId && CONTENT_ACTIONS.has(change.action)) lastByTranslation.set(change.translationId, change);
    for (const [translationId, change] of lastByTranslation) {
      await db.updateTable('translations').set({ last_change: timestamp, last_author_id: change.authorId ?? change.userId ?? null }).where('id', '=', translationId).execute();
    }
    // User statistics count real actions: one per translated string, whoever's name it goes under.
    const translatedBy = new Map<number, number>();
    for (const change of changes) {
      const author = change.authorId ?? change.userId;
      if (author && TRANSLATION_ACTIONS.has(change.action)) translatedBy.set(author, (translatedBy.get(author) ?? 0) + 1);
    }
    for (const [userId, n] of translatedBy) {
      await db.updateTable('users').set((eb) => ({ stat_translated: eb('stat_translated', '+', n) })).where('id', '=', userId).execute();
    }
  }

  /** Content changes within the six hours before the latest one, over a set of translations. */
  async recentChanges(db: Executor, translationIds: number[] | null, lastChange: string | null): Promise<number> {
    if (!lastChange || (translationIds && translationIds.length === 0)) return 0;
    const since = new Date(Date.parse(lastChange) - RECENT_WINDOW_MS).toISOString();
    let q = db
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'in', [...CONTENT_ACTIONS])
      .where('timestamp', '>=', since)
      .where('timestamp', '<=', lastChange);
    if (translationIds) q = q.where('translation_id', 'in', translationIds);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The changes the actor may see within a scope, filtered. A change belongs to
   * the project it names and is visible to whoever may see that project (the SQL filter of every
   * project list). Changes naming no project – site-wide ones such as "Project removed" or memberships
   * of site-wide teams – and changes of projects removed since are visible to superusers only: they
   * may name private projects, and users nobody else should learn about.
   */
  visibleQuery(actor: Actor, scope: ChangeScope = {}, filters: ChangeFilters = {}) {
    let q = this.db.selectFrom('changes');
    if (!actor.isSuperuser) {
      const visible = this.access.visibleProjects(actor);
      q = q.where('changes.project_id', 'in', (eb) => {
        const projects = eb.selectFrom('projects').select('projects.id');
        return visible ? projects.where(visible) : projects;
      });
    }
    if (scope.projectId !== undefined) q = q.where('changes.project_id', '=', scope.projectId);
    if (scope.componentId !== undefined) q = q.where('changes.component_id', '=', scope.componentId);
    if (scope.translationId !== undefined) q = q.where('changes.translation_id', '=', scope.translationId);
    if (scope.languageId !== undefined) {
      const languageId = scope.languageId;
      q = q.where((eb) =>
        eb.or([
          eb('changes.language_id', '=', languageId),
          eb('changes.translation_id', 'in', eb.selectFrom('translations').select('translations.id').where('translations.language_id', '=', languageId)),
        ]),
      );
    }
    if (filters.user !== undefined) {
      const username = filters.user;
      q = q.where('changes.user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.username', '=', username));
    }
    if (filters.actions?.length) q = q.where('changes.action', 'in', filters.actions);
    if (filters.after !== undefined) q = q.where('changes.timestamp', '>=', filters.after);
    if (filters.before !== undefined) q = q.where('changes.timestamp', '<=', filters.before);
    return q;
  }

  /** One page of visible changes, newest first. */
  async page(actor: Actor, scope: ChangeScope, filters: ChangeFilters, limit: number, offset: number): Promise<ChangeRow[]> {
    return this.visibleQuery(actor, scope, filters).selectAll('changes').orderBy('changes.id', 'desc').limit(limit).offset(offset).execute();
  }

  /** One change by id, if the actor may see it. */
  async getVisible(actor: Actor, id: number): Promise<ChangeRow | undefined> {
    return this.visibleQuery(actor).selectAll('changes').where('changes.id', '=', id).executeTakeFirst();
  }

  /** Loads the users, projects, components, translations and units a page of changes refers to: five queries, whatever the page size. */
  async refs(rows: readonly ChangeRow[]): Promise<ChangeRefs> {
    const ids = (pick: (r: ChangeRow) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
    const userIds = [...new Set([...ids((r) => r.user_id), ...ids((r) => r.author_id)])];
    const projectIds = ids((r) => r.project_id);
    const componentIds = ids((r) => r.component_id);
    const translationIds = ids((r) => r.translation_id);
    const unitIds = ids((r) => r.unit_id);
    const [users, projects, components, translations, units] = await Promise.all([
      userIds.length ? this.db.selectFrom('users').select(['id', 'username', 'full_name']).where('id', 'in', userIds).execute() : [],
      projectIds.length ? this.db.selectFrom('projects').select(['id', 'slug', 'name']).where('id', 'in', projectIds).execute() : [],
      componentIds.length
        ? this.db
            .selectFrom('components')
            .innerJoin('projects', 'projects.id', 'components.project_id')
            .select(['components.id', sql<string>`components.category_path || components.slug`.as('slug'), 'components.name', 'projects.slug as project', 'projects.name as project_name'])
            .where('components.id', 'in', componentIds)
            .execute()
        : [],
      translationIds.length
        ? this.db
            .selectFrom('translations')
            .innerJoin('components', 'components.id', 'translations.component_id')
            .innerJoin('projects', 'projects.id', 'components.project_id')
            .innerJoin('languages', 'languages.id', 'translations.language_id')
            .select(['translations.id', sql<string>`components.category_path || components.slug`.as('component'), 'components.name as component_name', 'projects.slug as project', 'projects.name as project_name', 'languages.code as language', 'languages.name as language_name'])
            .where('translations.id', 'in', translationIds)
            .execute()
        : [],
      unitIds.length ? this.db.selectFrom('units').select('id').where('id', 'in', unitIds).execute() : [],
    ]);
    return {
      users: new Map(users.map((u) => [u.id, { username: u.username, fullName: u.full_name }])),
      projects: new Map(projects.map((p) => [p.id, { slug: p.slug, name: p.name }])),
      components: new Map(components.map((c) => [c.id, { project: c.project, component: c.slug, name: c.name, projectName: c.project_name }])),
      translations: new Map(
        translations.map((t) => [t.id, { project: t.project, component: t.component, language: t.language, projectName: t.project_name, componentName: t.component_name, languageName: t.language_name }]),
      ),
      units: new Set(units.map((u) => u.id)),
    };
  }
}
