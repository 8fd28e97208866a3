// autotranslate: fills a translation from other components or machine translation in the background.
import type { TaskDefinition } from './task.js';

export const autotranslateTask: TaskDefinition = {
  // The name AutotranslateService queues under (AUTOTRANSLATE_TASK; registry.test.ts holds them equal).
  name: 'autotranslate',
  run: (services, payload, ctx) => services.autotranslate.runTask(payload, ctx),
};
