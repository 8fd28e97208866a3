// /api/changes/ and the change lists of projects, components and translations:
// filters user, action (repeatable), timestamp_after/timestamp_before; newest first; only what the caller may see.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Container } from '../../container.js';
import type { ChangeRow } from '../../db/schema.js';
import { parseChangeFilters, type ChangeScope } from '../../services/activity/changes.service.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { listEndpoint, type ListOptions, type ListSource } from '../endpoints.js';
import { resource } from '../resource.js';
import { ComponentParams, ProjectParams, TranslationParams } from '../schemas/common.js';
import { ChangeQuery, ChangeSchema } from '../schemas/change.js';
import { serializeChange } from '../serializers/changes.js';
import type { Urls } from '../urls.js';

const IdParams = Type.Object({ id: Type.String() });
/** Every change list: filters read by ChangesService, the page envelope of changes. */
const listed = (params?: TSchema): ListOptions => ({ item: ChangeSchema, params, query: ChangeQuery });

type P = FastifyRequest<{ Params: { project: string } }>;
type C = FastifyRequest<{ Params: { project: string; component: string } }>;
type T = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type ChangesDeps = Pick<Container, 'changes' | 'components' | 'config' | 'projects' | 'translations'>;

export function changesRoutes(app: FastifyInstance, c: ChangesDeps): void {
  /** The changes in `scope` the caller may see, after the scope object itself was found. */
  const list = (request: FastifyRequest, urls: Urls, scope: ChangeScope): ListSource<ChangeRow> => {
    const filters = parseChangeFilters((request.query ?? {}) as Record<string, unknown>);
    return {
      count: () => c.changes.count(request.actor, scope, filters),
      page: (limit, offset) => c.changes.page(request.actor, scope, filters, limit, offset),
      serialize: async (rows) => {
        const refs = await c.changes.refs(rows);
        return rows.map((row) => serializeChange(urls, row, refs));
      },
    };
  };

  resource(app, '/api/changes/', { name: 'Change List' }, {
    GET: listEndpoint(c, listed(), (request, urls) => list(request, urls, {})),
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
    GET: listEndpoint(c, listed(ProjectParams), async (request: P, urls) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return list(request, urls, { projectId: project.id });
    }),
  });

  resource(app, '/api/components/:project/:component/changes/', { name: 'Component Changes' }, {
    GET: listEndpoint(c, listed(ComponentParams), async (request: C, urls) => {
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
      return list(request, urls, { componentId: refs.component.id });
    }),
  });

  resource(app, '/api/translations/:project/:component/:language/changes/', { name: 'Translation Changes' }, {
    GET: listEndpoint(c, listed(TranslationParams), async (request: T, urls) => {
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
      const t = await c.translations.getVisible(request.actor, refs, request.params.language);
      return list(request, urls, { translationId: t.translation.id });
    }),
  });
}
