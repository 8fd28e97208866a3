// /api/components/: component detail and settings, its translations, statistics and lock.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { ComponentInput } from '../../services/catalog/components.service.js';
import { ValidationError } from '../../shared/errors.js';
import { bodyOf, urlsFor } from '../context.js';
import { deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { ComponentParams, body, documentedRequired } from '../schemas/common.js';
import { ComponentBody, ComponentSchema } from '../schemas/component.js';
import { ProjectSchema } from '../schemas/project.js';
import { StatisticsSchema } from '../schemas/statistics.js';
import { TranslationSchema } from '../schemas/translation.js';
import { serializeComponent, serializeProject, serializeTranslation } from '../serializers/serializers.js';
import { componentPathSegment } from '../../domain/component-paths.js';

type C = FastifyRequest<{ Params: { project: string; component: string } }>;

const TranslationCreateBody = body({
  language_code: Type.Optional(Type.String({ maxLength: 50 })),
  from_component: Type.Optional(Type.Unknown({ description: 'Components (ids or project/component paths) to fill the new translation from.' })),
});
const LockBody = body({ lock: Type.Optional(Type.Boolean()) });
const LockSchema = Type.Object({ locked: Type.Boolean() });
const LinkBody = Type.Object(
  {
    project_slug: Type.Optional(Type.String({ maxLength: 100 })),
    category_id: Type.Optional(Type.Unknown({ description: 'A category of that project to show the component in (its id), or null.' })),
  },
  { additionalProperties: false },
);

/** What component routes use of the container. */
export type ComponentsDeps = Pick<Container, 'config' | 'components' | 'addons' | 'translations' | 'stats' | 'database' | 'autotranslate'>;

export function componentsRoutes(app: FastifyInstance, c: ComponentsDeps): void {
  resource(app, '/api/components/', { name: 'Component List' }, {
    GET: listEndpoint(c, { item: ComponentSchema }, (request, urls) => ({
      count: () => c.components.count(request.actor),
      page: (limit, offset) => c.components.page(request.actor, limit, offset),
      serialize: async (rows) => (await c.addons.withAddonIds(await c.components.expand(rows))).map((r) => serializeComponent(urls, r)),
    })),
  });

  const get = (request: C) => c.components.getVisible(request.actor, request.params.project, request.params.component);
  resource(app, '/api/components/:project/:component/', { name: 'Component Instance' }, {
    GET: { schema: { params: ComponentParams, response: { 200: ComponentSchema } }, handler: async (request: C) => serializeComponent(urlsFor(c, request), (await c.addons.withAddonIds([await get(request)]))[0]!) },
    ...updateEndpoints({ params: ComponentParams, body: ComponentBody, response: { 200: ComponentSchema } }, async (request: C) => {
      const refs = await get(request);
      const input = bodyOf<ComponentInput>(request);
      if (Object.keys(request.uploads ?? {}).length) throw ValidationError.field(Object.keys(request.uploads)[0], 'This field is for creation only, use /file/ instead.');
      return serializeComponent(urlsFor(c, request), (await c.addons.withAddonIds([await c.components.update(request.actor, refs, input)]))[0]!);
    }),
    DELETE: deleteEndpoint(ComponentParams, async (request: C) => c.components.remove(request.actor, await get(request), { query: request.query, body: request.body })),
  });

  resource(app, '/api/components/:project/:component/translations/', { name: 'Component Translations' }, {
    GET: listEndpoint(c, { item: TranslationSchema, params: ComponentParams }, async (request: C, urls) => {
      const refs = await get(request);
      return {
        count: () => c.components.countTranslations(refs.component),
        page: (limit, offset) => c.components.translationsPage(refs.component, limit, offset),
        serialize: async (rows) => (await c.translations.expand(rows)).map((t) => serializeTranslation(urls, t, t.authorName, { includeComponent: false })),
      };
    }),
    POST: {
      schema: { params: ComponentParams, body: TranslationCreateBody, response: { 201: Type.Object({ data: TranslationSchema }) } },
      described: { body: documentedRequired(TranslationCreateBody, ['language_code']) },
      handler: async (request: C, reply) => {
        const refs = await get(request);
        const { language_code, from_component } = bodyOf<{ language_code?: string; from_component?: unknown }>(request);
        const sources = from_component === undefined ? [] : await c.translations.copySources(request.actor, refs, language_code, from_component);
        let created = await c.translations.create(request.actor, refs, language_code);
        if (sources.length) {
          await c.autotranslate.fillFrom(request.actor.user?.id ?? null, created.translation.id, sources);
          created = await c.translations.getVisible(request.actor, refs, created.language.code);
        }
        const data = serializeTranslation(urlsFor(c, request), created, null);
        return reply.code(201).header('Location', data.url).send({ data });
      },
    },
  });

  resource(app, '/api/components/:project/:component/statistics/', { name: 'Component Statistics' }, {
    GET: listEndpoint(c, { item: StatisticsSchema, params: ComponentParams }, async (request: C, urls) => {
      const refs = await get(request);
      return {
        count: () => c.stats.countComponentLanguages(refs.component),
        page: (limit, offset) => c.stats.componentLanguagesPage(refs.component, limit, offset),
        serialize: (rows) =>
          Promise.all(
            rows.map(async (t) =>
              c.stats.toObject(await c.stats.ofTranslation(t), {
                name: t.l_name,
                code: t.l_code,
                url: urls.webTranslation(refs.project.slug, componentPathSegment(refs.component), t.l_code),
                translate_url: urls.webTranslate(refs.project.slug, componentPathSegment(refs.component), t.l_code),
              }, refs.project.translation_review === 1),
            ),
          ),
      };
    }),
  });

  resource(app, '/api/components/:project/:component/links/', { name: 'Component Links' }, {
    GET: {
      schema: { params: ComponentParams, response: { 200: Type.Object({ projects: Type.Array(ProjectSchema) }) } },
      handler: async (request: C) => {
        const urls = urlsFor(c, request);
        return { projects: (await c.components.linkedProjects(await get(request))).map((p) => serializeProject(urls, p)) };
      },
    },
    POST: {
      schema: { params: ComponentParams, body: LinkBody, response: { 201: Type.Object({ project_slug: Type.String() }) } },
      described: { body: documentedRequired(LinkBody, ['project_slug']) },
      handler: async (request: C, reply) => {
        const { project_slug, category_id } = bodyOf<{ project_slug?: string; category_id?: unknown }>(request);
        const project = await c.components.link(request.actor, await get(request), project_slug, category_id);
        return reply.code(201).send({ project_slug: project.slug });
      },
    },
  });

  resource(app, '/api/components/:project/:component/links/:linked/', { name: 'Component Link' }, {
    DELETE: deleteEndpoint(
      Type.Object({ project: Type.String(), component: Type.String(), linked: Type.String() }),
      async (request: FastifyRequest<{ Params: { project: string; component: string; linked: string } }>) =>
        c.components.unlink(request.actor, await c.components.getVisible(request.actor, request.params.project, request.params.component), request.params.linked),
    ),
  });

  resource(app, '/api/components/:project/:component/lock/', { name: 'Component Lock' }, {
    GET: { schema: { params: ComponentParams, response: { 200: LockSchema } }, handler: async (request: C) => ({ locked: (await get(request)).component.locked === 1 }) },
    POST: {
      schema: { params: ComponentParams, body: LockBody, response: { 200: LockSchema } },
      described: { body: documentedRequired(LockBody, ['lock']) },
      handler: async (request: C) => {
        const refs = await get(request);
        const lock = bodyOf<{ lock?: boolean }>(request).lock;
        if (lock === undefined) throw ValidationError.field('lock', 'This field is required.', 'required');
        return { locked: await c.components.setLock(request.actor, refs, lock) };
      },
    },
  });
}
