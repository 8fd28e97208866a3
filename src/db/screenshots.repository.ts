// Screenshots with the project, component and language of their translation, and the source units they show.
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from './database.js';
import type { ScreenshotsTable } from './schema.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';
import { visibleTranslations } from './translations.repository.js';

/** Screenshots joined with their translation's component, project and language. */
function withPlace(db: Executor) {
  return db
    .selectFrom('screenshots')
    .innerJoin('translations', 'translations.id', 'screenshots.translation_id')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .selectAll('screenshots')
    .select([
      'projects.id as p_id',
      'projects.access_control as p_access',
      'projects.slug as p_slug',
      'components.id as c_id',
      'components.restricted as c_restricted',
      'components.slug as c_slug',
      'components.category_path as c_path',
      'languages.id as l_id',
      'languages.code as l_code',
    ]);
}

/** A screenshot row with its project (p_), component (c_) and language (l_). */
export type ScreenshotPlaceRow = Awaited<ReturnType<ReturnType<typeof withPlace>['executeTakeFirstOrThrow']>>;

function visible(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, componentId?: number) {
  let q = withPlace(db);
  if (filter) q = q.where(filter);
  if (components) q = q.where(components);
  if (componentId !== undefined) q = q.where('components.id', '=', componentId);
  return q;
}

/** Screenshots of the projects and components the filters select (every one without them), or of one component of them. */
export async function countVisibleScreenshots(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, componentId?: number): Promise<number> {
  const q = visible(db, filter, components, componentId).clearSelect().select((eb) => eb.fn.countAll<number>().as('n'));
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function visibleScreenshotsPage(db: Executor, filter: ProjectsFilter, components: ComponentsFilter, limit: number, offset: number, componentId?: number): Promise<ScreenshotPlaceRow[]> {
  return visible(db, filter, components, componentId).orderBy('screenshots.id').limit(limit).offset(offset).execute();
}

export function screenshotById(db: Executor, id: number): Promise<ScreenshotPlaceRow | undefined> {
  return withPlace(db).where('screenshots.id', '=', id).executeTakeFirst();
}

/** The unit links of these screenshots, in unit id order. */
export function unitLinksOf(db: Executor, screenshotIds: number[]): Promise<{ screenshot_id: number; unit_id: number }[]> {
  return db.selectFrom('screenshot_units').select(['screenshot_id', 'unit_id']).where('screenshot_id', 'in', screenshotIds).orderBy('unit_id').execute();
}

/**
 * The translation named by project slug, component slug (and category path, when given) and language
 * code, with its project's access control and its component's restriction; an uncategorized component first.
 */
export function translationBySlugs(db: Executor, projectSlug: string, categoryPath: string, componentSlug: string, languageCode: string) {
  let q = visibleTranslations(db, null, null)
    .select(['translations.id', 'translations.language_id', 'components.id as component_id', 'components.restricted', 'projects.id as project_id', 'projects.access_control'])
    .where('projects.slug', '=', projectSlug)
    .where('components.slug', '=', componentSlug)
    .where('languages.code', '=', languageCode);
  if (categoryPath) q = q.where('components.category_path', '=', categoryPath);
  return q.orderBy('components.category_path').executeTakeFirst();
}

export async function insertScreenshot(db: Executor, values: Insertable<ScreenshotsTable>): Promise<number> {
  const row = await db.insertInto('screenshots').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateScreenshot(db: Executor, id: number, set: Updateable<ScreenshotsTable>): Promise<void> {
  await db.updateTable('screenshots').set(set).where('id', '=', id).execute();
}

/** Deletes a screenshot and its unit links. */
export async function deleteScreenshot(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('screenshot_units').where('screenshot_id', '=', id).execute();
  await db.deleteFrom('screenshots').where('id', '=', id).execute();
}

/** A unit with its source unit and whether its translation is the source. */
export function unitForLink(db: Executor, unitId: number) {
  return db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .select(['units.id', 'units.source_unit_id', 'units.translation_id', 'translations.component_id', 'translations.is_source'])
    .where('units.id', '=', unitId)
    .executeTakeFirst();
}

export async function isUnitLinked(db: Executor, screenshotId: number, unitId: number): Promise<boolean> {
  const linked = await db.selectFrom('screenshot_units').select('unit_id').where('screenshot_id', '=', screenshotId).where('unit_id', '=', unitId).executeTakeFirst();
  return linked !== undefined;
}

export async function linkUnit(db: Executor, screenshotId: number, unitId: number): Promise<void> {
  await db.insertInto('screenshot_units').values({ screenshot_id: screenshotId, unit_id: unitId }).execute();
}

export async function unlinkUnit(db: Executor, screenshotId: number, unitId: number): Promise<void> {
  await db.deleteFrom('screenshot_units').where('screenshot_id', '=', screenshotId).where('unit_id', '=', unitId).execute();
}

/** Which of these storage keys a screenshot refers to. */
export async function storageKeysInUse(db: Executor, keys: string[]): Promise<Set<string>> {
  return new Set((await db.selectFrom('screenshots').select('storage_key').where('storage_key', 'in', keys).execute()).map((r) => r.storage_key));
}
