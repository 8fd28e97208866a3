// memory-import: adds the entries of an uploaded TMX, JSON or PO file to the site's or a project's translation memory.
import type { TaskDefinition } from './task.js';

export const memoryImportTask: TaskDefinition = {
  name: 'memory-import',
  run: (services, payload, ctx) => services.memoryImport.runTask(payload, ctx),
};
