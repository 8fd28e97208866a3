// /api/search/?q=: the site search, a bare array of projects, categories, components, users and languages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import { resource } from '../resource.js';

export const SiteSearchQuery = Type.Object({ q: Type.Optional(Type.String({ description: 'Text to look for in names, slugs, usernames and language codes (case-insensitive).' })) });

export const SiteSearchHitSchema = Type.Object(
  {
    url: Type.String({ description: 'The web path of the object, e.g. /projects/hello/.' }),
    name: Type.String({ description: 'Its name; categories and components with the names above them, joined by "/".' }),
    category: Type.Union([Type.Literal('Project'), Type.Literal('Category'), Type.Literal('Component'), Type.Literal('User'), Type.Literal('Language')]),
  },
  { title: 'SiteSearchHit' },
);

/** What these routes use of the container. */
export type SiteSearchDeps = Pick<Container, 'siteSearch'>;

export function siteSearchRoutes(app: FastifyInstance, c: SiteSearchDeps): void {
  resource(app, '/api/search/', { name: 'Search', description: 'Site-wide search: at most five hits of each kind; users only for signed-in callers.' }, {
    GET: {
      schema: { querystring: SiteSearchQuery, response: { 200: Type.Array(SiteSearchHitSchema, { description: 'Not paginated.' }) } },
      handler: async (request: FastifyRequest<{ Querystring: { q?: string } }>) => c.siteSearch.search(request.actor, request.query.q),
    },
  });
}
