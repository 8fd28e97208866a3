// /api/units/: every unit the caller may see, and one unit by id (read, PATCH/PUT, DELETE).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { CachedJson } from '../cached-json.js';
import { paginate, UNIT_PAGES } from '../pagination.js';
import { resource } from '../resource.js';
import { ErrorSchema, IdParams, NoContent, Paginated, SearchPageQuery } from '../schemas/common.js';
import { NotModified } from '../schemas/docs.js';
import { UnitReplaceBody, UnitSchema, UnitWriteBody } from '../schemas/unit.js';
import { serializeUnit } from '../serializers/serializers.js';
import { ifMatchOf, notModified, setUnitEtag } from '../unit-etag.js';

const Params = IdParams;

/** What unit routes use of the container. */
export type UnitsDeps = Pick<Container, 'config' | 'units' | 'unitEdits' | 'database'>;

/** `q` (search query language) and its older spelling `filter_type` on unit lists. */
export type SearchQuery = { q?: string; filter_type?: string };

export function unitsRoutes(app: FastifyInstance, c: UnitsDeps): void {
  resource(app, '/api/units/', { name: 'Unit List' }, {
    GET: {
      schema: { response: { 200: Paginated(UnitSchema) } },
      described: { querystring: SearchPageQuery },
      handler: async (request) => {
        const urls = urlsFor(c, request);
        const where = c.units.filter(request.query as SearchQuery);
        return paginate(
          request,
          UNIT_PAGES,
          () => c.units.countVisible(request.actor, where),
          (limit, offset) => c.units.pageVisible(request.actor, limit, offset, where),
          (rows) => rows.map((r) => serializeUnit(urls, r)),
        );
      },
    },
  });

  type R = FastifyRequest<{ Params: { id: string } }>;
  const unitId = (request: R) => {
    const id = request.params.id;
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    return Number(id);
  };
  // The body plugin has already put form bodies into the JSON shape (registerBodyShapes: UnitWriteBody).
  // With If-Match the write happens only while the unit still has that ETag (412 otherwise); the answer carries the new one.
  const write = (partial: boolean) => async (request: R, reply: FastifyReply) => {
    const ifMatch = ifMatchOf(request);
    const saved = await c.unitEdits.patch(request.actor, unitId(request), request.body, { partial, ...(ifMatch !== undefined ? { ifMatch } : {}) });
    setUnitEtag(reply, saved);
    return serializeUnit(urlsFor(c, request), saved);
  };

  // A unit's JSON is the same for everyone who may see it: kept until the database changes.
  const unitJson = new CachedJson(c.database, 10_000);
  resource(app, '/api/units/:id/', { name: 'Unit Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: UnitSchema, 304: NotModified } },
      handler: async (request: R, reply) => {
        const id = unitId(request);
        const unit = await c.units.getVisible(request.actor, id);
        if (notModified(request, setUnitEtag(reply, unit))) return reply.code(304).send();
        return unitJson.send(request, reply, String(id), () => serializeUnit(urlsFor(c, request), unit));
      },
    },
    PUT: { schema: { params: Params, response: { 200: UnitSchema, 412: ErrorSchema } }, described: { body: UnitReplaceBody }, handler: write(false) },
    PATCH: { schema: { params: Params, response: { 200: UnitSchema, 412: ErrorSchema } }, described: { body: UnitWriteBody }, handler: write(true) },
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      handler: async (request: R, reply) => {
        await c.unitEdits.remove(request.actor, unitId(request));
        return reply.code(204).send();
      },
    },
  });
}
