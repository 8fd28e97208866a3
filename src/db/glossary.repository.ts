// Glossary components of a project, the version stamp of a glossary's units, and its terms.
import type { Executor } from './database.js';
import { unitsOfComponent } from './unit-lists.repository.js';

/** Glossary components that apply to a project: its own and those shared (linked) into it, in the same source language. */
export function glossaryComponentsOf(db: Executor, projectId: number, sourceLanguageId: number) {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id', 'components.slug', 'projects.slug as project_slug', 'components.source_language_id', 'components.created', 'components.restricted'])
    .where('components.is_glossary', '=', 1)
    .where('components.source_language_id', '=', sourceLanguageId)
    .where((eb) =>
      eb.or([
        eb('components.project_id', '=', projectId),
        eb('components.id', 'in', eb.selectFrom('component_links').select('component_links.component_id').where('component_links.project_id', '=', projectId)),
      ]),
    )
    .orderBy('components.id')
    .execute();
}

/** Count, last change and highest id of a glossary's units in the source and one language: they move with every edit. */
export function glossaryUnitsVersion(db: Executor, componentId: number, languageId: number) {
  return unitsOfComponent(db, componentId)
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('units.last_updated').as('changed'), eb.fn.max('units.id').as('top')])
    .where((eb) => eb.or([eb('translations.is_source', '=', 1), eb('translations.language_id', '=', languageId)]))
    .executeTakeFirst();
}

/** The source terms of a glossary, in file order. */
export function glossarySourceUnits(db: Executor, componentId: number) {
  return unitsOfComponent(db, componentId)
    .select(['units.id', 'units.source', 'units.context', 'units.explanation', 'units.flags', 'units.extra_flags'])
    .where('translations.is_source', '=', 1)
    .orderBy('units.position')
    .orderBy('units.id')
    .execute();
}

/** The units of a glossary in one (non-source) language. */
export function glossaryTargetUnits(db: Executor, componentId: number, languageId: number) {
  return unitsOfComponent(db, componentId)
    .select(['units.id', 'units.source_unit_id', 'units.target', 'units.state', 'units.explanation'])
    .where('translations.language_id', '=', languageId)
    .where('translations.is_source', '=', 0)
    .execute();
}

/** A translation's language with its component's project and source language. */
export function languagesOfTranslation(db: Executor, translationId: number) {
  return db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .select(['translations.language_id', 'components.project_id', 'components.source_language_id'])
    .where('translations.id', '=', translationId)
    .executeTakeFirst();
}
