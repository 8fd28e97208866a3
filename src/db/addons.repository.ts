// Installed add-ons, their log and the change-feed cursor, and the reads and writes the built-in add-ons make.
import { type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from './database.js';
import { searchableUnits, unitsOfComponent } from './unit-lists.repository.js';
import type { AddonLogTable, AddonRow, AddonsTable, ChangeRow, ComponentRow, ProjectRow, TranslationRow, UnitRow } from './schema.js';

// ---------------------------------------------------------------- installed add-ons

/** An add-on row with the slugs its links need (`c_slug`, `cp_slug`, `p_slug`) and the projects' ids. */
function addonsWithSlugs(db: Executor) {
  return db
    .selectFrom('addons')
    .leftJoin('components', 'components.id', 'addons.component_id')
    .leftJoin('projects as cp', 'cp.id', 'components.project_id')
    .leftJoin('projects as pp', 'pp.id', 'addons.project_id')
    .selectAll('addons')
    .select(['components.slug as c_slug', 'cp.slug as cp_slug', 'pp.slug as p_slug', 'cp.id as cp_id', 'pp.id as pp_id']);
}

export type AddonWithSlugs = AddonRow & { c_slug: string | null; cp_slug: string | null; p_slug: string | null; cp_id: number | null; pp_id: number | null };

/** Every add-on with its slugs, by id. */
export function addonsWithSlugsAll(db: Executor): Promise<AddonWithSlugs[]> {
  return addonsWithSlugs(db).orderBy('addons.id').execute();
}

export function addonWithSlugsById(db: Executor, id: number): Promise<AddonWithSlugs | undefined> {
  return addonsWithSlugs(db).where('addons.id', '=', id).executeTakeFirst();
}

/** The add-ons installed on a component, by id. */
export function addonsWithSlugsOfComponent(db: Executor, componentId: number): Promise<AddonWithSlugs[]> {
  return addonsWithSlugs(db).where('addons.component_id', '=', componentId).orderBy('addons.id').execute();
}

/** The add-ons installed on a project (not on its components), by id. */
export function addonsWithSlugsOfProject(db: Executor, projectId: number): Promise<AddonWithSlugs[]> {
  return addonsWithSlugs(db).where('addons.project_id', '=', projectId).orderBy('addons.id').execute();
}

/** The ids of the add-ons installed on the given components, by add-on id. */
export function addonIdsOfComponents(db: Executor, componentIds: readonly number[]): Promise<{ id: number; component_id: number | null }[]> {
  return db.selectFrom('addons').select(['id', 'component_id']).where('component_id', 'in', [...componentIds]).orderBy('id').execute();
}

export function addonById(db: Executor, id: number): Promise<AddonRow | undefined> {
  return db.selectFrom('addons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The add-on (Kysely's NoResultError if it is gone). */
export function addonOfRow(db: Executor, id: number): Promise<AddonRow> {
  return db.selectFrom('addons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every add-on, by id. */
export function allAddons(db: Executor): Promise<AddonRow[]> {
  return db.selectFrom('addons').selectAll().orderBy('id').execute();
}

/** An add-on of this name on the component, if one is installed. */
export function addonOnComponent(db: Executor, componentId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('addons').select('id').where('component_id', '=', componentId).where('name', '=', name).executeTakeFirst();
}

/** An add-on of this name on the project itself, if one is installed. */
export function addonOnProject(db: Executor, projectId: number, name: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('addons').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
}

/** Whether an add-on of any of these names is installed anywhere. */
export async function anyAddonNamed(db: Executor, names: readonly string[]): Promise<boolean> {
  const row = await db.selectFrom('addons').select('id').where('name', 'in', [...names]).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The add-ons covering a component: its own, its project's and the site-wide ones (or only `addonId` of them), by id. */
export function addonsCovering(db: Executor, component: Pick<ComponentRow, 'id' | 'project_id'>, addonId?: number): Promise<AddonRow[]> {
  let q = db
    .selectFrom('addons')
    .selectAll()
    .where((eb) => eb.or([eb('component_id', '=', component.id), eb('project_id', '=', component.project_id), eb.and([eb('component_id', 'is', null), eb('project_id', 'is', null)])]))
    .orderBy('id');
  if (addonId !== undefined) q = q.where('id', '=', addonId);
  return q.execute();
}

/** The add-ons of a component other than those named `exceptName`. */
export function addonsOfComponentExcept(db: Executor, componentId: number, exceptName: string): Promise<AddonRow[]> {
  return db.selectFrom('addons').selectAll().where('component_id', '=', componentId).where('name', '!=', exceptName).execute();
}

export async function insertAddon(db: Executor, values: Insertable<AddonsTable>): Promise<number> {
  const row = await db.insertInto('addons').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an add-on without reading its id back. */
export async function insertAddonRow(db: Executor, values: Insertable<AddonsTable>): Promise<void> {
  await db.insertInto('addons').values(values).execute();
}

export async function updateAddonConfiguration(db: Executor, id: number, configuration: string): Promise<void> {
  await db.updateTable('addons').set({ configuration }).where('id', '=', id).execute();
}

/** Replaces an add-on's state (JSON). */
export async function updateAddonState(db: Executor, id: number, state: string): Promise<void> {
  await db.updateTable('addons').set({ state }).where('id', '=', id).execute();
}

/** An add-on's state (JSON), or undefined when it is gone. */
export function addonState(db: Executor, id: number): Promise<{ state: string } | undefined> {
  return db.selectFrom('addons').select('state').where('id', '=', id).executeTakeFirst();
}

/** Records when an add-on last ran and how that ended. */
export async function markAddonRun(db: Executor, id: number, lastRun: string, lastError: string | null): Promise<void> {
  await db.updateTable('addons').set({ last_run: lastRun, last_error: lastError }).where('id', '=', id).execute();
}

export async function deleteAddon(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('addons').where('id', '=', id).execute();
}

// ---------------------------------------------------------------- the add-on log

export async function insertAddonLog(db: Executor, entry: Insertable<AddonLogTable>): Promise<void> {
  await db.insertInto('addon_log').values(entry).execute();
}

/** The most recent log entries of an add-on, newest first. */
export function addonLogOf(db: Executor, addonId: number, limit: number) {
  return db.selectFrom('addon_log').selectAll().where('addon_id', '=', addonId).orderBy('id', 'desc').limit(limit).execute();
}

// ---------------------------------------------------------------- what add-ons run on

/** The project of a component, found by the component's id. */
export function projectOfComponentId(db: Executor, componentId: number): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('components').select('project_id').where('id', '=', componentId))
    .executeTakeFirst();
}

/** The ids of every component, or of one project's components, in id order. */
export async function componentIdsIn(db: Executor, projectId: number | null): Promise<number[]> {
  const q = db.selectFrom('components').select('id').orderBy('id');
  const rows = projectId !== null ? await q.where('project_id', '=', projectId).execute() : await q.execute();
  return rows.map((r) => r.id);
}

/** A component's id and project, if it exists. */
export function componentScope(db: Executor, id: number): Promise<{ id: number; project_id: number } | undefined> {
  return db.selectFrom('components').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();
}

/** The components of a project. */
export function componentsOfProject(db: Executor, projectId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('project_id', '=', projectId).execute();
}

export function changeById(db: Executor, id: number): Promise<ChangeRow | undefined> {
  return db.selectFrom('changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The highest change id, 0 when there are none. */
export async function maxChangeId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The units named by changes of one action in a component with ids in (after, upTo]. */
export function unitIdsOfChanges(db: Executor, componentId: number, action: number, after: number, upTo: number): Promise<{ unit_id: number | null }[]> {
  return db.selectFrom('changes').select('unit_id').where('component_id', '=', componentId).where('action', '=', action).where('id', '>', after).where('id', '<=', upTo).execute();
}

/** A component's translations (with the source one when asked; only one when `translationId` is given) with their language codes, by language code. */
export function translationsOfComponent(db: Executor, componentId: number, opts: { includeSource: boolean; translationId?: number }): Promise<(TranslationRow & { l_code: string; l_name: string })[]> {
  let q = db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .selectAll('translations')
    .select(['languages.code as l_code', 'languages.name as l_name'])
    .where('translations.component_id', '=', componentId)
    .orderBy('translations.language_code');
  if (!opts.includeSource) q = q.where('translations.is_source', '=', 0);
  if (opts.translationId !== undefined) q = q.where('translations.id', '=', opts.translationId);
  return q.execute();
}

/** A translation of a component, by id or by language code. */
export function translationOfComponent(db: Executor, componentId: number, ref: number | string): Promise<TranslationRow | undefined> {
  const q = db.selectFrom('translations').selectAll().where('component_id', '=', componentId);
  return typeof ref === 'number' ? q.where('id', '=', ref).executeTakeFirst() : q.where('language_code', '=', ref).executeTakeFirst();
}

/** The units of a translation, in id order. */
export function unitsOfTranslationById(db: Executor, translationId: number): Promise<UnitRow[]> {
  return db.selectFrom('units').selectAll().where('translation_id', '=', translationId).orderBy('id').execute();
}

export type UnitWithTranslation = UnitRow & { is_source: number; language_id: number };

/** The units of a component with their translation's source flag and language (or only `ids` of them), by id. */
export function unitsWithTranslationOfComponent(db: Executor, componentId: number, ids?: readonly number[]): Promise<UnitWithTranslation[]> {
  let q = unitsOfComponent(db, componentId).selectAll('units').select(['translations.is_source', 'translations.language_id']).orderBy('units.id');
  if (ids) q = q.where('units.id', 'in', [...ids]);
  return q.execute();
}

/** The ids of a component's units matching a compiled search condition (all of them without one). */
export async function unitIdsMatching(db: Executor, componentId: number, where: RawBuilder<SqlBool> | null): Promise<number[]> {
  let q = searchableUnits(db).select('units.id').where('components.id', '=', componentId);
  if (where) q = q.where(where);
  return (await q.execute()).map((r) => r.id);
}

export async function setUnitExtraFlags(db: Executor, unitId: number, flags: string): Promise<void> {
  await db.updateTable('units').set({ extra_flags: flags }).where('id', '=', unitId).execute();
}

/** The same extra flags on several units (callers keep the list under the parameter limits). */
export async function setUnitsExtraFlags(db: Executor, unitIds: readonly number[], flags: string): Promise<void> {
  if (unitIds.length) await db.updateTable('units').set({ extra_flags: flags }).where('id', 'in', [...unitIds]).execute();
}

// ---------------------------------------------------------------- the change feed

/** Creates the change-feed cursor at `lastChangeId` unless it exists. */
export async function ensureChangeCursor(db: Executor, lastChangeId: number): Promise<void> {
  await db
    .insertInto('addon_change_cursor')
    .values({ id: 1, last_change_id: lastChangeId })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Moves the cursor forward to `to` (never back). */
export async function advanceChangeCursor(db: Executor, to: number): Promise<void> {
  await db.updateTable('addon_change_cursor').set({ last_change_id: to }).where('id', '=', 1).where('last_change_id', '<', to).execute();
}

export function changeCursor(db: Executor): Promise<{ last_change_id: number }> {
  return db.selectFrom('addon_change_cursor').select('last_change_id').where('id', '=', 1).executeTakeFirstOrThrow();
}

/** The cursor, locked for this transaction (PostgreSQL); undefined when another transaction holds it. */
export function lockedChangeCursor(tx: Executor): Promise<{ last_change_id: number } | undefined> {
  return tx.selectFrom('addon_change_cursor').select('last_change_id').where('id', '=', 1).forUpdate().skipLocked().executeTakeFirst();
}

export async function setChangeCursor(db: Executor, to: number): Promise<void> {
  await db.updateTable('addon_change_cursor').set({ last_change_id: to }).where('id', '=', 1).execute();
}

/** Moves the cursor from `from` to `to` only if nobody moved it meanwhile. */
export async function moveChangeCursor(db: Executor, from: number, to: number): Promise<void> {
  await db.updateTable('addon_change_cursor').set({ last_change_id: to }).where('id', '=', 1).where('last_change_id', '=', from).execute();
}
