// /api/changes/ and the change lists of projects, components and translations:
// filters user, action (repeatable), timestamp_after/timestamp_before; newest first; only what the caller may see.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { parseChangeFilters, type ChangeScope } from '../../services/activity/changes.service.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { ComponentParams, Paginated, ProjectParams, TranslationParams } from '../schemas/common.js';
import { ChangeQuery, ChangeSchema } from '../schemas/change.js';
import { serializeChange } from '../serializers/changes.js';

const IdParams = Type.Object({ id: Type.String() });
/** Every change list: filters read by ChangesService, the page envelope of changes. */
const listed = { schema: { response: { 200: Paginated(ChangeSchema) } }, described: { querystring: ChangeQuery } };

type P = FastifyRequest<{ Params: { project: string } }>;
type C = FastifyRequest<{ Params: { project: string; component: string } }>;
type T = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type ChangesDeps = Pick<Container, 'changes' | 'components' | 'config' | 'projects' | 'translations'>;

export function changesRoutes(app: FastifyInstance, c: ChangesDeps): void {
  /** One page of the changes in `scope` the caller may see, after the scope object itself was found. */
  const list = async (request: FastifyRequest, scope: ChangeScope) => {
    const filters = parseChangeFilters((request.query ?? {}) as Record<string, unknown>);
    const urls = urlsFor(c, request);
    return paginate(
      request,
      listLimits(c.config.pageSize),
      () => c.changes.count(request.actor, scope, filters),
      (limit, offset) => c.changes.page(request.actor, scope, filters, limit, offset),
      async (rows) => {
        const refs = await c.changes.refs(rows);
        return rows.map((row) => serializeChange(urls, row, refs));
      },
    );
  };

  resource(app, '/api/changes/', { name: 'Change List' }, {
    GET: { ...listed, handler: async (request) => list(request, {}) },
  });

  resource(app, '/api/changes/:id/', { name: 'Change Instance' }, {
    GET: {
      schema: { params: IdParams, response: { 200: ChangeSchema } },
      handler: async (request: FastifyRequest<{ Params: { id: string } }>) => {
        const id = request.params.id;
        if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
        const row = await c.changes.getVisible(request.actor, Number(id));
        if (!row) throw new NotFoundError();
        return serializeChange(urlsFor(c, request), row, await c.changes.refs([row]));
      },
    },
  });

  resource(app, '/api/projects/:project/changes/', { name: 'Project Changes' }, {
    GET: {
      schema: { params: ProjectParams, ...listed.schema },
      described: listed.described,
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return list(request, { projectId: project.id });
      },
    },
  });

  resource(app, '/api/components/:project/:component/changes/', { name: 'Component Changes' }, {
    GET: {
      schema: { params: ComponentParams, ...listed.schema },
      described: listed.described,
      handler: async (request: C) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        return list(request, { componentId: refs.component.id });
      },
    },
  });

  resource(app, '/api/translations/:project/:component/:language/changes/', { name: 'Translation Changes' }, {
    GET: {
      schema: { params: TranslationParams, ...listed.schema },
      described: listed.described,
      handler: async (request: T) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        const t = await c.translations.getVisible(request.actor, refs, request.params.language);
        return list(request, { translationId: t.translation.id });
      },
    },
  });
}
