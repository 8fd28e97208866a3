// File transfer endpoints: translation file download/upload, component and project ZIPs, base files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { FileDownload } from '../../services/downloads.service.js';
import type { UploadInput } from '../../services/uploads.service.js';
import { NotFoundError } from '../../shared/errors.js';
import { resource } from '../resource.js';
import { ComponentParams, ProjectParams, Str, TranslationParams } from '../schemas/common.js';

type TParams = { project: string; component: string; language: string };
type CParams = { project: string; component: string };
type FileQuery = { format?: string; q?: string };

const FileQuerySchema = Type.Object({ format: Str(200), q: Str(10000) });
const UploadBody = Type.Object(
  {
    method: Str(20),
    conflicts: Str(30),
    conflict: Str(30),
    overwrite: Str(10),
    fuzzy: Str(20),
    author_name: Str(200),
    author_email: Str(254),
    // Older spellings of author_name and author_email.
    author: Str(200),
    email: Str(254),
    // The file itself arrives in request.uploads; a text field named "file" means no file was sent.
    file: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

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
    GET: { schema: { params: TranslationParams, querystring: FileQuerySchema }, rawFormat: true, handler: (request, reply) => download(request, reply) },
    POST: { schema: { params: TranslationParams, body: UploadBody }, rawFormat: true, handler: upload },
    PUT: { schema: { params: TranslationParams, body: UploadBody }, rawFormat: true, handler: upload },
  });

  // file.<conversion>: the older suffix spelling of ?format=<conversion>.
  app.get<{ Params: TParams & { ext: string }; Querystring: FileQuery }>(
    '/api/translations/:project/:component/:language/file.:ext',
    { config: { rawFormat: true, allow: 'GET, HEAD, OPTIONS' } },
    (request, reply) => download(request, reply, request.params.ext.replace(/\/$/, '')),
  );

  const zipQuery = Type.Object({ format: Str(200), language_code: Str(50), q: Str(10000) });
  type ZipQuery = { format?: string; language_code?: string; q?: string };
  const languageFilter = async (code: string | undefined) => {
    if (!code) return {};
    const language = await c.languages.resolve(code);
    if (!language) throw new NotFoundError(`Language ${code} not found.`);
    return { language };
  };
  resource(app, '/api/components/:project/:component/file/', { name: 'Component File' }, {
    GET: {
      schema: { params: ComponentParams, querystring: zipQuery },
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
      schema: { params: ProjectParams, querystring: zipQuery },
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Params: { project: string }; Querystring: ZipQuery }>, reply) => {
        const project = await c.projects.getVisible(request.actor, request.params.project);
        return send(reply, await c.downloads.zip(request.actor, { project, ...(await languageFilter(request.query.language_code)) }, request.query.format));
      },
    },
  });

  resource(app, '/api/projects/:project/languages/:code/file/', { name: 'Project Language File' }, {
    GET: {
      schema: { params: Type.Object({ project: Type.String(), code: Type.String() }), querystring: zipQuery },
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
        schema: { params: ComponentParams },
        rawFormat: true,
        handler: async (request: FastifyRequest<{ Params: CParams }>, reply) => {
          const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
          return send(reply, await c.downloads.baseFile(request.actor, refs, which));
        },
      },
    });
  }
}
