// /api/schema/ (the OpenAPI document), /api/docs/ (the API reference page) and the static files both pages use.
import fs from 'node:fs';
import YAML from 'yaml';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotFoundError } from '../../shared/errors.js';
import { explicitlyAccepts, negotiate } from '../plugins/negotiation.js';
import { loadAsset } from '../openapi/assets.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { DOCS_CSP, renderDocsPage } from '../openapi/docs-page.js';
import type { RouteRegistry } from '../openapi/route-registry.js';
import { resource } from '../resource.js';
import { AssetParams, AssetQuery, File, NotModified, OpenApiDocumentSchema, SchemaQuery } from '../schemas/docs.js';

export const OPENAPI_JSON = 'application/vnd.oai.openapi+json';
/** The OpenAPI media type without a suffix names the YAML form of the document. */
export const OPENAPI_YAML = 'application/vnd.oai.openapi';
const YAML_TYPES = [OPENAPI_YAML, 'application/yaml'];
const SCHEMA_URL = '/api/schema/';

const VERSION: string = (() => {
  try {
    return (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

const DESCRIPTION =
  'The Parla REST API, compatible with the Weblate API. Generated at runtime from the routes the server registers. ' +
  'Authenticate with `Authorization: Token <token>`, or with the browser session cookie plus its CSRF token for writes. ' +
  'Every error body is `{type, detail, errors: [{code, detail, attr}]}`. Lists are paginated with `page` and `page_size`.';

export function docsRoutes(app: FastifyInstance, registry: RouteRegistry): void {
  // Built on the first request, when every route (including plug-in scopes registered later) is known.
  let document: Record<string, unknown> | null = null;
  let json: string | null = null;
  let yaml: string | null = null;
  const documentObject = () => (document ??= buildOpenApiDocument(registry.routes, { title: 'Parla API', version: VERSION, description: DESCRIPTION }));
  const documentText = () => (json ??= JSON.stringify(documentObject()));
  // Shared schema objects are written out in full where they appear (no YAML anchors), lines unfolded.
  const documentYaml = () => (yaml ??= YAML.stringify(documentObject(), { aliasDuplicateObjects: false, lineWidth: 0 }));

  resource(app, SCHEMA_URL, { name: 'API Schema', description: 'The OpenAPI 3.0 document of this API.' }, {
    GET: {
      schema: { querystring: SchemaQuery, response: { 200: OpenApiDocumentSchema } },
      // Negotiates itself: the OpenAPI media type is a third choice next to JSON and the browsable page.
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Querystring: { format?: string } }>, reply: FastifyReply) => {
        const format = request.query.format;
        let type = 'application/json';
        if (format === 'api') request.wantsHtml = true;
        else if (format === 'openapi') type = OPENAPI_JSON;
        else if (format === 'yaml') type = OPENAPI_YAML;
        else if (format !== undefined && format !== '' && format !== 'json') throw new NotFoundError(`Format "${format}" is not supported.`);
        else if (!format) {
          const accept = request.headers.accept;
          const yamlType = YAML_TYPES.find((t) => explicitlyAccepts(accept, t));
          if (explicitlyAccepts(accept, OPENAPI_JSON)) type = OPENAPI_JSON;
          else if (yamlType) type = yamlType;
          else {
            const choice = negotiate(accept);
            if (choice === null) throw new AppError('not_acceptable', 'Could not satisfy the request Accept header.');
            request.wantsHtml = choice === 'html';
          }
        }
        reply.header('Vary', 'Accept');
        return reply.type(`${type}; charset=utf-8`).send(YAML_TYPES.includes(type) ? documentYaml() : documentText());
      },
    },
  });

  resource(app, '/api/docs/', { name: 'API Reference', description: 'The API reference page (Swagger UI) for /api/schema/.' }, {
    GET: {
      rawFormat: true,
      schema: { response: { 200: File('text/html', 'The reference page.') } },
      handler: async (_request, reply) => {
        reply.header('Content-Security-Policy', DOCS_CSP);
        reply.header('X-Content-Type-Options', 'nosniff');
        return reply.type('text/html; charset=utf-8').send(renderDocsPage(SCHEMA_URL));
      },
    },
  });

  resource(app, '/api/docs/assets/:file', { name: 'API Reference Asset', description: 'Static files of the API reference and the browsable API page.' }, {
    GET: {
      schema: { params: AssetParams, response: { 200: File('*/*', 'The file (JavaScript, CSS or an image).'), 304: NotModified } },
      described: { querystring: AssetQuery },
      rawFormat: true,
      handler: async (request: FastifyRequest<{ Params: { file: string }; Querystring: { v?: string } }>, reply: FastifyReply) => {
        // Names come from the allow-list only, never from the path: no traversal can reach another file.
        const asset = loadAsset(request.params.file);
        if (!asset) throw new NotFoundError();
        const version = (request.query as { v?: unknown }).v;
        // A URL carrying the current version never changes; any other is revalidated with the ETag.
        reply.header('Cache-Control', version === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        // Each coding is its own representation, with its own ETag.
        const coding = asset.text?.codingFor(request) ?? null;
        const etag = coding ? `${asset.etag.slice(0, -1)}-${coding}"` : asset.etag;
        reply.header('ETag', etag);
        reply.header('X-Content-Type-Options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        reply.type(asset.contentType);
        return asset.text ? asset.text.send(reply, coding) : reply.send(asset.data);
      },
    },
  });
}
