// Announcements of a project, a project's language, a category, a component and a translation: list, post, remove.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Container } from '../../container.js';
import type { AnnouncementRow } from '../../db/schema.js';
import type { AnnouncementScope } from '../../services/activity/announcements.service.js';
import { deleteEndpoint, listEndpoint } from '../endpoints.js';
import { resource } from '../resource.js';
import { AnnouncementCreateBody, AnnouncementSchema } from '../schemas/announcement.js';
import { ComponentParams, IdParams, ProjectParams, TranslationParams } from '../schemas/common.js';

/** What these routes use of the container. */
export type AnnouncementsDeps = Pick<Container, 'announcements' | 'categories' | 'components' | 'config' | 'languages' | 'projects' | 'translations'>;

export function serializeAnnouncement(a: AnnouncementRow) {
  return { id: a.id, message: a.message, severity: a.severity, expiry: a.expiry, notify: a.notify === 1 };
}

type Params = Record<string, string>;
type R = FastifyRequest<{ Params: Params }>;

export function announcementsRoutes(app: FastifyInstance, c: AnnouncementsDeps): void {
  /** The list and the removal address of one kind of scope, found from the path. */
  const scoped = (base: string, name: string, params: TSchema, find: (request: R) => Promise<AnnouncementScope>) => {
    resource(app, `${base}announcements/`, { name: `${name} Announcements`, description: 'Announcements posted for exactly this object (not those of the objects inside or above it).' }, {
      GET: listEndpoint(c, { item: AnnouncementSchema, params }, async (request: R) => {
        const scope = await find(request);
        return { count: () => c.announcements.count(scope), page: (limit, offset) => c.announcements.page(scope, limit, offset), serialize: (rows) => rows.map(serializeAnnouncement) };
      }),
      POST: {
        schema: { params, response: { 201: AnnouncementSchema } },
        described: { body: AnnouncementCreateBody },
        handler: async (request: R, reply: FastifyReply) => reply.code(201).send(serializeAnnouncement(await c.announcements.create(request.actor, await find(request), request.body))),
      },
    });
    const itemParams = Type.Object({ ...(params as unknown as { properties: Record<string, TSchema> }).properties, announcement: Type.String({ description: 'The announcement id.' }) });
    resource(app, `${base}announcements/:announcement/`, { name: `${name} Announcement` }, {
      DELETE: deleteEndpoint(itemParams, async (request: R) => c.announcements.remove(request.actor, await find(request), request.params.announcement!)),
    });
  };

  const project = (request: R) => c.projects.getVisible(request.actor, request.params.project!);
  const component = (request: R) => c.components.getVisible(request.actor, request.params.project!, request.params.component!);

  scoped('/api/projects/:project/', 'Project', ProjectParams, async (request) => ({ kind: 'project', project: await project(request) }));
  scoped('/api/projects/:project/languages/:code/', 'Project Language', Type.Object({ project: Type.String(), code: Type.String({ description: 'Language code.' }) }), async (request) => {
    const p = await project(request);
    return { kind: 'project-language', project: p, language: await c.languages.getVisible(request.actor, request.params.code!) };
  });
  scoped('/api/categories/:id/', 'Category', IdParams, async (request) => {
    const { category, project: p } = await c.categories.getVisible(request.actor, request.params.id!);
    return { kind: 'category', project: p, category };
  });
  scoped('/api/components/:project/:component/', 'Component', ComponentParams, async (request) => {
    const refs = await component(request);
    return { kind: 'component', project: refs.project, component: refs.component };
  });
  scoped('/api/translations/:project/:component/:language/', 'Translation', TranslationParams, async (request) => {
    const t = await c.translations.getVisible(request.actor, await component(request), request.params.language!);
    return { kind: 'translation', project: t.project, component: t.component, language: t.language, translation: t.translation };
  });
}
