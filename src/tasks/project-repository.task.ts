// repository-operation: a project-level repository operation asked for with `background`.
import type { TaskDefinition } from './task.js';

export const projectRepositoryTask: TaskDefinition = {
  name: 'repository-operation',
  run: (services, payload, ctx) => services.projectRepository.runTask(payload, ctx),
};
