// send-mail: hands one stored message to the mail server (or the outbox); a failure leaves it for a later attempt.
import type { TaskDefinition } from './task.js';

export const sendMailTask: TaskDefinition = {
  name: 'send-mail',
  run: (services, payload) => services.mail.runTask(payload),
};
