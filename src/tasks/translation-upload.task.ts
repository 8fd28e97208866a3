// translation-upload: imports a translation file the web UI stored, as the user who sent it.
import type { TaskDefinition } from './task.js';

export const translationUploadTask: TaskDefinition = {
  // The name BackgroundWorkService queues under (TRANSLATION_UPLOAD_TASK).
  name: 'translation-upload',
  run: (services, payload, ctx) => services.backgroundWork.runUploadTask(payload, ctx),
};
