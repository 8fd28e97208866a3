// The counters of every translation listed in a project (its own components and those linked into it).
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';

export interface TranslationMetricsRow {
  component_slug: string;
  category_path: string;
  language_code: string;
  language_name: string;
  total: number;
  total_words: number;
  total_chars: number;
  translated: number;
  translated_words: number;
  translated_chars: number;
  fuzzy: number;
  fuzzy_words: number;
  fuzzy_chars: number;
  approved: number;
  approved_words: number;
  approved_chars: number;
  readonly: number;
  readonly_words: number;
  readonly_chars: number;
  failing: number;
  failing_words: number;
  failing_chars: number;
  suggestions: number;
  comments: number;
  /** When its counters last changed: its last change, else its creation. */
  last_change: string;
}

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
      'translations.total as total',
      'translations.total_words as total_words',
      'translations.total_chars as total_chars',
      'translations.translated as translated',
      'translations.translated_words as translated_words',
      'translations.translated_chars as translated_chars',
      'translations.fuzzy as fuzzy',
      'translations.fuzzy_words as fuzzy_words',
      'translations.fuzzy_chars as fuzzy_chars',
      'translations.approved as approved',
      'translations.approved_words as approved_words',
      'translations.approved_chars as approved_chars',
      'translations.readonly as readonly',
      'translations.readonly_words as readonly_words',
      'translations.readonly_chars as readonly_chars',
      'translations.failing as failing',
      'translations.failing_words as failing_words',
      'translations.failing_chars as failing_chars',
      'translations.suggestions as suggestions',
      'translations.comments as comments',
      (eb) => eb.fn.coalesce('translations.last_change', 'translations.created').as('last_change'),
    ])
    .orderBy('components.category_path')
    .orderBy('components.slug')
    .orderBy('languages.code')
    .execute();
}
