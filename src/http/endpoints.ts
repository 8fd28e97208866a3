// Builders of the endpoints many resources share: a paginated list, PUT and PATCH updates, a DELETE that answers 204.
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import type { Container } from '../container.js';
import { urlsFor } from './context.js';
import { listLimits, paginate, type PageLimits } from './pagination.js';
import type { Described, Endpoint } from './resource.js';
import { NoContent, PageQuery, Paginated } from './schemas/common.js';
import type { Urls } from './urls.js';

/** What one paginated list reads: its size, one page of rows, and their answer objects. */
export interface ListSource<Row> {
  count: () => Promise<number>;
  page: (limit: number, offset: number) => Promise<Row[]>;
  serialize: (rows: Row[]) => unknown[] | Promise<unknown[]>;
}

/** A whole list already loaded (a small one), paged in memory. */
export function loadedList<Row>(rows: Row[], serialize: (rows: Row[]) => unknown[]): ListSource<Row> {
  return { count: async () => rows.length, page: async (limit, offset) => rows.slice(offset, offset + limit), serialize };
}

export interface ListOptions {
  /** The answer's item schema (the envelope is added). */
  item: TSchema;
  params?: TSchema;
  /** The documented query; PageQuery when absent. */
  query?: TSchema;
  /** listLimits(PARLA_PAGE_SIZE) when absent. */
  limits?: PageLimits;
}

/** A paginated GET: `source` resolves what the request lists (and may throw its 404 first), then one page is read. */
export function listEndpoint<Req extends FastifyRequest<any>, Row>(
  c: Pick<Container, 'config'>,
  options: ListOptions,
  source: (request: Req, urls: Urls) => ListSource<Row> | Promise<ListSource<Row>>,
): Endpoint {
  const response = { 200: Paginated(options.item) };
  return {
    schema: options.params ? { params: options.params, response } : { response },
    described: { querystring: options.query ?? PageQuery },
    handler: async (request) => {
      const list = await source(request as Req, urlsFor(c, request));
      return paginate(request, options.limits ?? listLimits(c.config.pageSize), list.count, list.page, list.serialize);
    },
  };
}

/**
 * PUT and PATCH of one resource with the same schemas; `partial` tells the handler which of the two it serves,
 * `described` what each documents of its body.
 */
export function updateEndpoints<Req extends FastifyRequest<any>>(
  schema: FastifySchema,
  handler: (request: Req, partial: boolean) => Promise<unknown>,
  described: { put?: Described; patch?: Described } = {},
): { PUT: Endpoint; PATCH: Endpoint } {
  const update = (partial: boolean, doc: Described | undefined): Endpoint => ({
    schema,
    ...(doc ? { described: doc } : {}),
    handler: (request) => handler(request as Req, partial),
  });
  return { PUT: update(false, described.put), PATCH: update(true, described.patch) };
}

/** A POST that creates: 201 with the new object, and its API address in Location. */
export function createEndpoint<Req extends FastifyRequest<any>>(
  schema: FastifySchema,
  create: (request: Req) => Promise<{ url: string }>,
  described?: Described,
): Endpoint {
  return {
    schema,
    ...(described ? { described } : {}),
    handler: async (request, reply) => {
      const obj = await create(request as Req);
      return reply.code(201).header('Location', obj.url).send(obj);
    },
  };
}

/** A DELETE that answers 204 with no body once `remove` is done. */
export function deleteEndpoint<Req extends FastifyRequest<any>>(params: TSchema, remove: (request: Req) => Promise<unknown>): Endpoint {
  return {
    schema: { params, response: { 204: NoContent } },
    handler: async (request, reply) => {
      await remove(request as Req);
      return reply.code(204).send();
    },
  };
}
