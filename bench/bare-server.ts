// Baseline for the HTTP benchmarks: a bare Fastify hello-world route, measured in the same run; with
// BODY_FILE also `/body`, which sends that file's bytes as JSON (the most any route can do with a body that size).
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BODY_FILE) {
  // As bytes: the most a route can do is send bytes it already holds (Parla's read caches keep pages so).
  const body = fs.readFileSync(process.env.BODY_FILE);
  app.get('/body', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
