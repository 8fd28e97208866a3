// Queries about where components' clones live: internal parla:// links and the placement of every component's tree.
import type { Executor } from './database.js';
import type { ComponentRow } from './schema.js';

/** The component outside categories with these slugs (only those can be linked to). */
export function componentBySlugs(db: Executor, projectSlug: string, componentSlug: string): Promise<ComponentRow | undefined> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .selectAll('components')
    .where('projects.slug', '=', projectSlug)
    .where('components.slug', '=', componentSlug)
    .where('components.category_id', 'is', null)
    .executeTakeFirst();
}

/** Components whose repository is an internal link, with that link. */
export function linkedComponents(db: Executor): Promise<{ id: number; repo: string }[]> {
  return db.selectFrom('components').select(['id', 'repo']).where('repo', 'like', 'parla://%').execute();
}

export async function setComponentRepo(db: Executor, id: number, repo: string): Promise<void> {
  await db.updateTable('components').set({ repo }).where('id', '=', id).execute();
}

/** Every component with what decides where its tree lived and lives: ids, slugs, category, repository. */
export function componentPlacements(db: Executor) {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id as id', 'components.project_id as project_id', 'components.slug as slug', 'components.category_id as category_id', 'components.repo as repo', 'projects.slug as project_slug'])
    .execute();
}
