// Automatic translation's reads and writes: the units a run selects, the components and units it copies from, a chunk's locks and unit writes.
import crypto from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import { isSqlite, type DialectName, type Executor } from './database.js';
import type { ComponentRow, UnitRow } from './schema.js';
import { searchableUnits, type UnitFilter } from './unit-lists.repository.js';
import { STATE_APPROVED, STATE_READONLY, STATE_TRANSLATED } from '../domain/unit-states.js';

/** Which units of a translation a run selects (read-only ones never). */
export interface AutotranslateSelection {
  translationId: number;
  /** Suggestion runs leave units that have a suggestion alone. */
  withoutSuggestion: boolean;
  /** Approved units are selected only when the run may overwrite them. */
  touchApproved: boolean;
  /** The compiled search (`q`). */
  where: UnitFilter;
}

function selection(db: Executor, s: AutotranslateSelection) {
  let q = searchableUnits(db)
    .where('units.translation_id', '=', s.translationId)
    .where('units.state', '<>', STATE_READONLY);
  if (s.withoutSuggestion) q = q.where('units.has_suggestion', '=', 0);
  if (!s.touchApproved) q = q.where('units.state', '<>', STATE_APPROVED);
  if (s.where) q = q.where(s.where);
  return q;
}

export async function countSelectedUnits(db: Executor, s: AutotranslateSelection): Promise<number> {
  const r = await selection(db, s).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Up to `limit` selected units with ids above `afterId`, in id order. */
export function selectedUnitsAfter(db: Executor, s: AutotranslateSelection, afterId: number, limit: number): Promise<UnitRow[]> {
  return selection(db, s).selectAll('units').where('units.id', '>', afterId).orderBy('units.id').limit(limit).execute();
}

/** Components with their project's access control. */
function componentsWithAccess(db: Executor) {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .selectAll('components')
    .select(['projects.access_control']);
}

export function componentWithAccessById(db: Executor, id: number): Promise<(ComponentRow & { access_control: number }) | undefined> {
  return componentsWithAccess(db).where('components.id', '=', id).executeTakeFirst();
}

/** The component with this category path and slug in the project named by slug or id. */
export function componentWithAccessByPath(db: Executor, project: { slug: string } | { id: number }, categoryPath: string, slug: string): Promise<(ComponentRow & { access_control: number }) | undefined> {
  const q = componentsWithAccess(db);
  return ('id' in project ? q.where('projects.id', '=', project.id) : q.where('projects.slug', '=', project.slug))
    .where('components.category_path', '=', categoryPath)
    .where('components.slug', '=', slug)
    .executeTakeFirst();
}

/** A translation's component, with the translation's id and language, the project's review setting and both language codes. */
export function translationForRun(db: Executor, translationId: number) {
  return db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages as tl', 'tl.id', 'translations.language_id')
    .innerJoin('languages as sl', 'sl.id', 'components.source_language_id')
    .selectAll('components')
    .select(['translations.id as tid', 'translations.language_id', 'projects.translation_review', 'tl.code as target_code', 'sl.code as source_code'])
    .where('translations.id', '=', translationId)
    .executeTakeFirst();
}

/** Units whose lower-cased source is one of `keys` (PostgreSQL through md5, migration 022; callers check candidates again). */
function sourceIn(dialect: DialectName, keys: string[]) {
  if (dialect === 'postgres') return sql<SqlBool>`md5(lower(u.source)) IN (${sql.join(keys.map((k) => crypto.createHash('md5').update(k, 'utf8').digest('hex')))})`;
  return sql<SqlBool>`lower(u.source) IN (${sql.join(keys)})`;
}

/** Where an `others` run copies from: one component, or the project's components that allow propagation. */
export interface CopySource {
  languageId: number;
  /** The translation being filled, never its own source. */
  exceptTranslationId: number;
  sourceLanguageId: number;
  componentId: number | null;
  projectId: number;
}

/**
 * Sources and translated, non-empty targets of the units whose lower-cased source is one of `keys`, in
 * the copy source's components, best component priority first.
 */
export function translatedWithSources(db: Executor, dialect: DialectName, keys: string[], from: CopySource): Promise<{ source: string; target: string }[]> {
  let q = db
    .selectFrom('units as u')
    .innerJoin('translations as tr', 'tr.id', 'u.translation_id')
    .innerJoin('components as c', 'c.id', 'tr.component_id')
    .select(['u.source', 'u.target'])
    .where('tr.language_id', '=', from.languageId)
    .where('tr.id', '<>', from.exceptTranslationId)
    .where('u.state', '>=', STATE_TRANSLATED)
    .where('u.target', '<>', '')
    .where('c.source_language_id', '=', from.sourceLanguageId)
    .where(sourceIn(dialect, keys));
  q = from.componentId !== null
    ? q.where('c.id', '=', from.componentId)
    : q.where('c.project_id', '=', from.projectId).where('c.allow_translation_propagation', '=', 1).where('c.restricted', '=', 0);
  return q.orderBy('c.priority').orderBy('c.id').orderBy('u.id').execute();
}

/**
 * Locks the units of a chunk before they are read. PostgreSQL: in id order, like every other writer that
 * locks several units (uploads, clearing pending flags), so that none waits on another in a cycle;
 * SQLite: a no-op update takes the database's write lock before the reads.
 */
export async function lockUnitsInIdOrder(tx: Executor, ids: number[]): Promise<void> {
  if (isSqlite(tx)) await tx.updateTable('units').set((eb) => ({ id: eb.ref('id') })).where('id', 'in', ids).execute();
  else await tx.selectFrom('units').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export function unitsByIdsInIdOrder(tx: Executor, ids: number[]): Promise<UnitRow[]> {
  return tx.selectFrom('units').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function markAutomaticallyTranslated(tx: Executor, ids: number[]): Promise<void> {
  await tx.updateTable('units').set({ automatically_translated: 1 }).where('id', 'in', ids).execute();
}
