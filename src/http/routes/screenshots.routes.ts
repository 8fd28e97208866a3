// /api/screenshots/: upload, edit and delete screenshots, their image file and linked strings; a component's screenshots.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { Screenshot, ScreenshotInput } from '../../services/screenshots/screenshots.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { ComponentParams, IdParams, NoContent, PageQuery, Paginated, documentedRequired } from '../schemas/common.js';
import {
  ScreenshotCreateBody,
  ScreenshotCreateWriteBody,
  ScreenshotEditBody,
  ScreenshotEditWriteBody,
  ScreenshotFileBody,
  ScreenshotFileResult,
  ScreenshotImage,
  ScreenshotSchema,
  ScreenshotUnitBody,
  ScreenshotUnitWriteBody,
} from '../schemas/screenshot.js';
import type { Urls } from '../urls.js';

const Params = IdParams;
const UnitParams = Type.Object({ id: Type.String(), unit_id: Type.String() });
type R = FastifyRequest<{ Params: { id: string } }>;
type U = FastifyRequest<{ Params: { id: string; unit_id: string } }>;
type C = FastifyRequest<{ Params: { project: string; component: string } }>;

/** The reference's field order. */
export function serializeScreenshot(urls: Urls, s: Screenshot) {
  const url = `${urls.api}/screenshots/${s.screenshot.id}/`;
  return {
    id: s.screenshot.id,
    name: s.screenshot.name,
    repository_filename: s.screenshot.repository_filename,
    translation: urls.translation(s.projectSlug, s.componentSlug, s.languageCode),
    file_url: `${url}file/`,
    units: s.unitIds.map((id) => urls.unit(id)),
    url,
  };
}

/** What these routes use of the container. */
export type ScreenshotsDeps = Pick<Container, 'components' | 'config' | 'screenshots'>;

export function screenshotsRoutes(app: FastifyInstance, c: ScreenshotsDeps): void {
  const list = (componentOf?: (request: FastifyRequest) => Promise<number>) => async (request: FastifyRequest) => {
    const componentId = componentOf ? await componentOf(request) : undefined;
    const urls = urlsFor(c, request);
    return paginate(
      request,
      listLimits(c.config.pageSize),
      () => c.screenshots.count(request.actor, componentId),
      (limit, offset) => c.screenshots.page(request.actor, limit, offset, componentId),
      (rows) => rows.map((s) => serializeScreenshot(urls, s)),
    );
  };

  resource(app, '/api/screenshots/', { name: 'Screenshot List' }, {
    GET: { schema: { response: { 200: Paginated(ScreenshotSchema) } }, described: { querystring: PageQuery }, handler: list() },
    POST: {
      schema: { body: ScreenshotCreateBody, response: { 201: ScreenshotSchema } },
      described: { body: ScreenshotCreateWriteBody },
      handler: async (request, reply) => {
        const created = await c.screenshots.create(request.actor, bodyOf<ScreenshotInput>(request), request.uploads.image);
        return reply.code(201).send(serializeScreenshot(urlsFor(c, request), created));
      },
    },
  });

  const update = (partial: boolean) => ({
    schema: { params: Params, body: ScreenshotEditBody, response: { 200: ScreenshotSchema } },
    described: { body: partial ? ScreenshotEditWriteBody : documentedRequired(ScreenshotEditWriteBody, ['name']) },
    handler: async (request: R) =>
      serializeScreenshot(urlsFor(c, request), await c.screenshots.update(request.actor, request.params.id, bodyOf<ScreenshotInput>(request), partial)),
  });
  resource(app, '/api/screenshots/:id/', { name: 'Screenshot Instance' }, {
    GET: { schema: { params: Params, response: { 200: ScreenshotSchema } }, handler: async (request: R) => serializeScreenshot(urlsFor(c, request), await c.screenshots.getVisible(request.actor, request.params.id)) },
    PUT: update(false),
    PATCH: update(true),
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      handler: async (request: R, reply) => {
        await c.screenshots.remove(request.actor, request.params.id);
        return reply.code(204).send();
      },
    },
  });

  const replace = {
    schema: { params: Params, body: ScreenshotFileBody, response: { 200: ScreenshotFileResult } },
    rawFormat: true,
    handler: async (request: R) => {
      await c.screenshots.replaceFile(request.actor, request.params.id, request.uploads.image);
      return { result: true };
    },
  };
  resource(app, '/api/screenshots/:id/file/', { name: 'Screenshot File' }, {
    GET: {
      schema: { params: Params, response: { 200: ScreenshotImage } },
      rawFormat: true,
      handler: async (request: R, reply: FastifyReply) => {
        const file = await c.screenshots.file(request.actor, request.params.id);
        reply.header('Content-Type', file.contentType);
        reply.header('Content-Disposition', `attachment; filename="${file.filename}"`);
        return reply.send(file.data);
      },
    },
    POST: replace,
    PUT: replace,
  });

  resource(app, '/api/screenshots/:id/units/', { name: 'Screenshot Units' }, {
    POST: {
      schema: { params: Params, body: ScreenshotUnitBody, response: { 200: ScreenshotSchema } },
      described: { body: ScreenshotUnitWriteBody },
      handler: async (request: R) =>
        serializeScreenshot(urlsFor(c, request), await c.screenshots.addUnit(request.actor, request.params.id, bodyOf<{ unit_id?: unknown }>(request).unit_id)),
    },
  });

  // The reference's address has no trailing slash; clients add one as for every other address.
  const unlink = {
    schema: { params: UnitParams, response: { 204: NoContent } },
    handler: async (request: U, reply: FastifyReply) => {
      await c.screenshots.removeUnit(request.actor, request.params.id, request.params.unit_id);
      return reply.code(204).send();
    },
  };
  resource(app, '/api/screenshots/:id/units/:unit_id', { name: 'Screenshot Unit' }, { DELETE: unlink });
  resource(app, '/api/screenshots/:id/units/:unit_id/', { name: 'Screenshot Unit' }, { DELETE: unlink });

  resource(app, '/api/components/:project/:component/screenshots/', { name: 'Component Screenshots' }, {
    GET: {
      schema: { params: ComponentParams, response: { 200: Paginated(ScreenshotSchema) } },
      described: { querystring: PageQuery },
      handler: list(async (request) => {
        const { project, component } = (request as C).params;
        return (await c.components.getVisible(request.actor, project, component)).component.id;
      }),
    },
  });
}
