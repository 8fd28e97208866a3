// /api/projects/: projects, their components (list and creation), languages and statistics.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ProjectInput } from '../../services/catalog/projects.service.js';
import type { ComponentInput } from '../../services/catalog/components.service.js';
import { ValidationError } from '../../shared/errors.js';
import { bodyOf, urlsFor } from '../context.js';
import { createEndpoint, deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { Paginated, ProjectParams, Str, body, documentedRequired, readOnly } from '../schemas/common.js';
import { ComponentBody, ComponentSchema } from '../schemas/component.js';
import { ProjectBody, ProjectSchema } from '../schemas/project.js';
import { ProjectLanguageStatisticsSchema, StatisticsSchema } from '../schemas/statistics.js';
import { serializeComponent, serializeProject } from '../serializers/serializers.js';

type P = FastifyRequest<{ Params: { project: string } }>;

const TokenBody = body({
  name: Str(100),
  expires: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  ...readOnly('id', 'username', 'created', 'token'),
});
const TokenParams = Type.Object({ project: Type.String(), id: Type.String() });
const TokenSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    username: Type.String({ description: 'The bot user the token acts as.' }),
    created: Type.String({ format: 'date-time' }),
    expires: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    token: Type.Optional(Type.String({ description: 'The secret, in the answer of its creation only.' })),
  },
  { title: 'ProjectToken' },
);

/** What project routes use of the container. */
export type ProjectsDeps = Pick<Container, 'config' | 'projects' | 'components' | 'addons' | 'stats' | 'projectTokens' | 'database'>;

export function projectsRoutes(app: FastifyInstance, c: ProjectsDeps): void {
  resource(app, '/api/projects/', { name: 'Project List' }, {
    GET: listEndpoint(c, { item: ProjectSchema }, (request, urls) => ({
      count: () => c.projects.count(request.actor),
      page: (limit, offset) => c.projects.page(request.actor, limit, offset),
      serialize: async (rows) => (await c.projects.withLocks(rows)).map((p) => serializeProject(urls, p)),
    })),
    POST: createEndpoint(
      { body: ProjectBody, response: { 201: ProjectSchema } },
      async (request) => {
        const row = await c.projects.create(request.actor, bodyOf<ProjectInput>(request));
        return serializeProject(urlsFor(c, request), (await c.projects.withLocks([row]))[0]!);
      },
      { body: documentedRequired(ProjectBody, ['name', 'slug']) },
    ),
  });

  resource(app, '/api/projects/:project/', { name: 'Project Instance' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: ProjectSchema } },
      handler: async (request: P) => serializeProject(urlsFor(c, request), (await c.projects.withLocks([await c.projects.getVisible(request.actor, request.params.project)]))[0]!),
    },
    ...updateEndpoints({ params: ProjectParams, body: ProjectBody, response: { 200: ProjectSchema } }, async (request: P) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return serializeProject(urlsFor(c, request), (await c.projects.withLocks([await c.projects.update(request.actor, project, bodyOf<ProjectInput>(request))]))[0]!);
    }),
    DELETE: deleteEndpoint(ProjectParams, async (request: P) => c.projects.remove(request.actor, await c.projects.getVisible(request.actor, request.params.project))),
  });

  resource(app, '/api/projects/:project/components/', { name: 'Project Components' }, {
    GET: listEndpoint(c, { item: ComponentSchema, params: ProjectParams }, async (request: P, urls) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      // Components linked into this project (links/) are listed with its own.
      return {
        count: () => c.components.countListedIn(request.actor, project),
        page: (limit, offset) => c.components.pageListedIn(request.actor, project, limit, offset),
        serialize: async (rows) => (await c.addons.withAddonIds(await c.components.expand(rows))).map((r) => serializeComponent(urls, r)),
      };
    }),
    POST: createEndpoint(
      { params: ProjectParams, body: ComponentBody, response: { 201: ComponentSchema } },
      async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const input = bodyOf<ComponentInput>(request);
        const { zipfile, docfile, ...others } = request.uploads ?? {};
        const unexpected = Object.keys(others);
        if (unexpected.length) throw ValidationError.field(unexpected[0], 'Unexpected file upload.', 'unknown_field');
        const created = await c.components.create(request.actor, project, input, { zipfile, docfile });
        return serializeComponent(urlsFor(c, request), created);
      },
      { body: documentedRequired(ComponentBody, ['name', 'slug']) },
    ),
  });

  resource(app, '/api/projects/:project/statistics/', { name: 'Project Statistics' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: StatisticsSchema } },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const urls = urlsFor(c, request);
        return c.stats.toObject(await c.stats.ofProject(request.actor, project), { name: project.name, url: urls.webProject(project.slug) }, project.translation_review === 1);
      },
    },
  });

  resource(app, '/api/projects/:project/languages/', { name: 'Project Languages' }, {
    GET: listEndpoint(c, { item: ProjectLanguageStatisticsSchema, params: ProjectParams }, async (request: P, urls) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return {
        count: () => c.stats.countProjectLanguages(request.actor, project),
        page: (limit, offset) => c.stats.projectLanguages(request.actor, project, limit, offset),
        serialize: (rows) =>
          rows.map((r) => {
            const obj = c.stats.toObject(r.aggregate, { name: r.name, code: r.code, url: urls.webEngage(project.slug, r.code) }, project.translation_review === 1);
            // The reference's older per-language shape, for clients that still read it.
            obj.language = r.name;
            obj.words_percent = obj.translated_words_percent;
            return obj;
          }),
      };
    }),
  });

  // Parla's own endpoints for project tokens (the reference only has a UI for them).
  resource(app, '/api/projects/:project/tokens/', { name: 'Project Tokens' }, {
    GET: {
      schema: { params: ProjectParams, response: { 200: Paginated(TokenSchema) } },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const results = await c.projectTokens.list(request.actor, project);
        return { count: results.length, next: null, previous: null, results };
      },
    },
    POST: {
      schema: { params: ProjectParams, body: TokenBody, response: { 201: TokenSchema } },
      handler: async (request: P, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const created = await c.projectTokens.create(request.actor, project, bodyOf<{ name?: unknown; expires?: unknown }>(request));
        return reply.code(201).send(created);
      },
    },
  });
  resource(app, '/api/projects/:project/tokens/:id/', { name: 'Project Token' }, {
    DELETE: deleteEndpoint(TokenParams, async (request: FastifyRequest<{ Params: { project: string; id: string } }>) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      await c.projectTokens.remove(request.actor, project, request.params.id);
    }),
  });
}
