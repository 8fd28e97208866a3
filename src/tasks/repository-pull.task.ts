// repository-pull: pulls a component's repository (a forge hook announced a push).
import type { TaskDefinition } from './task.js';

export const repositoryPullTask: TaskDefinition = {
  name: 'repository-pull',
  run: async (services, payload) => services.repository.run(await services.repository.refsById(Number(payload.componentId)), 'pull', null),
};
