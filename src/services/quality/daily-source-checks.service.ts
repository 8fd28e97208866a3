// The daily run of the source checks that change with time alone (long_untranslated): one task per component a day.
import { DAY_MS } from '../../shared/clock.js';
import type { Db } from '../../db/database.js';
import { claimSourceChecks, componentsDueForSourceChecks } from '../../db/checks.repository.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import { recheckOldSourceUnits } from './unit-checks.js';

/** The task name a component's daily source checks are queued under. */
export const SOURCE_CHECKS_TASK = 'source-checks';


/**
 * Every hour, each component whose source strings were not checked in the last day is claimed (one statement, so
 * that several server processes queue it once) and queued; the task runs where tasks run.
 */
export class DailySourceChecks {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly tasks: Pick<TaskQueue, 'enqueue'>,
  ) {}

  /** Queues the components that are due; returns how many. */
  async queueDue(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - DAY_MS).toISOString();
    let queued = 0;
    for (const componentId of await componentsDueForSourceChecks(this.db, before)) {
      if (!(await claimSourceChecks(this.db, componentId, now.toISOString(), before))) continue;
      await this.tasks.enqueue(SOURCE_CHECKS_TASK, { componentId }, { componentId });
      queued++;
    }
    return queued;
  }

  /** The task: the component's old source strings checked again (a component removed meanwhile has none). */
  async runTask(payload: Record<string, unknown>): Promise<{ checked: number }> {
    const componentId = Number(payload.componentId);
    if (!Number.isSafeInteger(componentId)) throw new Error('The task names no component.');
    return { checked: await recheckOldSourceUnits(this.db, componentId, new Date()) };
  }

  start(intervalMs = 3600_000): void {
    if (this.timer) return;
    const tick = () => void this.queueDue().catch(() => undefined);
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
