// component-setup: clones and scans a new component's repository, then clears the component's running task.
import { clearComponentTask } from '../db/tasks.repository.js';
import type { TaskDefinition } from './task.js';

export const componentSetupTask: TaskDefinition = {
  name: 'component-setup',
  run: async (services, payload, ctx) => {
    const result = await services.repository.setup(Number(payload.componentId), (percent, message) => ctx.progress(percent, message));
    await clearComponentTask(services.db, Number(payload.componentId));
    return result;
  },
};
