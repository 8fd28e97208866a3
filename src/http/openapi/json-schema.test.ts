// Unit tests of the TypeBox → OpenAPI 3.0 schema conversion and of Fastify → OpenAPI path templates.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { openApiPath } from './document.js';
import { toOpenApiSchema } from './json-schema.js';

describe('toOpenApiSchema', () => {
  it('keeps plain TypeBox objects as they are, without TypeBox markers', () => {
    const schema = Type.Object({ name: Type.Optional(Type.String({ maxLength: 60 })), count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
    const out = toOpenApiSchema(schema);
    expect(out).toEqual({ type: 'object', required: ['count'], properties: { name: { type: 'string', maxLength: 60 }, count: { type: 'integer', minimum: 0 } }, additionalProperties: false });
    expect(JSON.stringify(out)).not.toContain('~');
    expect(Object.getOwnPropertyNames(out.properties as object)).toEqual(['name', 'count']);
    expect(Object.getOwnPropertyNames((out.properties as Record<string, object>).name)).toEqual(['type', 'maxLength']);
  });

  it('turns unions with null and type lists into nullable', () => {
    expect(toOpenApiSchema(Type.Union([Type.String(), Type.Null()]))).toEqual({ type: 'string', nullable: true });
    expect(toOpenApiSchema({ type: ['integer', 'null'] })).toEqual({ type: 'integer', nullable: true });
    expect(toOpenApiSchema(Type.Union([Type.String(), Type.Integer(), Type.Null()]))).toEqual({ nullable: true, anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(toOpenApiSchema({ type: ['string', 'number'] })).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('spells later-draft keywords the 3.0 way and drops the ones 3.0 lacks', () => {
    expect(toOpenApiSchema(Type.Literal('x'))).toEqual({ type: 'string', enum: ['x'] });
    expect(toOpenApiSchema({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 })).toEqual({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true });
    expect(toOpenApiSchema({ type: 'array', prefixItems: [{ type: 'string' }], items: [{ type: 'string' }, { type: 'integer' }] })).toEqual({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } });
    expect(toOpenApiSchema({ $schema: 'x', $id: 'y', type: 'object', required: [], patternProperties: { '^a': {}, '^b': {} }, examples: [{ a: 1 }] })).toEqual({ type: 'object', example: { a: 1 } });
    expect(toOpenApiSchema(Type.Unknown())).toEqual({});
    expect(toOpenApiSchema(Type.Record(Type.String(), Type.Integer()))).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it('converts nested schemas', () => {
    const schema = Type.Object({ list: Type.Array(Type.Object({ at: Type.Union([Type.String(), Type.Null()]) })) });
    expect(toOpenApiSchema(schema)).toEqual({
      type: 'object',
      required: ['list'],
      properties: { list: { type: 'array', items: { type: 'object', required: ['at'], properties: { at: { type: 'string', nullable: true } } } } },
    });
  });
});

describe('openApiPath', () => {
  it('turns Fastify parameters into templates and lists them', () => {
    expect(openApiPath('/api/projects/:project/')).toEqual({ path: '/api/projects/{project}/', params: ['project'] });
    expect(openApiPath('/api/translations/:project/:component/:language/file.:ext')).toEqual({
      path: '/api/translations/{project}/{component}/{language}/file.{ext}',
      params: ['project', 'component', 'language', 'ext'],
    });
    expect(openApiPath('/api/units/:id(\\d+)/')).toEqual({ path: '/api/units/{id}/', params: ['id'] });
    expect(openApiPath('/static/*')).toEqual({ path: '/static/{wildcard}', params: ['wildcard'] });
  });
});
