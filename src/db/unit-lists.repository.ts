// Unit reads: pages and counts of units (filtered by a compiled search), a unit with its links or with the rows it lives in, what the editor shows beside it.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { isSqlite, type Executor } from './database.js';
import type { ComponentRow, Database, LanguageRow, ProjectRow, TranslationRow, UnitRow } from './schema.js';
import { languageOfRow } from './languages.repository.js';
import { projectOfRow, type ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';
import { translationsIn } from './statistics.repository.js';
import { onUnitsAlone } from './unit-search/index.js';

/** A compiled search (`q`): one WHERE condition that the count and the page queries share; null = no filter. */
export type UnitFilter = Expression<SqlBool> | null;

/** A label as a unit shows it. */
export interface UnitLabel {
  id: number;
  name: string;
  description: string;
  color: string;
}

/** A unit row with the slugs its links need. */
export type UnitWithSlugsRow = UnitRow & { p_slug: string; c_slug: string; l_code: string };
/** A unit row with its slugs and the labels of its source string. */
export type LabeledUnitWithSlugsRow = UnitWithSlugsRow & { labels: UnitLabel[] };

/** The component's API path segment: category path prefix and slug (migration 017). */
const COMPONENT_SEGMENT = sql<string>`components.category_path || components.slug`.as('c_slug');

/**
 * The labels of each row's source string as a JSON array in the same query (`labels_json`): a page and its
 * labels in one round trip. Takes the query's expression builder; the dialect picks the JSON functions.
 */
function labelsJson(eb: ExpressionBuilder<Database, 'units'>, db: Executor) {
  const jsonArrayFrom = isSqlite(db) ? sqliteJsonArrayFrom : pgJsonArrayFrom;
  return jsonArrayFrom(
    eb
      .selectFrom('unit_labels')
      .innerJoin('labels', 'labels.id', 'unit_labels.label_id')
      .select(['labels.id', 'labels.name', 'labels.description', 'labels.color'])
      .whereRef('unit_labels.unit_id', '=', eb.fn.coalesce('units.source_unit_id', 'units.id'))
      .orderBy('labels.name')
      .orderBy('labels.id'),
  ).as('labels_json');
}

/**
 * The rows, each given `labels` from its `labels_json` (PostgreSQL hands json over parsed, SQLite as text). In
 * place: the rows are the query's own, and copying thirty columns per row was most of a page's time in JavaScript.
 */
function withParsedLabels<R extends { labels_json: unknown }>(rows: R[]): (R & { labels: UnitLabel[] })[] {
  for (const row of rows as (R & { labels: UnitLabel[] })[]) row.labels = parsedLabels(row.labels_json);
  return rows as (R & { labels: UnitLabel[] })[];
}

/** `labels_json` as PostgreSQL (parsed) or SQLite (text) hands it over. */
function parsedLabels(json: unknown): UnitLabel[] {
  return (typeof json === 'string' ? JSON.parse(json) : json) as UnitLabel[];
}

/** The units of a component's translations, joined with their translation, as a query to narrow. */
export function unitsOfComponent(db: Executor, componentId: number) {
  return db.selectFrom('units').innerJoin('translations', 'translations.id', 'units.translation_id').where('translations.component_id', '=', componentId);
}

/** Units joined with their translation and component. */
export function unitsWithComponents(db: Executor) {
  return db.selectFrom('units').innerJoin('translations', 'translations.id', 'units.translation_id').innerJoin('components', 'components.id', 'translations.component_id');
}

/** Units joined with what a compiled search condition (`q`) refers to: translation, component, project, language. */
export function searchableUnits(db: Executor) {
  return unitsWithComponents(db).innerJoin('projects', 'projects.id', 'components.project_id').innerJoin('languages', 'languages.id', 'translations.language_id');
}

/**
 * A unit with its slugs, its project's access settings, its component's restriction and the labels of its source string, or undefined.
 * The labels come in the same query, as a JSON array: one round trip.
 */
export async function unitWithLinksById(
  db: Executor,
  id: number,
): Promise<(UnitWithSlugsRow & { access_control: number; project_id: number; component_id: number; restricted: number; labels: UnitLabel[] }) | undefined> {
  const row = await searchableUnits(db)
    .selectAll('units')
    .select(['projects.slug as p_slug', COMPONENT_SEGMENT, 'languages.code as l_code', 'projects.access_control', 'projects.id as project_id', 'components.id as component_id', 'components.restricted'])
    .select((eb) => labelsJson(eb, db))
    .where('units.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { labels_json, ...rest } = row;
  return { ...rest, labels: parsedLabels(labels_json) };
}

/** How many units of a translation a compiled search finds. */
export async function countSearchedUnitsInTranslation(db: Executor, translationId: number, where: Expression<SqlBool>): Promise<number> {
  const r = await searchableUnits(db).select((eb) => eb.fn.countAll<number>().as('n')).where('units.translation_id', '=', translationId).where(where).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The translation's kept unit counter: O(1) however big the translation. */
export async function translationTotal(db: Executor, translationId: number): Promise<number> {
  const r = await db.selectFrom('translations').select('total').where('id', '=', translationId).executeTakeFirst();
  return Number(r?.total ?? 0);
}

/** The units of a translation that a compiled search finds, in file order, as a query to page or read whole. */
function searchedUnitsInFileOrder(db: Executor, translationId: number, where: Expression<SqlBool>) {
  return searchableUnits(db).selectAll('units').where('units.translation_id', '=', translationId).where(where).orderBy('units.position').orderBy('units.id');
}

/** A page of the units of a translation that a compiled search finds, in file order. */
export function searchedUnitsPageInTranslation(db: Executor, translationId: number, where: Expression<SqlBool>, limit: number, offset: number): Promise<UnitRow[]> {
  return searchedUnitsInFileOrder(db, translationId, where).limit(limit).offset(offset).execute();
}

/** Every unit of a translation that a compiled search finds, in file order, in one query. */
export function searchedUnitsOfTranslation(db: Executor, translationId: number, where: Expression<SqlBool>): Promise<UnitRow[]> {
  return searchedUnitsInFileOrder(db, translationId, where).execute();
}

/** The units of a translation in file order, as a query to page or read whole. */
function unitsInFileOrder(db: Executor, translationId: number) {
  return db.selectFrom('units').selectAll().where('translation_id', '=', translationId).orderBy('position').orderBy('id');
}

/** A page of the units of a translation, in file order. */
export function unitsPageInTranslation(db: Executor, translationId: number, limit: number, offset: number): Promise<UnitRow[]> {
  return unitsInFileOrder(db, translationId).limit(limit).offset(offset).execute();
}

/** Every unit of a translation, in file order. */
export function unitsOfTranslationInOrder(db: Executor, translationId: number): Promise<UnitRow[]> {
  return unitsInFileOrder(db, translationId).execute();
}

/** The units of the visible projects and components, from the translations' kept counters (one row per translation, not per unit). */
export async function countUnitsFromCounters(db: Executor, projects: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const r = await translationsIn(db, {}, projects, components).select((eb) => eb.fn.sum<number>('translations.total').as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How many units of the visible projects and components a compiled search finds. */
export async function countSearchedUnits(db: Executor, projects: ProjectsFilter, components: ComponentsFilter, where: UnitFilter): Promise<number> {
  let q = searchableUnits(db).select((eb) => eb.fn.countAll<number>().as('n'));
  if (projects) q = q.where(projects);
  if (components) q = q.where(components);
  if (where) q = q.where(where);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

function unitsWithSlugs(db: Executor, projects: ProjectsFilter, components: ComponentsFilter, where: UnitFilter) {
  let q = searchableUnits(db).selectAll('units').select(['projects.slug as p_slug', COMPONENT_SEGMENT, 'languages.code as l_code']);
  if (projects) q = q.where(projects);
  if (components) q = q.where(components);
  if (where) q = q.where(where);
  return q;
}

/** The ids of every unit of the visible projects and components that a compiled search finds, in id order. */
export async function searchedUnitIds(db: Executor, projects: ProjectsFilter, components: ComponentsFilter, where: Expression<SqlBool>): Promise<number[]> {
  // Without the joins where nothing needs them: PostgreSQL plans and runs the regex searches' id reads 2–3 ms faster.
  if (!projects && !components && onUnitsAlone(where)) return (await db.selectFrom('units').select('units.id').where(where).orderBy('units.id').execute()).map((r) => r.id);
  let q = searchableUnits(db).select('units.id').where(where);
  if (projects) q = q.where(projects);
  if (components) q = q.where(components);
  return (await q.orderBy('units.id').execute()).map((r) => r.id);
}

/** The units with these ids, with their slugs, in id order. */
export async function unitsWithSlugsByIds(db: Executor, ids: readonly number[]): Promise<LabeledUnitWithSlugsRow[]> {
  if (ids.length === 0) return [];
  return withParsedLabels(
    await unitsWithSlugs(db, null, null, null)
      .select((eb) => labelsJson(eb, db))
      .where('units.id', 'in', [...ids])
      .orderBy('units.id')
      .execute(),
  );
}

/**
 * A page of the units of the visible projects and components that a compiled search finds, in id order, with their slugs.
 * Not for regex searches: their pages come from every match's id (searchedUnitIds, see hasRegex).
 *
 * `matchesFirst`: the page is cut from all the matches sorted by id (`id + 0` is no index's order) instead of
 * walking the primary key until the page is full. PostgreSQL picks the walk when it expects many matches, and
 * its expectation of a substring comes from the 100 texts of its column histogram: `source:w123`, in 0.1% of a
 * million units, was expected in 1% (one histogram text has it) in one analyzed sample and in 0.01% in another,
 * so its page took 44 ms in one run (walking 99,418 rows) and 5 ms in the next. The caller decides from the
 * exact count (UnitsService.pageVisible).
 */
export function unitsWithSlugsPage(
  db: Executor,
  projects: ProjectsFilter,
  components: ComponentsFilter,
  where: UnitFilter,
  limit: number,
  offset: number,
  matchesFirst = false,
): Promise<UnitWithSlugsRow[]> {
  // The page's ids are found first (from indexes alone where they cover the search) and only those rows are read:
  // sorting the whole rows read 21,430 of them for a page of 100 of `state:<translated AND language:cs` (40 → 10 ms
  // on PostgreSQL). Labels are read for the page's rows afterwards.
  let ids = searchableUnits(db).select('units.id');
  if (projects) ids = ids.where(projects);
  if (components) ids = ids.where(components);
  if (where) ids = ids.where(where);
  return unitsWithSlugs(db, null, null, null)
    .where('units.id', 'in', ids.orderBy(matchesFirst ? sql`units.id + 0` : sql.ref('units.id')).limit(limit).offset(offset))
    .orderBy('units.id')
    .execute();
}

/** A unit row with the labels of its source string. */
export type LabeledUnitRow = UnitRow & { labels: UnitLabel[] };

/**
 * The units with their labels alone, for reads whose links come from translationRefs: joined with the
 * translation, component, project and language, the statement took PostgreSQL four times as long to plan
 * (about 0.45 of 0.75 ms) as to run.
 */
function labeledUnits(db: Executor) {
  return db
    .selectFrom('units')
    .selectAll('units')
    .select((eb) => labelsJson(eb, db));
}

/**
 * The `limit` units (of all projects) that start `skip` places after id `fromId`, with their labels: one
 * statement walks the primary key to the first of them and reads the page from there.
 */
export async function unitsAfter(db: Executor, fromId: number, skip: number, limit: number): Promise<LabeledUnitRow[]> {
  const first = db.selectFrom('units').select('id').where('id', '>=', fromId).orderBy('id').limit(1).offset(skip);
  return withParsedLabels(await labeledUnits(db).where('units.id', '>=', first).orderBy('units.id').limit(limit).execute());
}

/** The units with these ids, with their labels, in id order. */
export async function unitsByIds(db: Executor, ids: readonly number[]): Promise<LabeledUnitRow[]> {
  if (ids.length === 0) return [];
  return withParsedLabels(await labeledUnits(db).where('units.id', 'in', [...ids]).orderBy('units.id').execute());
}

/** What the links of a translation's units need: its project's slug, its component's path segment and its language's code. */
export type TranslationRefs = Pick<UnitWithSlugsRow, 'p_slug' | 'c_slug' | 'l_code'>;

/** The links of these translations' units, by translation id (a translation that is gone has none). */
export async function translationRefs(db: Executor, translationIds: readonly number[]): Promise<Map<number, TranslationRefs>> {
  const rows = await db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .select(['translations.id', 'projects.slug as p_slug', COMPONENT_SEGMENT, 'languages.code as l_code'])
    .where('translations.id', 'in', [...translationIds])
    .execute();
  return new Map(rows.map(({ id, ...refs }) => [id, refs]));
}

/** A unit and the rows it lives in. */
export interface UnitPlace {
  unit: UnitRow;
  translation: TranslationRow;
  component: ComponentRow;
  project: ProjectRow;
  language: LanguageRow;
}

/** The unit and where it lives (five reads by id), or undefined when there is no such unit. */
export async function unitWithPlace(db: Executor, unitId: number): Promise<UnitPlace | undefined> {
  const unit = await db.selectFrom('units').selectAll().where('id', '=', unitId).executeTakeFirst();
  if (!unit) return undefined;
  const translation = await db.selectFrom('translations').selectAll().where('id', '=', unit.translation_id).executeTakeFirstOrThrow();
  const component = await db.selectFrom('components').selectAll().where('id', '=', translation.component_id).executeTakeFirstOrThrow();
  const project = await projectOfRow(db, component.project_id);
  const language = await languageOfRow(db, translation.language_id);
  return { unit, translation, component, project, language };
}

/** The stored check results of a unit, by name. */
export function checksOfUnitByName(db: Executor, unitId: number): Promise<{ name: string; dismissed: number }[]> {
  return db.selectFrom('checks').select(['name', 'dismissed']).where('unit_id', '=', unitId).orderBy('name').execute();
}

/** The screenshots showing any of these units, in id order (a screenshot showing two of them comes twice). */
export function screenshotsOfUnits(db: Executor, unitIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('screenshots')
    .innerJoin('screenshot_units', 'screenshot_units.screenshot_id', 'screenshots.id')
    .select(['screenshots.id', 'screenshots.name'])
    .where('screenshot_units.unit_id', 'in', [...unitIds])
    .orderBy('screenshots.id')
    .execute();
}
