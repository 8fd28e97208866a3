// project-backup: writes a backup of one project into the data dir (see ProjectBackupsService).
import type { TaskDefinition } from './task.js';

export const projectBackupTask: TaskDefinition = {
  name: 'project-backup',
  run: (services, payload, ctx) => services.backups.runTask(payload, (percent, message) => ctx.progress(percent, message)),
};
