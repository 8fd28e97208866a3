// When a change feed (add-ons, notifications) may pass a hole in the change ids: never before the change that may fill it committed.
import type { DialectName, Executor } from '../../db/database.js';
import type { ChangeRow } from '../../db/schema.js';
import { currentSnapshot } from '../../db/changes.repository.js';

/** A hole in PostgreSQL change ids is not passed before the change after it is this old. */
const GAP_MIN_AGE_MS = 1000;

/**
 * Tracks the hole a feed waits at. SQLite: there is none to wait for – its single writer commits in id
 * order, so a change is visible only after every lower id was committed or rolled back. PostgreSQL:
 * sequence values are handed out before commit and never taken back, so a hole is either a
 * rolled-back change (gone for good) or a transaction still running that will commit a lower id
 * later. Rather than guess with a timeout (a long upload would lose its changes), the hole is passed
 * once every transaction running when it was first seen has ended: its snapshot's xmax is then below
 * the xmin of a current snapshot. The change after the hole must also be a moment old, which covers
 * an INSERT that has drawn its id but not yet its transaction id.
 */
export class ChangeIdGaps {
  /** The hole the feed waits at: first missing id, the id after it, and the snapshot xmax when first seen. */
  private gap: { from: number; to: number; xmax: bigint } | null = null;

  constructor(private readonly dialect: DialectName) {}

  /** Whether the ids from `from` up to `next` (the first visible change after them) can be passed. */
  async settled(executor: Executor, from: number, next: ChangeRow): Promise<boolean> {
    if (this.dialect !== 'postgres') return true;
    if (!this.gap || this.gap.from !== from || this.gap.to !== next.id) {
      this.gap = { from, to: next.id, xmax: BigInt((await currentSnapshot(executor)).xmax) };
      return false;
    }
    if (Date.now() - Date.parse(next.timestamp) < GAP_MIN_AGE_MS) return false;
    if (BigInt((await currentSnapshot(executor)).xmin) < this.gap.xmax) return false;
    this.gap = null;
    return true;
  }

  /** Forgets the hole (the cursor jumped past it). */
  reset(): void {
    this.gap = null;
  }
}
