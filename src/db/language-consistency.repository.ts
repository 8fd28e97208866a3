// What the language consistency add-on reads: the languages of a project's translations and each component's languages.
import type { Executor } from './database.js';
import type { ComponentRow } from './schema.js';

/** The languages any component of the project has a translation in (source languages included). */
export async function projectLanguageIds(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .select('translations.language_id')
    .distinct()
    .where('components.project_id', '=', projectId)
    .execute();
  return rows.map((r) => r.language_id);
}

/** The project's own components, in id order, each with the languages it has translations in. */
export async function componentsWithLanguages(db: Executor, projectId: number): Promise<{ component: ComponentRow; languageIds: Set<number> }[]> {
  const components = await db.selectFrom('components').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  if (components.length === 0) return [];
  const rows = await db
    .selectFrom('translations')
    .select(['component_id', 'language_id'])
    .where(
      'component_id',
      'in',
      components.map((c) => c.id),
    )
    .execute();
  return components.map((component) => ({ component, languageIds: new Set(rows.filter((r) => r.component_id === component.id).map((r) => r.language_id)) }));
}

/** The language of a translation, or undefined when it is gone. */
export async function languageOfTranslation(db: Executor, translationId: number): Promise<number | undefined> {
  return (await db.selectFrom('translations').select('language_id').where('id', '=', translationId).executeTakeFirst())?.language_id;
}
