// Records changes (in the caller's transaction), answers last_change/last_author/recent_changes, and
// reads the change lists and feeds: filtered by what the caller may see, in SQL.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ChangeRow } from '../../db/schema.js';
import { addTranslatedToUser, changeRefRows, changesPage, changeWhere, countChangesBetween, countChangesWhere, insertChanges, setTranslationLastChange, type ChangeListWhere } from '../../db/changes.repository.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { nowIso } from '../../shared/clock.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';
import { ACTION_NAMES, CONTENT_ACTIONS, TRANSLATION_ACTIONS } from '../../domain/change-actions.js';

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
    if (parsed === null) errors.push({ code: 'invalid', detail: msgid('Enter a valid date/time.'), attr: param });
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

  /** Records one change with its bookkeeping (see recordMany). */
  async record(db: Executor, change: ChangeInput): Promise<void> {
    await this.recordMany(db, [change]);
  }

  /**
   * Records changes with their bookkeeping, in three steps that callers may also take one by one (the
   * unit edit does): the rows (insert), the translations' last change (noteLastChanges) and the authors'
   * statistics (countTranslated).
   */
  async recordMany(db: Executor, changes: readonly ChangeInput[]): Promise<void> {
    if (changes.length === 0) return;
    const timestamp = await this.insert(db, changes);
    await this.noteLastChanges(db, changes, timestamp);
    await this.countTranslated(db, changes);
  }

  /** Inserts the change rows (multi-row statements for bulk uploads), nothing else; resolves to their timestamp. */
  async insert(db: Executor, changes: readonly ChangeInput[]): Promise<string> {
    const timestamp = nowIso();
    await insertChanges(
      db,
      changes.map((change) => ({
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
      })),
    );
    return timestamp;
  }

  /** last_change/last_author of each translation, set once from its last content change among `changes`. */
  async noteLastChanges(db: Executor, changes: readonly ChangeInput[], timestamp: string): Promise<void> {
    const lastByTranslation = new Map<number, ChangeInput>();
    for (const change of changes) if (change.translationId && CONTENT_ACTIONS.has(change.action)) lastByTranslation.set(change.translationId, change);
    for (const [translationId, change] of lastByTranslation) await setTranslationLastChange(db, translationId, timestamp, change.authorId ?? change.userId ?? null);
  }

  /** User statistics count real actions: one per translated string, whoever's name it goes under. */
  async countTranslated(db: Executor, changes: readonly ChangeInput[]): Promise<void> {
    const translatedBy = new Map<number, number>();
    for (const change of changes) {
      const author = change.authorId ?? change.userId;
      if (author && TRANSLATION_ACTIONS.has(change.action)) translatedBy.set(author, (translatedBy.get(author) ?? 0) + 1);
    }
    for (const [userId, n] of translatedBy) await addTranslatedToUser(db, userId, n);
  }

  /** Content changes within the six hours before the latest one, over a set of translations. */
  async recentChanges(db: Executor, translationIds: number[] | null, lastChange: string | null): Promise<number> {
    if (!lastChange || (translationIds && translationIds.length === 0)) return 0;
    const since = new Date(Date.parse(lastChange) - RECENT_WINDOW_MS).toISOString();
    return countChangesBetween(db, [...CONTENT_ACTIONS], since, lastChange, translationIds);
  }

  /**
   * The changes the actor may see within a scope, filtered. A change belongs to
   * the project it names and is visible to whoever may see that project (the SQL filter of every
   * project list). Changes naming no project – site-wide ones such as "Project removed" or memberships
   * of site-wide teams – and changes of projects removed since are visible to superusers only: they
   * may name private projects, and users nobody else should learn about. Changes of a restricted
   * component are visible to those who see the component.
   */
  private visible(actor: Actor, scope: ChangeScope, filters: ChangeFilters): ChangeListWhere {
    return { ...(actor.isSuperuser ? {} : { projects: this.access.visibleProjects(actor), components: this.access.visibleComponents(actor) }), ...scope, ...filters };
  }

  /** How many changes the actor may see within a scope, filtered. */
  async count(actor: Actor, scope: ChangeScope, filters: ChangeFilters): Promise<number> {
    return countChangesWhere(this.db, this.visible(actor, scope, filters));
  }

  /** One page of visible changes, newest first. */
  async page(actor: Actor, scope: ChangeScope, filters: ChangeFilters, limit: number, offset: number): Promise<ChangeRow[]> {
    return changesPage(this.db, this.visible(actor, scope, filters), limit, offset);
  }

  /** One change by id, if the actor may see it. */
  async getVisible(actor: Actor, id: number): Promise<ChangeRow | undefined> {
    return changeWhere(this.db, this.visible(actor, {}, {}), id);
  }

  /** Loads the users, projects, components, translations and units a page of changes refers to: five queries, whatever the page size. */
  async refs(rows: readonly ChangeRow[]): Promise<ChangeRefs> {
    const ids = (pick: (r: ChangeRow) => number | null) => [...new Set(rows.map(pick).filter((v): v is number => v !== null))];
    const userIds = [...new Set([...ids((r) => r.user_id), ...ids((r) => r.author_id)])];
    const projectIds = ids((r) => r.project_id);
    const componentIds = ids((r) => r.component_id);
    const translationIds = ids((r) => r.translation_id);
    const unitIds = ids((r) => r.unit_id);
    const { users, projects, components, translations, units } = await changeRefRows(this.db, { userIds, projectIds, componentIds, translationIds, unitIds });
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
