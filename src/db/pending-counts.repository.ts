// Pending edits by what the commit policy does with them, for the repository status; and keeping held-back edits pending.
import type { Executor } from './database.js';

export interface PendingScope {
  projectId?: number;
  componentId?: number;
  translationId?: number;
  /** Only these components (an empty list counts nothing). */
  componentIds?: readonly number[];
}

export interface PendingCounts {
  total: number;
  /** Pending edits of translations (not source strings) in states 10–12 (needing editing). */
  needsEditing: number;
  /** Pending edits of translations below the approved state. */
  notApproved: number;
}

/** How many units of the scope have edits not yet written to their files, split by state. */
export async function pendingCounts(db: Executor, scope: PendingScope): Promise<PendingCounts> {
  let q = db
    .selectFrom('units')
    .innerJoin('translations', 'translations.id', 'units.translation_id')
    .innerJoin('components', 'components.id', 'translations.component_id')
    .where('units.pending', '<>', 0);
  if (scope.translationId !== undefined) q = q.where('translations.id', '=', scope.translationId);
  if (scope.componentId !== undefined) q = q.where('components.id', '=', scope.componentId);
  if (scope.projectId !== undefined) q = q.where('components.project_id', '=', scope.projectId);
  if (scope.componentIds !== undefined) {
    if (scope.componentIds.length === 0) return { total: 0, needsEditing: 0, notApproved: 0 };
    q = q.where('components.id', 'in', scope.componentIds);
  }
  const row = await q
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('translations.is_source', '=', 0), eb('units.state', '>=', 10), eb('units.state', '<', 20)])).then(1).else(0).end()).as('needs_editing'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('translations.is_source', '=', 0), eb('units.state', '<', 30)])).then(1).else(0).end()).as('not_approved'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), needsEditing: Number(row?.needs_editing ?? 0), notApproved: Number(row?.not_approved ?? 0) };
}

/** Marks units pending again (edits a commit policy kept out of the files). */
export async function markUnitsPending(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 400) await db.updateTable('units').set({ pending: 1 }).where('id', 'in', ids.slice(i, i + 400)).execute();
}
