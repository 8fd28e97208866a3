// `parla worker`: builds the container like `serve` does and consumes BullMQ tasks, without an HTTP listener.
import { ConfigError, type Config } from '../config.js';
import { createContainer } from '../container.js';

/** Runs until SIGTERM or SIGINT; then finishes the running tasks and exits. */
export async function runWorker(config: Config): Promise<void> {
  if (!config.redisUrl) {
    throw new ConfigError('`parla worker` needs PARLA_REDIS_URL (redis://…): without Redis, `parla serve` runs the background tasks itself.');
  }
  const container = await createContainer(config, { runTasks: true });
  await container.start({ log: { error: (err, message) => console.error(`parla worker: ${message}: ${err instanceof Error ? err.message : String(err)}`) } });
  console.error(`parla worker: consuming background tasks (Redis prefix "${config.redisPrefix}", ${config.workerConcurrency} at a time)`);
  // As `parla serve` does at start: components whose database a killed process left behind their checkout catch up.
  void container.repository
    .healAll()
    .then(({ healed, failed }) => {
      if (healed.length) console.error(`parla worker: re-read the files of components ${healed.join(', ')} (their database was behind their checkout)`);
      for (const { id, error } of failed) console.error(`parla worker: bringing component ${id} in line with its checkout failed: ${error instanceof Error ? error.message : String(error)}`);
    })
    .catch((e: unknown) => console.error(`parla worker: checking components against their checkouts failed: ${e instanceof Error ? e.message : String(e)}`));
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.error(`parla worker: ${signal}: finishing running tasks`);
      resolve();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
  await container.close();
}
