// Internal repository links (parla://<project>/<component>) name slugs: they follow every rename of what they name.
import type { Executor } from '../../db/database.js';
import { componentBySlugs, linkedComponents, setComponentRepo } from '../../db/component-links.repository.js';
import type { ComponentRow } from '../../db/schema.js';
import { internalUrl, parseInternalUrl, type InternalUrl } from '../../vcs/urls.js';

/** The component whose clone a link names: outside categories, as only those can be linked to. */
export function linkOwner(db: Executor, link: InternalUrl): Promise<ComponentRow | undefined> {
  return componentBySlugs(db, link.project, link.component);
}

/** Rewrites the stored links whose target matches `rename`, in the transaction of the rename. */
async function relink(tx: Executor, rename: (link: InternalUrl) => InternalUrl | null): Promise<void> {
  for (const row of await linkedComponents(tx)) {
    const link = parseInternalUrl(row.repo);
    const next = link && rename(link);
    if (next) await setComponentRepo(tx, row.id, internalUrl(next.project, next.component));
  }
}

export function relinkProject(tx: Executor, from: string, to: string): Promise<void> {
  return relink(tx, (l) => (l.project === from ? { ...l, project: to } : null));
}

export function relinkComponent(tx: Executor, project: string, from: string, to: string): Promise<void> {
  return relink(tx, (l) => (l.project === project && l.component === from ? { ...l, component: to } : null));
}
