// The task handlers, by task name: the built-in ones here and the tasks each add-on declares.
import { listAddons } from '../addons/registry.js';
import { addonEventTask } from './addon-event.task.js';
import { autotranslateTask } from './autotranslate.task.js';
import { componentSetupTask } from './component-setup.task.js';
import { recalculateStatisticsTask } from './recalculate-statistics.task.js';
import { repositoryPullTask } from './repository-pull.task.js';
import { projectBackupTask } from './project-backup.task.js';
import { projectRepositoryTask } from './project-repository.task.js';
import { sendMailTask } from './send-mail.task.js';
import { repositoryDiscoveryTask } from './repository-discovery.task.js';
import { memoryImportTask } from './memory-import.task.js';
import { translationUploadTask } from './translation-upload.task.js';
import { bulkEditTask } from './bulk-edit.task.js';
import { sourceChecksTask } from './source-checks.task.js';
import type { TaskDefinition, TaskServices } from './task.js';
import type { TaskQueue } from './task-queue.js';

export const TASKS: readonly TaskDefinition[] = [recalculateStatisticsTask, repositoryPullTask, componentSetupTask, autotranslateTask, addonEventTask, projectBackupTask, projectRepositoryTask, sendMailTask, repositoryDiscoveryTask, translationUploadTask, memoryImportTask, bulkEditTask, sourceChecksTask];

/** Every task handler, the add-ons' tasks included; `parla serve` and `parla worker` register the same ones. */
export function taskDefinitions(): TaskDefinition[] {
  const addonTasks = listAddons().flatMap((definition) =>
    Object.entries(definition.tasks ?? {}).map(([name, run]): TaskDefinition => ({ name, run: (services, payload, ctx) => run(services.addonServices, payload, ctx) })),
  );
  return [...TASKS, ...addonTasks];
}

/** Registers every handler on a queue, bound to the services; done while building, before any task can arrive. */
export function registerTasks(queue: TaskQueue, services: TaskServices): void {
  for (const task of taskDefinitions()) queue.register(task.name, (payload, ctx) => task.run(services, payload, ctx));
}
