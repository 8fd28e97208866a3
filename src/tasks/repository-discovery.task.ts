// repository-discovery: clones a repository for the component creation form and proposes the file layouts it holds.
import type { TaskDefinition } from './task.js';

export const repositoryDiscoveryTask: TaskDefinition = {
  name: 'repository-discovery',
  run: (services, payload, ctx) => services.discovery.runTask(payload, ctx),
};
