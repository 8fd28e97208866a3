// Process entry for `parla serve`: config → container → app → start() → listen, with graceful shutdown (close() stops).
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { createContainer } from './container.js';
import { listenError } from './cli/fatal.js';

/** How long a shutdown waits for answers still being sent before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function serve(config: Config): Promise<void> {
  const container = await createContainer(config, { runTasks: config.serveRunsTasks });
  const app = await buildApp(container, { logger: { level: config.logLevel } });
  // Background work starts before the first request: the pending-commit timer, the add-on feed, task consumers.
  await container.start({ log: { error: (err, message) => app.log.error({ err }, message) }, commitPending: true });
  if (config.redisUrl && !config.serveRunsTasks) app.log.info('background tasks go to the Redis queue: run `parla worker` (or set PARLA_SERVE_RUNS_TASKS=1)');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Requests under way get a grace period; a client that stopped reading its answer must not hold the shutdown.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await container.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    // Nothing may keep the process alive after a failed start: the caller reports the error and exits.
    await app.close();
    await container.close();
    throw listenError(e, config);
  }
  // A process killed mid-pull left some database behind its checkout: catch up without waiting for the next
  // operation. Other processes starting too take the same repository locks, so each component heals once.
  container.repository
    .healAll()
    .then(({ healed, failed }) => {
      if (healed.length) app.log.warn({ components: healed }, 're-read the files of components whose database was behind their checkout');
      for (const { id, error } of failed) app.log.error({ err: error, component: id }, 'bringing a component in line with its checkout failed');
    })
    .catch((e: unknown) => app.log.error({ err: e }, 'checking components against their checkouts failed'));
}
