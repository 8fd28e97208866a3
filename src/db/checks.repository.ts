// Check rows (the failing quality checks of units) and what the checks of a translation read.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import { STATE_READONLY } from '../domain/unit-states.js';
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
    .select(['components.check_flags as component_flags', 'components.enforced_checks', 'projects.id as project_id', 'projects.check_flags as project_flags', 'sl.code as source_language', 'sl.id as source_language_id'])
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

/** Inserts check rows (one statement: callers keep the list under the parameter limits). */
export async function insertCheckRows(db: Executor, rows: { unit_id: number; name: string; dismissed: number }[]): Promise<void> {
  await db.insertInto('checks').values(rows).execute();
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
