// Repository notification hooks (/hooks/<service>/, also without the slash, and the deprecated /hooks/update/…): a push triggers a background pull.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { urlsFor } from '../context.js';
import { HookPayload, HookPingSchema, HookTriggeredSchema, HookUnmatchedSchema, HookUpdateSchema } from '../schemas/hook.js';

/** What these routes use of the container. */
export type HooksDeps = Pick<Container, 'config' | 'hooks'>;

// The answers by status, for the OpenAPI document (which adds the usual error answers of routes outside resource()).
const NOTIFY = { schema: { response: { 200: HookTriggeredSchema, 201: HookPingSchema, 202: HookUnmatchedSchema } }, config: { summary: 'Repository push notification from a code hosting service', described: { body: HookPayload } } };
const UPDATE_PROJECT = { schema: { response: { 200: HookUpdateSchema } }, config: { summary: "Pull the project's repositories (deprecated)" } };
const UPDATE_COMPONENT = { schema: { response: { 200: HookUpdateSchema } }, config: { summary: "Pull the component's repository (deprecated)" } };

export function hooksRoutes(app: FastifyInstance, c: HooksDeps): void {
  void app.register(async (scope) => {
    // Signatures are computed over the raw body, and payloads arrive as JSON or as the `payload` field of a form
    // (urlencoded or multipart): the body is kept as it came and decoded by the hook layer.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, body));

    const notify = async (request: FastifyRequest<{ Params: { service: string }; Body: Buffer | undefined }>, reply: FastifyReply) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
      const outcome = await c.hooks.notify(request.params.service, { headers, body: request.body ?? Buffer.alloc(0) });
      switch (outcome.kind) {
        case 'ping':
          return reply.code(201).send({ status: 'success', message: outcome.message });
        case 'unmatched':
          return reply.code(202).send({ status: 'failure', message: outcome.message, match_status: outcome.match_status, updated_components: [] });
        case 'triggered': {
          const urls = urlsFor(c, request);
          return reply.code(200).send({
            status: 'success',
            message: outcome.message,
            match_status: outcome.match_status,
            updated_components: outcome.components.map((x) => urls.component(x.project.slug, componentPathSegment(x.component))),
          });
        }
      }
    };
    scope.post('/hooks/:service/', NOTIFY, notify);
    // Forges are often configured with the address without its trailing slash: it is the same hook.
    scope.post('/hooks/:service', { ...NOTIFY, config: { ...NOTIFY.config, summary: `${NOTIFY.config.summary} (the same, without the trailing slash)` } }, notify);

    const update = async (request: FastifyRequest<{ Params: { project: string; component?: string } }>) => {
      await c.hooks.update(request.actor, request.params.project, request.params.component);
      return { status: 'success', message: 'Update triggered' };
    };
    for (const method of ['GET', 'POST'] as const) {
      scope.route({ method, url: '/hooks/update/:project/', ...UPDATE_PROJECT, handler: update });
      scope.route({ method, url: '/hooks/update/:project/:component/', ...UPDATE_COMPONENT, handler: update });
    }
  });
}
