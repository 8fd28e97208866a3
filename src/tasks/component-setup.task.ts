// component-setup: clones and scans a new component's repository, then clears the component's running task.
import { setComponentTask } from '../db/components.repository.js';
import type { TaskDefinition } from './task.js';

export const componentSetupTask: TaskDefinition = {
  name: 'component-setup',
  run: async (services, payload, ctx) => {
    const result = await services.repository.setup(Number(payload.componentId), (percent, message) => ctx.progress(percent, message));
    await setComponentTask(services.db, Number(payload.componentId), null);
    return result;
  },
};
