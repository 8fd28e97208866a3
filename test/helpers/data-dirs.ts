// Where the server keeps a component's files: named by ids, so tests look the ids up by slug.
import type { TestServer } from './server.js';

/** The working tree of the component `slug` (outside categories) of project `project`. */
export async function componentDirOf(s: Pick<TestServer, 'container'>, project: string, slug: string): Promise<string> {
  const row = await s.container.database.db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .select(['components.id as id', 'components.project_id as project_id'])
    .where('projects.slug', '=', project)
    .where('components.slug', '=', slug)
    .where('components.category_id', 'is', null)
    .executeTakeFirstOrThrow();
  return s.container.paths.componentDir(row);
}
