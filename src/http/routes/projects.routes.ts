// /api/projects/: projects, their components (list and creation), languages and statistics.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ProjectInput } from '../../services/projects.service.js';
import type { ComponentInput } from '../../services/components.service.js';
import { ValidationError } from '../../shared/errors.js';
import { bodyOf, urlsFor } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { Bool, Int, ProjectParams, Str, body, readOnly } from '../schemas/common.js';
import { ComponentBody } from '../schemas/component.js';
import { serializeComponent, serializeProject } from '../serializers/serializers.js';

const ProjectBody = body({
  name: Str(60),
  slug: Str(60),
  web: Str(200),
  instructions: Str(),
  access_control: Int(),
  translation_review: Bool(),
  source_review: Bool(),
  set_language_team: Bool(),
  enable_hooks: Bool(),
  language_aliases: Str(),
  check_flags: Str(),
  license: Str(150),
  agreement: Str(),
  new_lang: Str(),
  language_code_style: Str(),
  commit_message: Str(),
  add_message: Str(),
  delete_message: Str(),
  merge_message: Str(),
  addon_message: Str(),
  pull_message: Str(),
  webhook_secret: Str(200),
  ...readOnly('id', 'url', 'web_url', 'components_list_url', 'repository_url', 'statistics_url', 'categories_url', 'changes_list_url', 'languages_url', 'labels_url', 'lock_url', 'source_language'),
});

type P = FastifyRequest<{ Params: { project: string } }>;

const TokenBody = body({
  name: Str(100),
  expires: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  ...readOnly('id', 'username', 'created', 'token'),
});
const TokenParams = Type.Object({ project: Type.String(), id: Type.String() });

export function projectsRoutes(app: FastifyInstance, c: Container): void {
  resource(app, '/api/projects/', { name: 'Project List' }, {
    GET: {
      handler: async (request) => {
        const urls = urlsFor(c, request);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.projects.count(request.actor),
          (limit, offset) => c.projects.page(request.actor, limit, offset),
          (rows) => rows.map((p) => serializeProject(urls, p)),
        );
      },
    },
    POST: {
      schema: { body: ProjectBody },
      handler: async (request, reply) => {
        const row = await c.projects.create(request.actor, bodyOf<ProjectInput>(request));
        const obj = serializeProject(urlsFor(c, request), row);
        return reply.code(201).header('Location', obj.url).send(obj);
      },
    },
  });

  const update = {
    schema: { params: ProjectParams, body: ProjectBody },
    handler: async (request: P) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      return serializeProject(urlsFor(c, request), await c.projects.update(request.actor, project, bodyOf<ProjectInput>(request)));
    },
  };
  resource(app, '/api/projects/:project/', { name: 'Project Instance' }, {
    GET: {
      schema: { params: ProjectParams },
      handler: async (request: P) => serializeProject(urlsFor(c, request), await c.projects.getVisible(request.actor, request.params.project)),
    },
    PUT: update,
    PATCH: update,
    DELETE: {
      schema: { params: ProjectParams },
      handler: async (request: P, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        await c.projects.remove(request.actor, project);
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/projects/:project/components/', { name: 'Project Components' }, {
    GET: {
      schema: { params: ProjectParams },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const urls = urlsFor(c, request);
        // Components linked into this project (links/) are listed with its own.
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.components.countListedIn(project),
          (limit, offset) => c.components.pageListedIn(project, limit, offset),
          async (rows) => (await c.addons.withAddonIds(await c.components.expand(rows))).map((r) => serializeComponent(urls, r)),
        );
      },
    },
    POST: {
      schema: { params: ProjectParams, body: ComponentBody },
      handler: async (request: P, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const input = bodyOf<ComponentInput>(request);
        const { zipfile, docfile, ...others } = request.uploads ?? {};
        const unexpected = Object.keys(others);
        if (unexpected.length) throw ValidationError.field(unexpected[0], 'Unexpected file upload.', 'unknown_field');
        const created = await c.components.create(request.actor, project, input, { zipfile, docfile });
        const obj = serializeComponent(urlsFor(c, request), created);
        return reply.code(201).header('Location', obj.url).send(obj);
      },
    },
  });

  resource(app, '/api/projects/:project/statistics/', { name: 'Project Statistics' }, {
    GET: {
      schema: { params: ProjectParams },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const urls = urlsFor(c, request);
        return c.stats.toObject(await c.stats.ofProject(request.actor, project), { name: project.name, url: urls.webProject(project.slug) }, project.translation_review === 1);
      },
    },
  });

  resource(app, '/api/projects/:project/languages/', { name: 'Project Languages' }, {
    GET: {
      schema: { params: ProjectParams },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const urls = urlsFor(c, request);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.stats.countProjectLanguages(project),
          (limit, offset) => c.stats.projectLanguages(project, limit, offset),
          (rows) =>
            rows.map((r) => {
              const obj = c.stats.toObject(r.aggregate, { name: r.name, code: r.code, url: urls.webEngage(project.slug, r.code) }, project.translation_review === 1);
              // The reference's older per-language shape, for clients that still read it.
              return { ...obj, language: r.name, words_percent: obj.translated_words_percent };
            }),
        );
      },
    },
  });

  // Parla's own endpoints for project tokens (the reference only has a UI for them).
  resource(app, '/api/projects/:project/tokens/', { name: 'Project Tokens' }, {
    GET: {
      schema: { params: ProjectParams },
      handler: async (request: P) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const results = await c.projectTokens.list(request.actor, project);
        return { count: results.length, next: null, previous: null, results };
      },
    },
    POST: {
      schema: { params: ProjectParams, body: TokenBody },
      handler: async (request: P, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const created = await c.projectTokens.create(request.actor, project, bodyOf<{ name?: unknown; expires?: unknown }>(request));
        return reply.code(201).send(created);
      },
    },
  });
  resource(app, '/api/projects/:project/tokens/:id/', { name: 'Project Token' }, {
    DELETE: {
      schema: { params: TokenParams },
      handler: async (request: FastifyRequest<{ Params: { project: string; id: string } }>, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        await c.projectTokens.remove(request.actor, project, request.params.id);
        return reply.code(204).send();
      },
    },
  });
}
