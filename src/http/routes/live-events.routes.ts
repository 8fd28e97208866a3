// A translation's live events as server-sent events (text/event-stream): saved units and who is viewing, for the editor's script.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { LiveEvent } from '../../services/live/live-bus.js';
import { uiKit } from '../ui-kit.js';

type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type LiveEventsDeps = Pick<Container, 'components' | 'live' | 'sessions' | 'stats' | 'translations'>;

/** A comment line this often keeps proxies and browsers from timing the stream out (milliseconds). */
const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting after the stream ends (milliseconds). */
const RETRY_MS = 2000;

/** One event in the text/event-stream format; events without an id (a first presence list) set none. */
export function eventText(e: LiveEvent): string {
  return `${e.id ? `id: ${e.id}\n` : ''}event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export function liveEventsRoutes(app: FastifyInstance, c: LiveEventsDeps): void {
  const { translationOf } = uiKit(c);

  // Open streams end before the server waits for its requests to finish, so that closing never hangs on them.
  app.addHook('preClose', async () => {
    await c.live.stop();
  });

  app.get(
    '/translate/:project/:component/:language/events/',
    // A stream is written as events happen: compression would hold them back, and HEAD would open one for nothing.
    { compress: false, exposeHeadRoute: false },
    async (request: TP, reply) => {
      // Whoever may view the translation may follow it (404 otherwise, as for its pages).
      const t = await translationOf(request);
      const user = request.actor.user;
      const header = request.headers['last-event-id'];
      const body = new PassThrough();
      let heartbeat: NodeJS.Timeout | null = null;
      const finish = () => {
        if (heartbeat) clearInterval(heartbeat);
        heartbeat = null;
        if (!body.writableEnded) body.end();
      };
      body.write(`retry: ${RETRY_MS}\n: ${t.translation.id}\n\n`);
      // Beyond the limits this throws a 429 (the usual JSON error body).
      const stream = await c.live.open({
        translationId: t.translation.id,
        viewer: user ? { username: user.username, full_name: user.full_name || user.username } : null,
        owner: user ? `user:${user.id}` : `address:${request.ip}`,
        lastEventId: typeof header === 'string' ? header.trim() : null,
        onEvent: (e) => {
          if (!body.writableEnded) body.write(eventText(e));
        },
        onEnd: finish,
      });
      heartbeat = setInterval(() => {
        if (!body.writableEnded) body.write(': heartbeat\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
      // The client went away (or the answer ended): the stream and its presence go.
      const gone = () => {
        finish();
        void stream.close();
      };
      if (request.raw.socket.destroyed) gone();
      else reply.raw.once('close', gone);
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
}
