// addon-event: runs one add-on event over components (repository events inside the repository lock).
import type { TaskDefinition } from './task.js';

export const ADDON_EVENT_TASK = 'addon-event';

export const addonEventTask: TaskDefinition = {
  name: ADDON_EVENT_TASK,
  run: (services, payload) => services.addons.runTask(payload),
};
