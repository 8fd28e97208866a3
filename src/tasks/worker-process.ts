// `parla worker`: builds the container like `serve` does and consumes BullMQ tasks; its only HTTP listener is the
// optional probe (PARLA_WORKER_HEALTH_PORT).
import http from 'node:http';
import { ConfigError, type Config } from '../config.js';
import { createContainer, type Container } from '../container.js';
import { METRICS_CONTENT_TYPE, metricsAuthorized, metricsText } from '../shared/metrics.js';

/**
 * The worker's probe: GET or HEAD /healthz (the process answers) and /readyz (the same checks as `parla serve`'s,
 * 503 naming the failed ones); with a metrics token, /metrics as `parla serve` answers it (Prometheus text, 401
 * without the token); anything else is 404. Plain node:http: the worker has no Fastify app.
 */
export async function startHealthListener(health: Container['health'], host: string, port: number, metricsToken: string | null = null): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?', 1)[0];
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, { detail: `Method "${request.method}" not allowed.` });
    if (pathname === '/healthz') return send(200, { status: 'ok' });
    if (pathname === '/metrics' && metricsToken) {
      if (!metricsAuthorized(request.headers.authorization, metricsToken)) {
        response.setHeader('WWW-Authenticate', 'Bearer');
        return send(401, { detail: 'Authentication credentials were not provided.' });
      }
      metricsText().then(
        (text) => {
          response.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => send(500, { detail: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (pathname !== '/readyz') return send(404, { detail: 'Not found.' });
    health.readiness().then(
      (readiness) => send(readiness.status === 'ok' ? 200 : 503, readiness),
      (error: unknown) => send(503, { status: 'unavailable', error: error instanceof Error ? error.message : String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Runs until SIGTERM or SIGINT; then finishes the running tasks and exits. */
export async function runWorker(config: Config): Promise<void> {
  if (!config.redisUrl) {
    throw new ConfigError('`parla worker` needs PARLA_REDIS_URL (redis://…): without Redis, `parla serve` runs the background tasks itself.');
  }
  const container = await createContainer(config, { runTasks: true });
  await container.start({ log: { error: (err, message) => console.error(`parla worker: ${message}: ${err instanceof Error ? err.message : String(err)}`) } });
  console.error(`parla worker: consuming background tasks (Redis prefix "${config.redisPrefix}", ${config.workerConcurrency} at a time)`);
  let probe: http.Server | null = null;
  if (config.workerHealthPort !== null) {
    try {
      probe = await startHealthListener(container.health, config.host, config.workerHealthPort, config.metricsToken);
    } catch (error) {
      await container.close();
      throw error;
    }
    const address = probe.address();
    console.error(`parla worker: health probe on http://${config.host}:${typeof address === 'object' && address ? address.port : config.workerHealthPort}/healthz and /readyz${config.metricsToken ? ' and /metrics' : ''}`);
  }
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
  if (probe) {
    const closed = new Promise<void>((resolve) => probe.close(() => resolve()));
    probe.closeAllConnections();
    await closed;
  }
  await container.close();
}
