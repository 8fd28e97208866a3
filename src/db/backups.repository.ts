// Project backups: reading a project's rows as they are stored, and writing a restored project's rows back.
// Rows travel as plain column → value records: what a table holds is read from the database itself, so a backup
// taken before a column was added restores, and one taken after a column was dropped too.
import type { Db, Executor } from './database.js';
import type { CategoryRow, ComponentRow, LabelRow, MemoryRow, ProjectRow, ScreenshotRow, TranslationRow, UnitRow } from './schema.js';

export type Row = Record<string, unknown>;

/** The tables a backup reads and writes. */
export type BackupTable =
  | 'projects'
  | 'labels'
  | 'categories'
  | 'components'
  | 'translations'
  | 'units'
  | 'unit_labels'
  | 'comments'
  | 'suggestions'
  | 'suggestion_votes'
  | 'checks'
  | 'screenshots'
  | 'screenshot_units'
  | 'memory';

/** What a column takes: integers, other numbers, text, or anything of those. */
export type ColumnKind = 'integer' | 'number' | 'text' | 'any';

export interface ColumnInfo {
  kind: ColumnKind;
  nullable: boolean;
  /** The database fills it when an insert leaves it out. */
  hasDefault: boolean;
}

function kindOf(dataType: string): ColumnKind {
  const t = dataType.toLowerCase();
  if (/int|serial/.test(t)) return 'integer';
  if (/real|float|double|numeric|decimal/.test(t)) return 'number';
  if (/char|text|clob/.test(t)) return 'text';
  return 'any';
}

const columnsByDb = new WeakMap<object, Promise<Map<string, Map<string, ColumnInfo>>>>();

/** The columns each table has in this database, with what they take (read once per database). */
export function tableColumns(db: Db): Promise<Map<string, Map<string, ColumnInfo>>> {
  let columns = columnsByDb.get(db);
  if (!columns) {
    columns = db.introspection.getTables().then(
      (tables) =>
        new Map(
          tables.map((t) => [
            t.name,
            new Map(t.columns.map((c) => [c.name, { kind: kindOf(c.dataType), nullable: c.isNullable, hasDefault: c.hasDefaultValue || c.isAutoIncrementing }])),
          ]),
        ),
    );
    columnsByDb.set(db, columns);
  }
  return columns;
}

// ------------------------------------------------------------------ reading a project

export function projectRow(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export function labelsOfProject(db: Executor, projectId: number): Promise<LabelRow[]> {
  return db.selectFrom('labels').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export function categoriesOfProject(db: Executor, projectId: number): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export function componentsOfProject(db: Executor, projectId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

export function translationsOfComponent(db: Executor, componentId: number): Promise<TranslationRow[]> {
  return db.selectFrom('translations').selectAll().where('component_id', '=', componentId).orderBy('id').execute();
}

export function unitsOfComponent(db: Executor, componentId: number): Promise<UnitRow[]> {
  return db
    .selectFrom('units')
    .selectAll('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .where('translations.component_id', '=', componentId)
    .orderBy('units.id')
    .execute();
}

const unitsOf = (componentId: number) => (eb: Executor) =>
  eb.selectFrom('units').select('units.id').innerJoin('translations', 'translations.id', 'units.translation_id').where('translations.component_id', '=', componentId);

export function unitLabelsOfComponent(db: Executor, componentId: number): Promise<{ unit_id: number; name: string }[]> {
  return db
    .selectFrom('unit_labels')
    .innerJoin('labels', 'labels.id', 'unit_labels.label_id')
    .select(['unit_labels.unit_id', 'labels.name'])
    .where('unit_labels.unit_id', 'in', unitsOf(componentId)(db))
    .orderBy('unit_labels.unit_id')
    .orderBy('labels.name')
    .execute();
}

export function commentsOfComponent(db: Executor, componentId: number): Promise<Row[]> {
  return db.selectFrom('comments').selectAll().where('unit_id', 'in', unitsOf(componentId)(db)).orderBy('id').execute();
}

export function suggestionsOfComponent(db: Executor, componentId: number): Promise<Row[]> {
  return db.selectFrom('suggestions').selectAll().where('unit_id', 'in', unitsOf(componentId)(db)).orderBy('id').execute();
}

export function votesOfComponent(db: Executor, componentId: number): Promise<{ suggestion_id: number; user_id: number; value: number }[]> {
  return db
    .selectFrom('suggestion_votes')
    .select(['suggestion_id', 'user_id', 'value'])
    .where('suggestion_id', 'in', (eb) => eb.selectFrom('suggestions').select('suggestions.id').where('suggestions.unit_id', 'in', unitsOf(componentId)(db)))
    .orderBy('id')
    .execute();
}

export function checksOfComponent(db: Executor, componentId: number): Promise<{ unit_id: number; name: string; dismissed: number }[]> {
  return db.selectFrom('checks').select(['unit_id', 'name', 'dismissed']).where('unit_id', 'in', unitsOf(componentId)(db)).orderBy('id').execute();
}

export function screenshotsOfComponent(db: Executor, componentId: number): Promise<ScreenshotRow[]> {
  return db
    .selectFrom('screenshots')
    .selectAll('screenshots')
    .innerJoin('translations', 'translations.id', 'screenshots.translation_id')
    .where('translations.component_id', '=', componentId)
    .orderBy('screenshots.id')
    .execute();
}

export function screenshotUnitsOfComponent(db: Executor, componentId: number): Promise<{ screenshot_id: number; unit_id: number }[]> {
  return db
    .selectFrom('screenshot_units')
    .select(['screenshot_id', 'unit_id'])
    .where('unit_id', 'in', unitsOf(componentId)(db))
    .orderBy('screenshot_id')
    .orderBy('unit_id')
    .execute();
}

export function memoryOfProject(db: Executor, projectId: number): Promise<MemoryRow[]> {
  return db.selectFrom('memory').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
}

/** Usernames by user id. */
export async function usernamesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, r.username);
  }
  return out;
}

/** User ids by username (unknown names are missing). */
export async function userIdsByUsernames(db: Executor, names: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db.selectFrom('users').select(['id', 'username']).where('username', 'in', names.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.username, r.id);
  }
  return out;
}

/** Language codes by language id. */
export async function languageCodesByIds(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('languages').select(['id', 'code']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, r.code);
  }
  return out;
}

// ------------------------------------------------------------------ writing a restored project

/** Inserts one row and returns its id. */
export async function insertBackupRow(db: Executor, table: BackupTable, values: Row): Promise<number> {
  const row = await db
    .insertInto(table as 'projects')
    .values(values as never)
    .returning('id' as never)
    .executeTakeFirstOrThrow();
  return Number((row as { id: unknown }).id);
}

/** Rows per insert statement: SQLite binds at most 32766 values a statement, and no backed-up row has 60 columns. */
const CHUNK = 500;

/** Inserts rows without returning anything (link tables, and rows nothing refers to). */
export async function insertBackupRows(db: Executor, table: BackupTable, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table as 'unit_labels')
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/** Inserts units and returns their ids with the translation and id hash that identify each. */
export async function insertBackupUnits(db: Executor, rows: readonly Row[]): Promise<{ id: number; translation_id: number; id_hash: string }[]> {
  const out: { id: number; translation_id: number; id_hash: string }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insertInto('units')
      .values(rows.slice(i, i + CHUNK) as never)
      .returning(['id', 'translation_id', 'id_hash'])
      .execute();
    out.push(...inserted);
  }
  return out;
}

/** Points every unit of the translations at the unit with the same id hash in the source translation. */
export async function linkUnitsToSource(db: Executor, translationIds: readonly number[], sourceTranslationId: number): Promise<void> {
  if (translationIds.length === 0) return;
  await db
    .updateTable('units')
    .set((eb) => ({
      source_unit_id: eb
        .selectFrom('units as source')
        .select('source.id')
        .where('source.translation_id', '=', sourceTranslationId)
        .whereRef('source.id_hash', '=', 'units.id_hash')
        .limit(1),
    }))
    .where('translation_id', 'in', translationIds)
    .execute();
}
