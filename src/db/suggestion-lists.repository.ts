// Suggestions across the site: those on units of the projects and components filters let through, newest first.
import type { Executor } from './database.js';
import type { ProjectsFilter } from './projects.repository.js';
import type { ComponentsFilter } from './components.repository.js';
import type { SuggestionRow } from './schema.js';
import { voteSum } from './suggestions.repository.js';

function visibleSuggestions(db: Executor, visible: ProjectsFilter, components: ComponentsFilter) {
  let q = db
    .selectFrom('suggestions')
    .innerJoin('units', 'units.id', 'suggestions.unit_id')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .innerJoin('projects', 'projects.id', 'components.project_id');
  if (visible) q = q.where(visible);
  if (components) q = q.where(components);
  return q;
}

export async function countVisibleSuggestions(db: Executor, visible: ProjectsFilter, components: ComponentsFilter): Promise<number> {
  const row = await visibleSuggestions(db, visible, components).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of the visible suggestions, newest first, with their author's username and the sum of their votes. */
export function visibleSuggestionsPage(
  db: Executor,
  visible: ProjectsFilter,
  components: ComponentsFilter,
  limit: number,
  offset: number,
): Promise<(SuggestionRow & { username: string | null; votes: number | string | null })[]> {
  return visibleSuggestions(db, visible, components)
    .leftJoin('users', 'users.id', 'suggestions.user_id')
    .selectAll('suggestions')
    .select(['users.username as username'])
    .select(voteSum)
    .orderBy('suggestions.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
