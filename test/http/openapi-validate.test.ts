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

  it('types the success answers of the account, team, notification, add-on, task, metrics, docs, hook and session operations', () => {
    const owned = (path: string) =>
      /^\/api\/(users|groups|roles|addons|tasks|metrics|schema|docs)\//.test(path) || /^\/api\/(components\/\{project\}\/\{component\}|projects\/\{project\})\/addons\/$/.test(path) || path === '/api/' || /^\/(hooks|accounts)\//.test(path);
    const schemaOf = (s: Json): Json => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);
    // A typed answer names its fields, items, values or choices; a bare {type: object} says nothing.
    const typed = (s: Json) => !!(s.$ref || s.allOf || s.anyOf || s.oneOf || s.enum || s.items || s.format === 'binary' || (s.properties && Object.keys(s.properties).length) || typeof s.additionalProperties === 'object');
    const checked = operations().filter(({ path }) => owned(path));
    expect(checked.length).toBeGreaterThanOrEqual(65);
    for (const { where, op } of checked) {
      const success = Object.entries<Json>(op.responses).filter(([status]) => status.startsWith('2') || status.startsWith('3'));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [status, response] of success) {
        if (['204', '303', '304'].includes(status)) {
          expect(response.content, `${where} ${status}`).toBeUndefined();
          continue;
        }
        const [media] = Object.values<Json>(response.content ?? {});
        expect(media?.schema, `${where} ${status}`).toBeTypeOf('object');
        expect(typed(schemaOf(media.schema)), `${where} ${status}: ${JSON.stringify(media.schema)}`).toBe(true);
      }
    }
    // Lists declare the page envelope and the page parameters; writes their required fields.
    const answer = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'].schema;
    for (const path of ['/api/users/', '/api/groups/', '/api/roles/', '/api/addons/', '/api/users/{username}/notifications/', '/api/users/{username}/audit/']) {
      expect(answer(path, 'get', '200').required, path).toEqual(['count', 'next', 'previous', 'results']);
      expect(doc.paths[path].get.parameters.map((p: Json) => p.name), path).toEqual(expect.arrayContaining(['page', 'page_size']));
    }
    expect(doc.paths['/api/users/'].get.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['username', 'is_active', 'email']));
    expect(answer('/api/groups/{id}/', 'get', '200')).toEqual({ $ref: '#/components/schemas/Group' });
    expect(answer('/api/tasks/{id}/', 'get', '200')).toEqual({ $ref: '#/components/schemas/Task' });
    expect(answer('/api/addons/{id}/trigger/', 'post', '202')).toEqual({ $ref: '#/components/schemas/TaskStarted' });
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/api/users/', 'post').required).toEqual(['username', 'email']);
    expect(body('/api/groups/', 'post').required).toEqual(['name']);
    expect(body('/api/groups/{id}/', 'patch').required).toBeUndefined();
    expect(body('/api/users/{username}/notifications/', 'post').required).toEqual(['notification', 'scope', 'frequency']);
    expect(body('/api/users/{username}/notifications/', 'post').properties.id).toEqual({ type: 'integer', readOnly: true });
    expect(body('/api/components/{project}/{component}/addons/', 'post').required).toEqual(['name']);
    expect(body('/api/groups/{id}/roles/', 'post').required).toEqual(['role_id']);
    expect(body('/accounts/login/', 'post').required).toEqual(['username', 'password']);
  });

  it('documents the required fields the services check, one name per body schema, no body where none is read, and 405 of the hooks', () => {
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/api/languages/', 'post').required).toEqual(['code', 'name', 'plural']);
    expect(body('/api/languages/', 'post').properties.plural.required).toEqual(['number', 'formula']);
    expect(body('/api/languages/{code}/', 'put').required).toEqual(['name', 'plural']);
    expect(body('/api/languages/{code}/', 'patch').required).toBeUndefined();
    expect(body('/api/components/{project}/{component}/translations/', 'post').required).toEqual(['language_code']);
    expect(body('/api/units/{id}/', 'put')).toEqual({ $ref: '#/components/schemas/UnitReplace' });
    expect(body('/api/units/{id}/', 'patch')).toEqual({ $ref: '#/components/schemas/UnitWrite' });
    expect(doc.components.schemas.UnitReplace.required).toEqual(['target', 'labels']);
    // Two schemas with one title would get numbered names (UnitWrite2): each body has its own title.
    expect(Object.keys(doc.components.schemas).filter((name) => /\d$/.test(name))).toEqual([]);
    // A write that reads no body documents none, rather than an optional object of anything.
    for (const [path, method] of [['/accounts/logout/', 'post'], ['/api/addons/{id}/trigger/', 'post'], ['/api/comments/{id}/resolve/', 'post'], ['/api/users/{username}/token/', 'post'], ['/hooks/update/{project}/', 'post']]) {
      expect(doc.paths[path][method].requestBody, `${method} ${path}`).toBeUndefined();
    }
    expect(body('/hooks/{service}/', 'post').description).toBeTruthy();
    for (const { where, op } of operations()) {
      const generic = Object.values<Json>(op.requestBody?.content ?? {}).some((m) => m.schema?.type === 'object' && !m.schema.properties && !m.schema.$ref);
      expect(generic, where).toBe(false);
    }
    // Hooks answer 405 while they are disabled; other operations do not document it.
    for (const path of ['/hooks/{service}/', '/hooks/update/{project}/', '/hooks/update/{project}/{component}/']) {
      expect(doc.paths[path].post.responses['405'], path).toEqual({ $ref: '#/components/responses/MethodNotAllowed' });
    }
    expect(doc.paths['/api/projects/'].post.responses['405']).toBeUndefined();
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
