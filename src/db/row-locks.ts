// Row locks taken in id order: the one helper for writers that lock several rows of a table before changing them.
import { isSqlite, type Executor } from './database.js';

/** Tables whose rows writers lock by id (every one has an integer `id`). */
export type LockableTable = 'units' | 'translations' | 'components' | 'projects' | 'suggestions' | 'comments';

const BATCH = 1000; // ids per statement: under both engines' bound-parameter limits

/**
 * Locks these rows until the transaction ends: `SELECT id … ORDER BY id FOR UPDATE` on PostgreSQL, in
 * ascending id order (across batches too), so that two writers locking overlapping sets never wait on
 * each other in a cycle (a deadlock). A no-op on SQLite, where writers are serialized by the database's
 * write lock. Rows that do not exist are skipped.
 */
export async function lockRowsInIdOrder(tx: Executor, table: LockableTable, ids: Iterable<number>): Promise<void> {
  if (isSqlite(tx)) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  // Every table listed has an `id` column: one of them stands for all in the builder's types.
  const rows = table as 'units';
  for (let i = 0; i < sorted.length; i += BATCH) {
    await tx.selectFrom(rows).select('id').where('id', 'in', sorted.slice(i, i + BATCH)).orderBy('id').forUpdate().execute();
  }
}
