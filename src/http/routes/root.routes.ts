// GET /api/: the list addresses of the API's resources.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';
import { API_RESOURCES, ApiRootSchema } from '../schemas/root.js';

/** What these routes use of the container. */
export type RootDeps = Pick<Container, 'config'>;

export function rootRoutes(app: FastifyInstance, container: RootDeps): void {
  resource(app, '/api/', { name: 'Api Root' }, {
    GET: {
      schema: { response: { 200: ApiRootSchema } },
      handler: async (request) => {
        const base = urlsFor(container, request).api;
        return Object.fromEntries(API_RESOURCES.map((r) => [r, `${base}/${r}/`]));
      },
    },
  });
}
