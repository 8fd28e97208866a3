// /api/memory/: list with filters, DELETE of one entry, and POST lookup/ (best match per string).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { MemoryRow } from '../../db/schema.js';
import { booleanParameter } from '../../services/common/validation.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { IdParams, NoContent, Paginated } from '../schemas/common.js';
import { MemoryListQuery, MemoryLookupBody, MemoryLookupQuery, MemoryLookupResultSchema, MemorySchema } from '../schemas/memory.js';

function serializeMemory(row: MemoryRow) {
  return {
    id: row.id,
    source: row.source,
    target: row.target,
    source_language: row.source_language_id,
    target_language: row.target_language_id,
    origin: row.origin,
    project: row.project_id,
    from_file: row.from_file === 1,
    shared: row.shared === 1,
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** What these routes use of the container. */
export type MemoryDeps = Pick<Container, 'config' | 'memory'>;

export function memoryRoutes(app: FastifyInstance, c: MemoryDeps): void {
  resource(app, '/api/memory/', { name: 'Memory List' }, {
    GET: {
      schema: { response: { 200: Paginated(MemorySchema) } },
      described: { querystring: MemoryListQuery },
      handler: async (request: FastifyRequest) => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        const filters = { source: str(q.source), source_language: str(q.source_language), target_language: str(q.target_language), project: str(q.project) };
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.memory.count(request.actor, filters),
          (limit, offset) => c.memory.page(request.actor, filters, limit, offset),
          (rows) => rows.map(serializeMemory),
        );
      },
    },
  });

  resource(app, '/api/memory/:id/', { name: 'Memory Instance' }, {
    DELETE: {
      schema: { params: IdParams, response: { 204: NoContent } },
      handler: async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        if (!/^\d{1,15}$/.test(request.params.id)) throw new NotFoundError();
        await c.memory.remove(request.actor, Number(request.params.id));
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/memory/lookup/', { name: 'Memory Lookup' }, {
    POST: {
      schema: { response: { 200: MemoryLookupResultSchema } },
      described: { querystring: MemoryLookupQuery, body: MemoryLookupBody },
      handler: async (request: FastifyRequest) => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        const scope = await c.memory.lookupScope(request.actor, str(q.project));
        const source = await c.memory.resolveLanguage(str(q.source_language), 'source_language');
        const target = await c.memory.resolveLanguage(str(q.target_language), 'target_language');
        const exactOnly = booleanParameter('exact', q.exact) ?? false;
        const body = (request.body ?? {}) as Record<string, unknown>;
        const strings = body.strings;
        if (!Array.isArray(strings) || strings.length === 0) throw ValidationError.field('strings', 'This field is required.', 'required');
        if (strings.length > 100) throw ValidationError.field('strings', 'Ensure this field has no more than 100 elements.', 'max_length');
        for (const s of strings) {
          if (typeof s !== 'string' || s.trim() === '') throw ValidationError.field('strings', 'This field may not be blank.', 'blank');
          if (s.length > 2000) throw ValidationError.field('strings', 'Ensure this field has no more than 2000 characters.', 'max_length');
        }
        const out = [];
        for (const s of strings as string[]) {
          const [best] = await c.memory.lookup(s, source, target, { scope, limit: 1, exactOnly });
          out.push({ query: s, match: best ? { id: best.id, source: best.source, target: best.target, origin: best.origin, exact: best.exact, quality: best.quality } : null });
        }
        return out;
      },
    },
  });
}
