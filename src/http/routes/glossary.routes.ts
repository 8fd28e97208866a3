// GET /api/units/<id>/glossary/: the glossary terms found in a unit's source, with their translation in the unit's language (Parla's own).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { IdParams } from '../schemas/common.js';
import { GlossaryTermSchema } from '../schemas/glossary.js';

const Params = IdParams;
type R = FastifyRequest<{ Params: { id: string } }>;

/** What these routes use of the container. */
export type GlossaryDeps = Pick<Container, 'config' | 'glossary'>;

export function glossaryRoutes(app: FastifyInstance, c: GlossaryDeps): void {
  const glossary = c.glossary;
  resource(app, '/api/units/:id/glossary/', { name: 'Unit Glossary' }, {
    GET: {
      schema: { params: Params, response: { 200: Type.Array(GlossaryTermSchema) } },
      handler: async (request: R) => {
        if (!/^\d{1,15}$/.test(request.params.id)) throw new NotFoundError();
        const urls = urlsFor(c, request);
        const terms = await glossary.forUnit(request.actor, Number(request.params.id));
        return terms.map((t) => ({
          source: t.source,
          target: t.target,
          context: t.context,
          explanation: t.explanation,
          forbidden: t.forbidden,
          read_only: t.readOnly,
          unit: urls.unit(t.unitId),
          component: urls.component(t.projectSlug, t.componentSlug),
        }));
      },
    },
  });
}
