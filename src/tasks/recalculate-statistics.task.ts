// recalculate-statistics: rebuilds the statistics counters of one component, or of every one.
import type { TaskDefinition } from './task.js';

export const recalculateStatisticsTask: TaskDefinition = {
  name: 'recalculate-statistics',
  run: (services, payload, ctx) =>
    services.stats.recalculate(typeof payload.componentId === 'number' ? payload.componentId : undefined, (done, total) => ctx.progress((100 * done) / total)),
};
