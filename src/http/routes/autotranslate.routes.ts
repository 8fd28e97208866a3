// POST /api/translations/<p>/<c>/<l>/autotranslate/: automatic translation of a translation's units.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { AutotranslateBody, AutotranslateResultSchema } from '../schemas/autotranslate.js';
import { TranslationParams } from '../schemas/common.js';

type T = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type AutotranslateDeps = Pick<Container, 'autotranslate' | 'components' | 'config' | 'translations'>;

export function autotranslateRoutes(app: FastifyInstance, c: AutotranslateDeps): void {
  resource(app, '/api/translations/:project/:component/:language/autotranslate/', { name: 'Translation Autotranslate' }, {
    POST: {
      schema: { params: TranslationParams, response: { 200: AutotranslateResultSchema } },
      // Checked by AutotranslateService (form bodies too, with the reference's messages).
      described: { body: AutotranslateBody },
      handler: async (request: T) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        const t = await c.translations.getVisible(request.actor, refs, request.params.language);
        const result = await c.autotranslate.request(request.actor, t, request.body);
        // Big translations run as a task: the same `details`, plus where to follow it.
        return result.taskId ? { details: result.details, task_url: urlsFor(c, request).task(result.taskId) } : { details: result.details };
      },
    },
  });
}
