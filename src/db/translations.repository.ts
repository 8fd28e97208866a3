// Translations: lookup by component and language code, the visible list, what a page of them links to, adding and removing one.
import type { Executor } from './database.js';
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow } from './schema.js';
import { languageByCode, languageOfRow, languagesByIds } from './languages.repository.js';
import { projectsByIds, type ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

/**
 * The component's translation into the language a path names (by the language's code or the code the
 * translation was added under), with its language; undefined when there is none.
 */
export async function translationByLanguageCode(db: Executor, componentId: number, languageCode: string): Promise<{ translation: TranslationRow; language: LanguageRow } | undefined> {
  // The language is usually the one the path names: ask for both at once (one round trip, not two).
  const [row, named] = await Promise.all([
    db
      .selectFrom('translations')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .selectAll('translations')
      .where('translations.component_id', '=', componentId)
      .where((eb) => eb.or([eb('languages.code', '=', languageCode), eb('translations.language_code', '=', languageCode)]))
      .orderBy('translations.id')
      .executeTakeFirst(),
    languageByCode(db, languageCode),
  ]);
  if (!row) return undefined;
  const language = named?.id === row.language_id ? named : await languageOfRow(db, row.language_id);
  return { translation: row, language };
}

/** What a page of translations links to: their components, projects, languages (with the source languages) and last authors. */
export interface TranslationLinkRows {
  components: ComponentRow[];
  projects: ProjectRow[];
  languages: LanguageRow[];
  authors: { id: number; full_name: string; username: string }[];
}

/** One query per kind for the whole page (list endpoints would otherwise query per row); `rows` is not empty. */
export async function translationLinks(db: Executor, rows: readonly TranslationRow[]): Promise<TranslationLinkRows> {
  const ids = <T>(values: T[]) => [...new Set(values)];
  const components = await db.selectFrom('components').selectAll().where('id', 'in', ids(rows.map((r) => r.component_id))).execute();
  const projects = await projectsByIds(db, ids(components.map((c) => c.project_id)));
  const languageIds = ids([...rows.map((r) => r.language_id), ...components.map((c) => c.source_language_id)]);
  const languages = await languagesByIds(db, languageIds);
  const authorIds = ids(rows.map((r) => r.last_author_id).filter((id): id is number => id !== null));
  const authors = authorIds.length ? await db.selectFrom('users').select(['id', 'full_name', 'username']).where('id', 'in', authorIds).execute() : [];
  return { components, projects, languages, authors };
}

/** Translations joined with their component, project and language, limited to the visible projects and components. */
export function visibleTranslations(db: Executor, projects: ProjectsFilter, components: ComponentsFilter) {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id');
  if (projects) q = q.where(projects);
  return components ? q.where(components) : q;
}

/**
 * Which visible translations a list holds: those of the visible projects and components, optionally
 * only those a user changed with one of some actions.
 */
export interface TranslationListWhere {
  projects: ProjectsFilter;
  components: ComponentsFilter;
  changedBy?: { userId: number; actions: Iterable<number> };
}

function listedTranslations(db: Executor, where: TranslationListWhere) {
  const q = visibleTranslations(db, where.projects, where.components);
  if (!where.changedBy) return q;
  const { userId, actions } = where.changedBy;
  return q.where((eb) =>
    eb.exists(
      eb
        .selectFrom('changes')
        .select('changes.id')
        .whereRef('changes.translation_id', '=', 'translations.id')
        .where('changes.author_id', '=', userId)
        .where('changes.action', 'in', [...actions]),
    ),
  );
}

export async function countListedTranslations(db: Executor, where: TranslationListWhere): Promise<number> {
  const row = await listedTranslations(db, where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the listed translations in id order (the API lists). */
export function listedTranslationsPage(db: Executor, where: TranslationListWhere, limit: number, offset: number): Promise<TranslationRow[]> {
  return listedTranslations(db, where).selectAll('translations').orderBy('translations.id').limit(limit).offset(offset).execute();
}

/** The visible translations of a component, by language name (the component page). */
export function visibleTranslationsOfComponent(db: Executor, projects: ProjectsFilter, components: ComponentsFilter, componentId: number): Promise<TranslationRow[]> {
  return visibleTranslations(db, projects, components).selectAll('translations').where('translations.component_id', '=', componentId).orderBy('languages.name').execute();
}

/** The first visible translations into a language, by project and component name (the language page). */
export function visibleTranslationsIntoLanguage(db: Executor, projects: ProjectsFilter, components: ComponentsFilter, languageId: number, limit: number): Promise<TranslationRow[]> {
  return visibleTranslations(db, projects, components)
    .selectAll('translations')
    .where('translations.language_id', '=', languageId)
    .orderBy('projects.name')
    .orderBy('components.name')
    .limit(limit)
    .execute();
}

/** Whether the component has a translation into the language. */
export async function componentHasLanguage(db: Executor, componentId: number, languageId: number): Promise<boolean> {
  const row = await db.selectFrom('translations').select('id').where('component_id', '=', componentId).where('language_id', '=', languageId).executeTakeFirst();
  return row !== undefined;
}

/** The component's source translation (Kysely's NoResultError if it has none). */
export function sourceTranslationOf(db: Executor, componentId: number): Promise<TranslationRow> {
  return db.selectFrom('translations').selectAll().where('component_id', '=', componentId).where('is_source', '=', 1).executeTakeFirstOrThrow();
}

export async function deleteTranslation(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('translations').where('id', '=', id).execute();
}
