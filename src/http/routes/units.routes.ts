// /api/units/: every unit the caller may see, and one unit by id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { paginate, UNIT_PAGES } from '../pagination.js';
import { resource } from '../resource.js';
import { serializeUnit } from '../serializers/serializers.js';

const Params = Type.Object({ id: Type.String() });

export function unitsRoutes(app: FastifyInstance, c: Container): void {
  resource(app, '/api/units/', { name: 'Unit List' }, {
    GET: {
      handler: async (request) => {
        const urls = urlsFor(c, request);
        return paginate(
          request,
          UNIT_PAGES,
          () => c.units.countVisible(request.actor),
          (limit, offset) => c.units.pageVisible(request.actor, limit, offset),
          (rows) => rows.map((r) => serializeUnit(urls, r)),
        );
      },
    },
  });

  resource(app, '/api/units/:id/', { name: 'Unit Instance' }, {
    GET: {
      schema: { params: Params },
      handler: async (request: FastifyRequest<{ Params: { id: string } }>) => {
        const id = request.params.id;
        if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
        return serializeUnit(urlsFor(c, request), await c.units.getVisible(request.actor, Number(id)));
      },
    },
  });
}
