// Test helper run as a separate process: a BullMQ consumer whose "hang" task never ends, to be killed mid-task.
// Usage: node --import tsx bullmq-queue.fixture.ts <databaseUrl> <redisUrl> <prefix>
import { openDatabase } from '../db/database.js';
import { BullMqTaskQueue } from './bullmq-queue.js';

const [databaseUrl, redisUrl, prefix] = process.argv.slice(2);
const database = openDatabase(databaseUrl!);
const queue = new BullMqTaskQueue(database.db, { redisUrl: redisUrl!, prefix: prefix!, lockMs: 500 });
queue.register('hang', async () => {
  process.stdout.write('running\n');
  await new Promise(() => undefined);
});
await queue.consume(1);
process.stdout.write('ready\n');
