// Components a forge notification may update: those with a remote repository, with their projects' hook settings.
import type { Executor } from './database.js';
import type { ComponentRow } from './schema.js';

/** Every component with a remote repository, with its project's enable_hooks flag and webhook secret. */
export function hookCandidates(db: Executor): Promise<(ComponentRow & { p_enable_hooks: number; p_secret: string })[]> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .selectAll('components')
    .select(['projects.enable_hooks as p_enable_hooks', 'projects.webhook_secret as p_secret'])
    .where('components.vcs', '<>', 'local')
    .execute();
}

/** A project's components with a remote repository, in no particular order. */
export function remoteComponentsOfProject(db: Executor, projectId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('project_id', '=', projectId).where('vcs', '<>', 'local').execute();
}
