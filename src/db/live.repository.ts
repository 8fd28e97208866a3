// What live events read: a translation's statistics counters after an edit.
import type { Executor } from './database.js';

/** The translation's kept counters (undefined when it is gone). */
export function translationCounters(db: Executor, translationId: number): Promise<{ total: number; translated: number; fuzzy: number; failing: number; approved: number } | undefined> {
  return db.selectFrom('translations').select(['total', 'translated', 'fuzzy', 'failing', 'approved']).where('id', '=', translationId).executeTakeFirst();
}
