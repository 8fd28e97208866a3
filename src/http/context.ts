// Per-request helpers for route handlers: the URL builder and the parsed body.
import type { FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import { Urls } from './urls.js';

export function urlsFor(container: Pick<Container, 'config'>, request: FastifyRequest): Urls {
  return Urls.forRequest(request, container.config.siteUrl);
}

export function bodyOf<T>(request: FastifyRequest): T {
  return (request.body ?? {}) as T;
}
