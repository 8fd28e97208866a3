// Per-request helpers for route handlers: the URL builder and the parsed body.
import type { FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import { Urls } from './urls.js';

export function urlsFor(container: Pick<Container, 'config'>, request: FastifyRequest): Urls {
  return Urls.forRequest(request, container.config.siteUrl);
}

/** Where a request comes from, as audit entries of sign-ins record it (the user agent cut to 500 characters). */
export function clientOrigin(request: FastifyRequest): { address: string; userAgent: string } {
  return { address: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) };
}

export function bodyOf<T>(request: FastifyRequest): T {
  return (request.body ?? {}) as T;
}
