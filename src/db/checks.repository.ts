// Check rows (the failing quality checks of units) and what the checks of a translation read.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import { STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';
import { unitsOfComponent, unitsWithComponents } from './unit-lists.repository.js';

/** A translation's plural rule and language code (a check scope's translation facts). */
export function translationCheckFacts(db: Executor, translationId: number) {
  return db
    .selectFrom('translations')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .select(['translations.component_id', 'translations.language_id', 'translations.is_source', 'translations.plural_source', 'translations.plural_number', 'translations.plural_formula', 'translations.plural_categories', 'languages.code'])
    .where('translations.id', '=', translationId)
    .executeTakeFirstOrThrow();
}

/** A component's and its project's check flags, its enforced checks and its source language (a check scope's component facts). */
export function componentCheckFacts(db: Executor, componentId: number) {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages as sl', 'sl.id', 'components.source_language_id')
    .select(['components.check_flags as component_flags', 'components.enforced_checks', 'components.is_glossary', 'projects.id as project_id', 'projects.check_flags as project_flags', 'sl.code as source_language', 'sl.id as source_language_id'])
    .where('components.id', '=', componentId)
    .executeTakeFirstOrThrow();
}

/** The ids of a component's translations other than its source (the ones that have checks). */
export async function nonSourceTranslationIds(db: Executor, componentId: number): Promise<number[]> {
  const rows = await db.selectFrom('translations').select('id').where('component_id', '=', componentId).where('is_source', '=', 0).execute();
  return rows.map((r) => r.id);
}

/** A language's code. */
export async function languageCode(db: Executor, languageId: number): Promise<string> {
  const row = await db.selectFrom('languages').select('code').where('id', '=', languageId).executeTakeFirstOrThrow();
  return row.code;
}

/** Flags and extra flags of the component's source units that have any (few: most strings have none). */
export function flaggedSourceUnits(db: Executor, componentId: number): Promise<{ id: number; flags: string; extra_flags: string }[]> {
  return unitsOfComponent(db, componentId)
    .select(['units.id', 'units.flags', 'units.extra_flags'])
    .where('translations.is_source', '=', 1)
    .where((eb) => eb.or([eb('units.flags', '<>', ''), eb('units.extra_flags', '<>', '')]))
    .execute();
}

/** A source unit's flags and extra flags. */
export function sourceUnitFlags(db: Executor, sourceUnitId: number): Promise<{ flags: string; extra_flags: string } | undefined> {
  return db.selectFrom('units').select(['flags', 'extra_flags']).where('id', '=', sourceUnitId).executeTakeFirst();
}

/** The stored check rows of a translation's units. */
export function checkRowsOfTranslation(db: Executor, translationId: number): Promise<{ unit_id: number; name: string; dismissed: number }[]> {
  return db
    .selectFrom('checks')
    .innerJoin('units', 'units.id', 'checks.unit_id')
    .select(['checks.unit_id', 'checks.name', 'checks.dismissed'])
    .where('units.translation_id', '=', translationId)
    .execute();
}

/** The stored check rows of one unit. */
export function checkRowsOfUnit(db: Executor, unitId: number): Promise<{ name: string; dismissed: number }[]> {
  return db.selectFrom('checks').select(['name', 'dismissed']).where('unit_id', '=', unitId).execute();
}

/** Deletes the check rows of these units (one statement: callers keep the list under the parameter limits). */
export async function deleteChecksOfUnits(db: Executor, unitIds: number[]): Promise<void> {
  await db.deleteFrom('checks').where('unit_id', 'in', unitIds).execute();
}

/** Deletes one check row of a unit. */
export async function deleteCheckOfUnit(db: Executor, unitId: number, name: string): Promise<void> {
  await db.deleteFrom('checks').where('unit_id', '=', unitId).where('name', '=', name).execute();
}

/**
 * What a re-check of a stored unit reads (its text, flags and state, what its translation's counters count) with its
 * check rows, from `units` left-joined with `checks` (foldChecks folds them).
 */
const CHECKED_UNIT_COLUMNS = [
  'units.id',
  'units.translation_id',
  'units.source',
  'units.state',
  'units.flags',
  'units.num_words',
  'units.num_chars',
  'units.has_failing_check',
  'units.has_suggestion',
  'units.has_comment',
  'checks.name as check_name',
  'checks.dismissed as check_dismissed',
] as const;

/** Units as the `reused` check of a partner string reads them, with their source string's extra flags and their check rows (one statement). */
export async function unitsForReusedCheck(db: Executor, ids: readonly number[]) {
  const rows = await db
    .selectFrom('units')
    .leftJoin('units as su', 'su.id', 'units.source_unit_id')
    .leftJoin('checks', 'checks.unit_id', 'units.id')
    .select([...CHECKED_UNIT_COLUMNS, 'units.target', 'su.extra_flags'])
    .where('units.id', 'in', [...ids])
    .execute();
  return foldChecks(rows);
}

/** Inserts check rows (one statement: callers keep the list under the parameter limits). */
export async function insertCheckRows(db: Executor, rows: { unit_id: number; name: string; dismissed: number }[]): Promise<void> {
  await db.insertInto('checks').values(rows).execute();
}

/**
 * targetsOfSameSource for several sources at once (bulk edits): each source with the targets it has in the
 * project's other components, in one language, read-only units left out.
 */
export async function targetsOfSameSources(
  db: Executor,
  where: { projectId: number; componentId: number; languageId: number },
  sources: readonly string[],
): Promise<{ source: string; target: string }[]> {
  if (sources.length === 0) return [];
  return unitsWithComponents(db)
    .select(['units.source', 'units.target'])
    .where('components.project_id', '=', where.projectId)
    .where('components.id', '<>', where.componentId)
    .where('translations.language_id', '=', where.languageId)
    .where('units.source', 'in', [...sources])
    .where('units.state', '<>', STATE_READONLY)
    .execute();
}

/**
 * The targets of the same source in the project's other components, in one language (the `inconsistent`
 * check), read-only units left out; at most `limit`.
 */
export async function targetsOfSameSource(
  db: Executor,
  where: { projectId: number; componentId: number; languageId: number; source: string },
  limit: number,
): Promise<string[]> {
  const rows = await unitsWithComponents(db)
    .select(['units.target'])
    .where('components.project_id', '=', where.projectId)
    .where('components.id', '<>', where.componentId)
    .where('translations.language_id', '=', where.languageId)
    .where('units.source', '=', where.source)
    .where('units.state', '<>', STATE_READONLY)
    .limit(limit)
    .execute();
  return rows.map((r) => r.target);
}

/**
 * The sources of the project's translated units in one language whose target is one of `targets` (the
 * `reused` check), read-only units left out; one statement (callers keep `targets` under the parameter
 * limits). No index covers `target`: the database reads the language's units of the project once per call.
 */
export function unitsWithTargets(
  db: Executor,
  where: { projectId: number; languageId: number },
  targets: readonly string[],
  limit?: number,
): Promise<{ id: number; translation_id: number; source: string; target: string }[]> {
  let q = unitsWithComponents(db)
    .select(['units.id', 'units.translation_id', 'units.source', 'units.target'])
    .where('components.project_id', '=', where.projectId)
    .where('translations.language_id', '=', where.languageId)
    .where('translations.is_source', '=', 0)
    .where('units.target', 'in', [...targets])
    .where('units.state', '>=', STATE_TRANSLATED)
    .where('units.state', '<>', STATE_READONLY);
  if (limit !== undefined) q = q.limit(limit);
  return q.execute();
}

/** A unit's stored check rows, as read by a join: one row per check, or one with name null. */
type JoinedChecks<T> = T & { check_name: string | null; check_dismissed: number | null };

/** Folds the rows of a unit-to-checks left join into one unit each, its check rows in `checks` (name → dismissed). */
function foldChecks<T extends { id: number }>(rows: JoinedChecks<T>[]): (T & { checks: Map<string, number> })[] {
  const byId = new Map<number, T & { checks: Map<string, number> }>();
  for (const row of rows) {
    const { check_name, check_dismissed, ...unit } = row;
    let entry = byId.get(row.id);
    if (!entry) byId.set(row.id, (entry = { ...(unit as unknown as T), checks: new Map() }));
    if (check_name !== null) entry.checks.set(check_name, Number(check_dismissed));
  }
  return [...byId.values()];
}

/**
 * Source units as the source checks read them, in one statement: the unit, its stored check rows, and its
 * translations (the units linked to it, itself left out): how many, how many translated, how many failing (one
 * per language). Callers keep `ids` under the parameter limits.
 */
export async function sourceUnitsForChecks(db: Executor, ids: readonly number[]) {
  const rows = await db
    .selectFrom('units')
    .leftJoin('checks', 'checks.unit_id', 'units.id')
    .select([
      ...CHECKED_UNIT_COLUMNS,
      'units.extra_flags',
      'units.timestamp',
      sql<number>`(select count(*) from units t where t.source_unit_id = units.id and t.id <> units.id)`.as('translations'),
      sql<number>`(select count(*) from units t where t.source_unit_id = units.id and t.id <> units.id and t.state >= ${STATE_TRANSLATED})`.as('translated'),
      sql<number>`(select count(*) from units t where t.source_unit_id = units.id and t.id <> units.id and t.has_failing_check <> 0)`.as('failing'),
    ])
    .where('units.id', 'in', [...ids])
    .execute();
  return foldChecks(rows).map((u) => ({ ...u, translations: Number(u.translations), translated: Number(u.translated), failing: Number(u.failing) }));
}

/** The translated and total strings of a component's translations (its source left out), from the counters. */
export async function componentTranslatedCounts(db: Executor, componentId: number): Promise<{ translated: number; total: number }> {
  const row = await db
    .selectFrom('translations')
    .select([sql<number>`coalesce(sum(translated), 0)`.as('translated'), sql<number>`coalesce(sum(total), 0)`.as('total')])
    .where('component_id', '=', componentId)
    .where('is_source', '=', 0)
    .executeTakeFirst();
  return { translated: Number(row?.translated ?? 0), total: Number(row?.total ?? 0) };
}

/** The stored check rows of these units (one statement: callers keep `ids` under the parameter limits). */
export function checkRowsOfUnits(db: Executor, ids: readonly number[]): Promise<{ unit_id: number; name: string; dismissed: number }[]> {
  return db.selectFrom('checks').select(['unit_id', 'name', 'dismissed']).where('unit_id', 'in', [...ids]).execute();
}

/** The component of a unit's translation. */
export async function componentOfUnit(db: Executor, unitId: number): Promise<number | undefined> {
  const row = await db.selectFrom('units').innerJoin('translations', 'translations.id', 'units.translation_id').select('translations.component_id').where('units.id', '=', unitId).executeTakeFirst();
  return row?.component_id;
}

/** The source units of a component (every one of them, for a full re-check). */
export async function sourceUnitIdsOfComponent(db: Executor, componentId: number): Promise<number[]> {
  const rows = await unitsOfComponent(db, componentId).select('units.id').where('translations.is_source', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** The components whose source strings the daily run has not checked since `before` (or ever). */
export async function componentsDueForSourceChecks(db: Executor, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom('components')
    .select('id')
    .where((eb) => eb.or([eb('source_checks_at', 'is', null), eb('source_checks_at', '<', before)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a component's daily source check for this process: true when the component was still due (one statement,
 * so that of several processes asking at once only one gets it).
 */
export async function claimSourceChecks(db: Executor, componentId: number, now: string, before: string): Promise<boolean> {
  const result = await db
    .updateTable('components')
    .set({ source_checks_at: now })
    .where('id', '=', componentId)
    .where((eb) => eb.or([eb('source_checks_at', 'is', null), eb('source_checks_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The source units of a component added at `olderThan` or before. */
export async function oldSourceUnitIdsOfComponent(db: Executor, componentId: number, olderThan: string): Promise<number[]> {
  const rows = await unitsOfComponent(db, componentId).select('units.id').where('translations.is_source', '=', 1).where('units.timestamp', '<=', olderThan).execute();
  return rows.map((r) => r.id);
}

/** Number of active (non-dismissed) failing checks, site-wide (metrics). */
export async function countActiveChecks(db: Executor): Promise<number> {
  const row = await db.selectFrom('checks').select(sql<number>`count(*)`.as('n')).where('dismissed', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one stored check of a unit dismissed (1) or active again (0); the number of rows found (0: the check does not fail there). */
export async function setCheckDismissed(db: Executor, unitId: number, name: string, dismissed: 0 | 1): Promise<number> {
  const result = await db.updateTable('checks').set({ dismissed }).where('unit_id', '=', unitId).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
