// The OpenAPI document of a running server passes a real validator (swagger-parser), and says what clients need:
// an id, summary and described tag per operation, typed answers, list parameters and read-only body fields.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('OpenAPI document against the validator', () => {
  let s: TestServer;
  let doc: Json;

  beforeAll(async () => {
    s = await startServer('sqlite');
    doc = await (await s.api('/api/schema/', { token: null })).json();
  });
  afterAll(() => s?.close());

  const operations = () =>
    Object.entries<Json>(doc.paths).flatMap(([path, item]) => Object.entries<Json>(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, path, method, op })));

  it('is valid OpenAPI 3.0 for swagger-parser, $refs included', async () => {
    // validate() dereferences in place: give it a copy.
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as Json).openapi).toBe('3.0.3');
  });

  it('gives every operation an id, a summary and a tag, and every tag a description', () => {
    const tags = new Map<string, string>((doc.tags as Json[]).map((t) => [t.name, t.description]));
    for (const { where, op } of operations()) {
      expect(op.operationId, where).toMatch(/^[a-z]+_[A-Za-z0-9_]+$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBe(1);
      expect(tags.get(op.tags[0]), `tag ${op.tags[0]}`).toBeTruthy();
    }
    expect(operations().length).toBeGreaterThanOrEqual(201);
  });

  it('declares page, page_size and q on lists and the page envelope in their answers', () => {
    const list = (path: string) => doc.paths[path].get;
    const query = (op: Json) => (op.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
    for (const path of ['/api/projects/', '/api/components/', '/api/translations/', '/api/languages/', '/api/changes/', '/api/units/']) {
      expect(query(list(path)), path).toEqual(expect.arrayContaining(['page', 'page_size']));
      const schema = list(path).responses['200'].content['application/json'].schema;
      expect(schema.required, path).toEqual(['count', 'next', 'previous', 'results']);
      expect(schema.properties.results.items.$ref, path).toMatch(/^#\/components\/schemas\//);
    }
    expect(query(list('/api/units/'))).toContain('q');
    expect(query(list('/api/translations/{project}/{component}/{language}/units/'))).toContain('q');
    expect(query(list('/api/changes/'))).toEqual(expect.arrayContaining(['user', 'action', 'timestamp_after', 'timestamp_before']));
  });

  it('types answers with the shared resource schemas and the one error body', () => {
    const answer = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'].schema;
    expect(answer('/api/projects/{project}/', 'get', '200')).toEqual({ $ref: '#/components/schemas/Project' });
    expect(answer('/api/units/{id}/', 'patch', '200')).toEqual({ $ref: '#/components/schemas/Unit' });
    expect(doc.components.schemas.Translation.properties.translated_percent).toEqual({ type: 'number' });
    expect(doc.components.schemas.Component.properties.project).toEqual({ $ref: '#/components/schemas/Project' });
    expect(doc.paths['/api/projects/{project}/'].delete.responses['204']).toEqual({ description: 'No content' });
    expect(doc.paths['/api/projects/{project}/'].get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(doc.components.schemas.Error.properties.errors.items.required).toEqual(['code', 'detail', 'attr']);
  });

  it('marks required and read-only body fields', () => {
    const body = doc.paths['/api/projects/'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'slug']);
    expect(body.properties.url).toEqual({ type: 'string', format: 'uri', readOnly: true });
    expect(body.properties.id).toEqual({ type: 'integer', readOnly: true });
    const unit = doc.paths['/api/units/{id}/'].patch.requestBody.content['application/json'].schema;
    expect(unit.$ref ?? unit.properties).toBeTruthy();
  });
});
