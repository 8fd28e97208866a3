// Change rows: inserting them, the bookkeeping other tables keep from them, and the change lists' queries.
import { sql, type Insertable } from 'kysely';
import type { Executor } from './database.js';
import type { ChangeRow, ChangesTable } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import { namesVisibleComponent, type ComponentsFilter } from './components.repository.js';

const BATCH = 200; // 12 columns per row: under both engines' bound-parameter limits

/** Inserts change rows, in multi-row statements. */
export async function insertChanges(db: Executor, rows: readonly Insertable<ChangesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('changes').values(rows.slice(i, i + BATCH)).execute();
}

/** A translation's last content change: when, and by whom (last_change / last_author). */
export async function setTranslationLastChange(db: Executor, translationId: number, timestamp: string, authorId: number | null): Promise<void> {
  await db.updateTable('translations').set({ last_change: timestamp, last_author_id: authorId }).where('id', '=', translationId).execute();
}

/** Adds `n` translated strings to a user's statistics (`col = col + n`: concurrent writers never lose one). */
export async function addTranslatedToUser(db: Executor, userId: number, n: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ stat_translated: eb('stat_translated', '+', n) })).where('id', '=', userId).execute();
}

/** Changes with one of `actions` between `since` and `until` (inclusive), over some translations or all. */
export async function countChangesBetween(db: Executor, actions: readonly number[], since: string, until: string, translationIds: number[] | null): Promise<number> {
  let q = db
    .selectFrom('changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', 'in', [...actions])
    .where('timestamp', '>=', since)
    .where('timestamp', '<=', until);
  if (translationIds) q = q.where('translation_id', 'in', translationIds);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The target of a unit's latest change with one of `actions` that left it non-empty (the `translated` check). */
export async function lastNonEmptyTarget(db: Executor, unitId: number, actions: readonly number[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('changes')
    .select('target')
    .where('unit_id', '=', unitId)
    .where('target', '<>', '')
    .where('action', 'in', [...actions])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.target;
}

/** lastNonEmptyTarget of several units (bulk edits): each unit's last non-empty target among those actions. */
export async function lastNonEmptyTargets(db: Executor, unitIds: readonly number[], actions: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (unitIds.length === 0) return out;
  const rows = await db
    .selectFrom('changes')
    .select(['unit_id', 'target'])
    .where('unit_id', 'in', [...unitIds])
    .where('target', '<>', '')
    .where('action', 'in', [...actions])
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) if (r.unit_id !== null && !out.has(r.unit_id)) out.set(r.unit_id, r.target);
  return out;
}

/** Which changes a list shows: its scope, its filters, and the projects the caller may see. */
export interface ChangeListWhere {
  /**
   * undefined: every change (superusers); null: the changes of existing projects; a filter: the changes of
   * the projects it selects. Changes naming no project are left out unless undefined.
   */
  projects?: ProjectsFilter;
  /** Changes of components this filter leaves out (restricted ones the caller may not see) are not listed. */
  components?: ComponentsFilter;
  projectId?: number;
  componentId?: number;
  translationId?: number;
  languageId?: number;
  user?: string;
  actions?: number[];
  after?: string;
  before?: string;
}

/** The query of the changes a list shows, to count, page or look one up in. */
function changesWhere(db: Executor, w: ChangeListWhere) {
  let q = db.selectFrom('changes');
  if (w.projects !== undefined) {
    const visible = w.projects;
    q = q.where('changes.project_id', 'in', (eb) => {
      const projects = eb.selectFrom('projects').select('projects.id');
      return visible ? projects.where(visible) : projects;
    });
  }
  if (w.components) q = q.where(namesVisibleComponent('changes.component_id', w.components));
  if (w.projectId !== undefined) q = q.where('changes.project_id', '=', w.projectId);
  if (w.componentId !== undefined) q = q.where('changes.component_id', '=', w.componentId);
  if (w.translationId !== undefined) q = q.where('changes.translation_id', '=', w.translationId);
  if (w.languageId !== undefined) {
    const languageId = w.languageId;
    q = q.where((eb) =>
      eb.or([
        eb('changes.language_id', '=', languageId),
        eb('changes.translation_id', 'in', eb.selectFrom('translations').select('translations.id').where('translations.language_id', '=', languageId)),
      ]),
    );
  }
  if (w.user !== undefined) {
    const username = w.user;
    q = q.where('changes.user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.username', '=', username));
  }
  if (w.actions?.length) q = q.where('changes.action', 'in', w.actions);
  if (w.after !== undefined) q = q.where('changes.timestamp', '>=', w.after);
  if (w.before !== undefined) q = q.where('changes.timestamp', '<=', w.before);
  return q;
}

/** How many changes a list shows. */
export async function countChangesWhere(db: Executor, where: ChangeListWhere): Promise<number> {
  const row = await changesWhere(db, where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of the changes a list shows, newest first. */
export function changesPage(db: Executor, where: ChangeListWhere, limit: number, offset: number): Promise<ChangeRow[]> {
  return changesWhere(db, where).selectAll('changes').orderBy('changes.id', 'desc').limit(limit).offset(offset).execute();
}

/** One change by id, if the list would show it. */
export function changeWhere(db: Executor, where: ChangeListWhere, id: number): Promise<ChangeRow | undefined> {
  return changesWhere(db, where).selectAll('changes').where('changes.id', '=', id).executeTakeFirst();
}

/** The ids a page of changes refers to. */
export interface ChangeRefIds {
  userIds: number[];
  projectIds: number[];
  componentIds: number[];
  translationIds: number[];
  unitIds: number[];
}

/** The users, projects, components, translations and units a page of changes refers to: five queries at once, none for an empty list. */
export async function changeRefRows(db: Executor, ids: ChangeRefIds) {
  const [users, projects, components, translations, units] = await Promise.all([
    ids.userIds.length ? db.selectFrom('users').select(['id', 'username', 'full_name']).where('id', 'in', ids.userIds).execute() : [],
    ids.projectIds.length ? db.selectFrom('projects').select(['id', 'slug', 'name']).where('id', 'in', ids.projectIds).execute() : [],
    ids.componentIds.length
      ? db
          .selectFrom('components')
          .innerJoin('projects', 'projects.id', 'components.project_id')
          .select(['components.id', sql<string>`components.category_path || components.slug`.as('slug'), 'components.name', 'projects.slug as project', 'projects.name as project_name'])
          .where('components.id', 'in', ids.componentIds)
          .execute()
      : [],
    ids.translationIds.length
      ? db
          .selectFrom('translations')
          .innerJoin('components', 'components.id', 'translations.component_id')
          .innerJoin('projects', 'projects.id', 'components.project_id')
          .innerJoin('languages', 'languages.id', 'translations.language_id')
          .select(['translations.id', sql<string>`components.category_path || components.slug`.as('component'), 'components.name as component_name', 'projects.slug as project', 'projects.name as project_name', 'languages.code as language', 'languages.name as language_name'])
          .where('translations.id', 'in', ids.translationIds)
          .execute()
      : [],
    ids.unitIds.length ? db.selectFrom('units').select('id').where('id', 'in', ids.unitIds).execute() : [],
  ]);
  return { users, projects, components, translations, units };
}

// ---------------------------------------------------------------- change feeds (add-ons, notifications)

/** Up to `limit` changes after `from`, in id order. */
export function changesAfter(db: Executor, from: number, limit: number): Promise<ChangeRow[]> {
  return db.selectFrom('changes').selectAll().where('id', '>', from).orderBy('id').limit(limit).execute();
}

/** The xmin and xmax of a current PostgreSQL snapshot, as text (they are 64-bit). */
export async function currentSnapshot(db: Executor): Promise<{ xmin: string; xmax: string }> {
  return (await sql<{ xmin: string; xmax: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(db)).rows[0]!;
}
