// Records changes (in the caller's transaction) and answers last_change/last_author/recent_changes.
import type { Executor } from '../db/database.js';
import { nowIso } from '../shared/clock.js';
import { CONTENT_ACTIONS, TRANSLATION_ACTIONS } from './change-actions.js';

export interface ChangeInput {
  action: number;
  userId?: number | null;
  authorId?: number | null;
  projectId?: number | null;
  componentId?: number | null;
  translationId?: number | null;
  unitId?: number | null;
  languageId?: number | null;
  target?: string;
  old?: string;
  details?: Record<string, unknown>;
}

const RECENT_WINDOW_MS = 6 * 3600 * 1000;
const BATCH = 200; // 12 columns per row: under both engines' bound-parameter limits

export class ChangesService {
  async record(db: Executor, change: ChangeInput): Promise<void> {
    await this.recordMany(db, [change]);
  }

  /**
   * Records many changes with multi-row inserts (bulk uploads); last_change/last_author are set once
   * per translation from the last content change.
   */
  async recordMany(db: Executor, changes: readonly ChangeInput[]): Promise<void> {
    if (changes.length === 0) return;
    const timestamp = nowIso();
    const rows = changes.map((change) => ({
      action: change.action,
      timestamp,
      user_id: change.userId ?? null,
      author_id: change.authorId ?? change.userId ?? null,
      project_id: change.projectId ?? null,
      component_id: change.componentId ?? null,
      translation_id: change.translationId ?? null,
      unit_id: change.unitId ?? null,
      language_id: change.languageId ?? null,
      target: change.target ?? '',
      old: change.old ?? '',
      details: JSON.stringify(change.details ?? {}),
    }));
    for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('changes').values(rows.slice(i, i + BATCH)).execute();
    const lastByTranslation = new Map<number, ChangeInput>();
    for (const change of changes) if (change.translationId && CONTENT_ACTIONS.has(change.action)) lastByTranslation.set(change.translationId, change);
    for (const [translationId, change] of lastByTranslation) {
      await db.updateTable('translations').set({ last_change: timestamp, last_author_id: change.authorId ?? change.userId ?? null }).where('id', '=', translationId).execute();
    }
    // User statistics count real actions: one per translated string, whoever's name it goes under.
    const translatedBy = new Map<number, number>();
    for (const change of changes) {
      const author = change.authorId ?? change.userId;
      if (author && TRANSLATION_ACTIONS.has(change.action)) translatedBy.set(author, (translatedBy.get(author) ?? 0) + 1);
    }
    for (const [userId, n] of translatedBy) {
      await db.updateTable('users').set((eb) => ({ stat_translated: eb('stat_translated', '+', n) })).where('id', '=', userId).execute();
    }
  }

  /** Content changes within the six hours before the latest one, over a set of translations. */
  async recentChanges(db: Executor, translationIds: number[] | null, lastChange: string | null): Promise<number> {
    if (!lastChange || (translationIds && translationIds.length === 0)) return 0;
    const since = new Date(Date.parse(lastChange) - RECENT_WINDOW_MS).toISOString();
    let q = db
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'in', [...CONTENT_ACTIONS])
      .where('timestamp', '>=', since)
      .where('timestamp', '<=', lastChange);
    if (translationIds) q = q.where('translation_id', 'in', translationIds);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
