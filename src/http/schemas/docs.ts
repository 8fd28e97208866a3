// The answers of /api/schema/ (the OpenAPI document), /api/docs/ (the reference page) and its static files.
import { Type } from 'typebox';

export const SchemaQuery = Type.Object({
  format: Type.Optional(Type.String({ maxLength: 20, description: 'json, openapi (the OpenAPI JSON media type), yaml (the document as YAML) or api (the browsable page); the Accept header chooses otherwise.' })),
});
export const AssetParams = Type.Object({ file: Type.String({ maxLength: 100 }) });
/** Documented only: a URL with the current version is cached for good. */
export const AssetQuery = Type.Object({ v: Type.Optional(Type.String({ description: 'The asset version, as the pages link it.' })) });

export const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.String({ examples: ['3.0.3'] }),
    info: Type.Object({ title: Type.String(), version: Type.String(), description: Type.Optional(Type.String()) }),
    tags: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })),
    paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), { description: 'Operations by path and method.' }),
    components: Type.Record(Type.String(), Type.Unknown()),
    security: Type.Array(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { title: 'OpenApiDocument', description: 'The OpenAPI 3.0 document (this one).' },
);

/** A body that is not JSON, of the given media type. */
export const File = (mediaType: string, description: string) => Type.String({ format: 'binary', contentMediaType: mediaType, description });

export const NotModified = Type.Null({ description: 'Not modified (If-None-Match matched the ETag).' });
