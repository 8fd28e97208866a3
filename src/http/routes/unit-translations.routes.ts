// /api/units/<id>/translations/: the other languages' units of a source string, as a bare array.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { IdParams } from '../schemas/common.js';
import { UnitSchema } from '../schemas/unit.js';
import { serializeUnit } from '../serializers/serializers.js';

/** What these routes use of the container. */
export type UnitTranslationsDeps = Pick<Container, 'config' | 'unitTranslations'>;

type R = FastifyRequest<{ Params: { id: string } }>;

export function unitTranslationsRoutes(app: FastifyInstance, c: UnitTranslationsDeps): void {
  resource(app, '/api/units/:id/translations/', { name: 'Unit Translations', description: 'The units translating a source string in the other languages of its component (source units only).' }, {
    GET: {
      schema: { params: IdParams, response: { 200: Type.Array(UnitSchema, { description: 'Not paginated.' }) } },
      handler: async (request: R) => {
        if (!/^\d{1,15}$/.test(request.params.id)) throw new NotFoundError();
        const urls = urlsFor(c, request);
        return (await c.unitTranslations.list(request.actor, Number(request.params.id))).map((r) => serializeUnit(urls, r));
      },
    },
  });
}
