// source-checks: the daily source checks of one component (long_untranslated changes with time alone).
import type { TaskDefinition } from './task.js';

export const sourceChecksTask: TaskDefinition = {
  name: 'source-checks',
  run: (services, payload) => services.sourceChecks.runTask(payload),
};
