// Internal repository links (parla://<project>/<component>) name slugs: they follow every rename of what they name.
import type { Executor } from '../db/database.js';
import type { ComponentRow } from '../db/schema.js';
import { internalUrl, parseInternalUrl, type InternalUrl } from '../vcs/urls.js';

/** The component whose clone a link names: outside categories, as only those can be linked to. */
export function linkOwner(db: Executor, link: InternalUrl): Promise<ComponentRow | undefined> {
  return db
    .selectFrom('components')
    .innerJoin('projects', 'projects.id', 'components.project_id')
    .selectAll('components')
    .where('projects.slug', '=', link.project)
    .where('components.slug', '=', link.component)
    .where('components.category_id', 'is', null)
    .executeTakeFirst();
}

/** Rewrites the stored links whose target matches `rename`, in the transaction of the rename. */
async function relink(tx: Executor, rename: (link: InternalUrl) => InternalUrl | null): Promise<void> {
  const rows = await tx.selectFrom('components').select(['id', 'repo']).where('repo', 'like', 'parla://%').execute();
  for (const row of rows) {
    const link = parseInternalUrl(row.repo);
    const next = link && rename(link);
    if (next) await tx.updateTable('components').set({ repo: internalUrl(next.project, next.component) }).where('id', '=', row.id).execute();
  }
}

export function relinkProject(tx: Executor, from: string, to: string): Promise<void> {
  return relink(tx, (l) => (l.project === from ? { ...l, project: to } : null));
}

export function relinkComponent(tx: Executor, project: string, from: string, to: string): Promise<void> {
  return relink(tx, (l) => (l.project === project && l.component === from ? { ...l, component: to } : null));
}
