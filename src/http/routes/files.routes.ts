// File transfer endpoints: translation file download/upload, component and project ZIPs, base files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { FileDownload } from '../../services/repository/downloads.service.js';
import type { UploadInput } from '../../services/repository/uploads.service.js';
import { NotFoundError } from '../../shared/errors.js';
import { resource } from '../resource.js';
import { ComponentParams, NoContent, ProjectParams, TranslationParams } from '../schemas/common.js';
import { FileBody, FileQuery as FileQuerySchema, TranslationFile, UploadBody, UploadResultSchema, UploadWriteBody, ZipFile, ZipQuery as ZipQuerySchema } from '../schemas/file.js';

type TParams = { project: string; component: string; language: string };
type CParams = { project: string; component: string };
type FileQuery = { format?: string; q?: string };
type ZipQuery = { format?: string; language_code?: string; q?: string };

/** A download answers 304 when If-Modified-Since is not older than the translation's last change. */
const downloadResponses = { 200: TranslationFile, 304: NoContent };

function send(reply: FastifyReply, download: FileDownload) {
  reply.header('Content-Type', download.mimeType);
  reply.header('Content-Disposition', download.disposition);
  if (download.lastModified) reply.header('Last-Modified', download.lastModified.toUTCString());
  return reply.send(download.body);
}

/** What these routes use of the container. */
export type FilesDeps = Pick<Container, 'components' | 'downloads' | 'languages' | 'projects' | 'translations' | 'uploads'>;

export function filesRoutes(app: FastifyInstance, c: FilesDeps): void {
  const translation = async (request: FastifyRequest<{ Params: TParams }>) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    return c.translations.getVisible(request.actor, refs, request.params.language);
  };

  const download = async (request: FastifyRequest<{ Params: TParams; Querystring: FileQuery }>, reply: FastifyReply, suffix?: string) => {
    const t = await translation(request);
    const result = await c.downloads.translationFile(request.actor, t, {
      format: suffix ?? request.query.format,
      q: request.query.q,
      ifModifiedSince: request.headers['if-modified-since'],
      fromSuffix: suffix !== undefined,
    });
    if (!result) return reply.code(304).send();
    return send(reply, result);
  };

  const upload = async (request: FastifyRequest<{ Params: TParams; Body: UploadInput }>) => {
    const t = await translation(request);
    const { author, email, ...fields } = (request.body ?? {}) as UploadInput & { author?: string; email?: string };
    return c.uploads.upload(request.actor, t, { ...fields, author_name: fields.author_name ?? author, author_email: fields.author_email ?? email, file: request.uploads.file });
  };

  resource(app, '/api/translations/:project/:component/:language/file/', { name: 'Translation File' }, {
    GET: { schema: { params: TranslationParams, querystring: FileQuerySchema, response: downloadResponses }, rawFormat: true, handler: (request, reply) => download(request, reply) },
    POST: { schema: { params: TranslationParams, body: UploadBody, response: { 200: UploadResultSchema } }, described: { body: UploadWriteBody }, rawFormat: true, handler: upload },
    PUT: { schema: { params: TranslationParams, body: UploadBody, response: { 200: UploadResultSchema } }, described: { body: UploadWriteBody }, rawFormat: true, handler: upload },
  });

  // file.<conversion>: the older suffix spelling of ?format=<conversion>.
  app.get<{ Params: TParams & { ext: string }; Querystring: FileQuery }>(
    '/api/translations/:project/:component/:language/file.:ext',
    {
      schema: { params: Type.Object({ ...TranslationParams.properties, ext: Type.String({ description: 'A conversion, as ?format= names it.' }) }), response: downloadResponses },
      config: { rawFormat: true, allow: 'GET, HEAD, OPTIONS', described: { querystring: Type.Object({ q: FileQuerySchema.properties.q }) } },
    },
    (request, reply) => download(request, reply, request.params.ext.replace(/\/$/, '')),
  );

  const languageFilter = async (code: string | undefined) => {
    if (!code) return {};
    const language = await c.languages.resolve(code);
    if (!language) throw new NotFoundError(`Language ${code} not found.`);
    return { language };
  };
  resource(app, '/api/components/:project/:component/file/', { name: 'Component File' }, {
    GET: {
      schema: { params: ComponentParams, querystring: ZipQuerySchema, response: { 200: ZipFile } },
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Params: CParams; Querystring: ZipQuery }>, reply) => {
        const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
        const scope = { project: refs.project, component: refs, ...(await languageFilter(request.query.language_code)) };
        return send(reply, await c.downloads.zip(request.actor, scope, request.query.format, request.query.q));
      },
    },
  });

  resource(app, '/api/projects/:project/file/', { name: 'Project File' }, {
    GET: {
      schema: { params: ProjectParams, querystring: ZipQuerySchema, response: { 200: ZipFile } },
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Params: { project: string }; Querystring: ZipQuery }>, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return send(reply, await c.downloads.zip(request.actor, { project, ...(await languageFilter(request.query.language_code)) }, request.query.format));
      },
    },
  });

  resource(app, '/api/projects/:project/languages/:code/file/', { name: 'Project Language File' }, {
    GET: {
      schema: { params: Type.Object({ project: Type.String(), code: Type.String() }), querystring: ZipQuerySchema, response: { 200: ZipFile } },
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Params: { project: string; code: string }; Querystring: ZipQuery }>, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        const language = await c.languages.resolve(request.params.code);
        if (!language) throw new NotFoundError();
        return send(reply, await c.downloads.zip(request.actor, { project, language }, request.query.format));
      },
    },
  });

  for (const [segment, which, name] of [
    ['monolingual_base', 'template', 'Component Monolingual Base'],
    ['new_template', 'new_base', 'Component New Template'],
  ] as const) {
    resource(app, `/api/components/:project/:component/${segment}/`, { name }, {
      GET: {
        schema: { params: ComponentParams, response: { 200: FileBody('*/*', 'The file, in the component\'s format.') } },
        rawFormat: true,
        handler: async (request: FastifyRequest<{ Params: CParams }>, reply) => {
          const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
          return send(reply, await c.downloads.baseFile(request.actor, refs, which));
        },
      },
    });
  }
}
