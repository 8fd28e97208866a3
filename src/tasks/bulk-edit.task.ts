// bulk-edit: a bulk edit or a search and replace over a large set of strings, as the user who asked.
import type { TaskDefinition } from './task.js';

export const bulkEditTask: TaskDefinition = {
  // The name BulkEditService queues under (BULK_EDIT_TASK).
  name: 'bulk-edit',
  run: (services, payload, ctx) => services.bulkEdit.runTask(payload, ctx),
};
