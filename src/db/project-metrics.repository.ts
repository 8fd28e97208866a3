// The counters of every translation listed in a project (its own components and those linked into it).
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';
import { COUNTER_COLUMNS, type CounterName } from './statistics.repository.js';

/** A translation's counters (every counter column), where it belongs, and when its counters last changed. */
export type TranslationMetricsRow = Record<CounterName, number> & {
  component_slug: string;
  category_path: string;
  language_code: string;
  language_name: string;
  /** When its counters last changed: its last change, else its creation. */
  last_change: string;
};

/**
 * The translations of the components listed in project `projectId` whose own project the filter lets
 * through (a component linked from a private project stays hidden), and that the components filter
 * lets through (restricted ones), by component path and language code.
 */
export function translationMetricsOfProject(db: Executor, projectId: number, visible: ProjectsFilter, components: ComponentsFilter): Promise<TranslationMetricsRow[]> {
  let q = db
    .selectFrom('translations')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .innerJoin('languages', 'languages.id', 'translations.language_id')
    .where((eb) =>
      eb.or([
        eb('components.project_id', '=', projectId),
        eb('components.id', 'in', eb.selectFrom('component_links').select('component_links.component_id').where('component_links.project_id', '=', projectId)),
      ]),
    );
  if (visible) q = q.where(visible);
  if (components) q = q.where(components);
  return q
    .select([
      'components.slug as component_slug',
      'components.category_path as category_path',
      'languages.code as language_code',
      'languages.name as language_name',
      ...COUNTER_COLUMNS.map((c) => `translations.${c}` as const),
      (eb) => eb.fn.coalesce('translations.last_change', 'translations.created').as('last_change'),
    ])
    .orderBy('components.category_path')
    .orderBy('components.slug')
    .orderBy('languages.code')
    .execute();
}
