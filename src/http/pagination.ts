// Page-number pagination with the {count, next, previous, results} envelope and absolute links.
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../shared/errors.js';
import { requestBaseUrl } from './urls.js';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface PageLimits {
  defaultSize: number;
  maxSize: number;
}

export const UNIT_PAGES: PageLimits = { defaultSize: 100, maxSize: 10000 };

export function pageRequest(request: FastifyRequest, limits: PageLimits): PageRequest {
  const q = request.query as Record<string, unknown>;
  let pageSize = limits.defaultSize;
  const rawSize = typeof q.page_size === 'string' ? q.page_size : undefined;
  if (rawSize !== undefined && /^\d+$/.test(rawSize) && Number(rawSize) > 0) pageSize = Math.min(Number(rawSize), limits.maxSize);
  let page = 1;
  const rawPage = typeof q.page === 'string' ? q.page : undefined;
  if (rawPage !== undefined) {
    if (rawPage === 'last') page = -1;
    else if (/^\d+$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else throw new NotFoundError('Invalid page.');
  }
  return { page, pageSize, offset: (Math.max(page, 1) - 1) * pageSize };
}

export interface Envelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function pageLink(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, requestBaseUrl(request));
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** Resolves `page=last` and rejects pages past the end, as the reference does ("Invalid page."). */
export function resolvePage(p: PageRequest, count: number): PageRequest {
  const last = Math.max(1, Math.ceil(count / p.pageSize));
  const page = p.page === -1 ? last : p.page;
  if (page > last) throw new NotFoundError('Invalid page.');
  return { ...p, page, offset: (page - 1) * p.pageSize };
}

export function envelope<T>(request: FastifyRequest, p: PageRequest, count: number, results: T[]): Envelope<T> {
  const last = Math.max(1, Math.ceil(count / p.pageSize));
  return {
    count,
    next: p.page < last ? pageLink(request, p.page + 1) : null,
    previous: p.page > 1 ? pageLink(request, p.page - 1) : null,
    results,
  };
}

/**
 * Runs a count query and a page query; the page query gets limit/offset for the resolved page. A numbered
 * page does not need the count to know its offset, so both queries run at once (on PostgreSQL over two
 * connections: a search's latency is the slower query's, not their sum); `page=last` waits for the count.
 */
export async function paginate<Row, Out>(
  request: FastifyRequest,
  limits: PageLimits,
  count: () => Promise<number>,
  fetch: (limit: number, offset: number) => Promise<Row[]>,
  serialize: (rows: Row[]) => Out[] | Promise<Out[]>,
): Promise<Envelope<Out>> {
  const requested = pageRequest(request, limits);
  // Absurd page numbers get their 404 from the count before an offset no database takes reaches SQL.
  if (requested.page === -1 || requested.offset > 2 ** 31) {
    const total = await count();
    const p = resolvePage(requested, total);
    return envelope(request, p, total, await serialize(await fetch(p.pageSize, p.offset)));
  }
  const [total, rows] = await Promise.all([count(), fetch(requested.pageSize, requested.offset)]);
  const p = resolvePage(requested, total);
  return envelope(request, p, total, await serialize(rows));
}

/** Limits of every non-unit list: PARLA_PAGE_SIZE by default, at most 1000. */
export function listLimits(defaultSize: number): PageLimits {
  return { defaultSize, maxSize: 1000 };
}
