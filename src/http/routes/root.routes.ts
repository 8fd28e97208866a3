// GET /api/: the list addresses of the API's resources.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.js';
import { urlsFor } from '../context.js';
import { resource } from '../resource.js';

const RESOURCES = ['users', 'groups', 'roles', 'projects', 'components', 'translations', 'memory', 'languages', 'component-lists', 'changes', 'units', 'screenshots', 'addons', 'categories'];

/** What these routes use of the container. */
export type RootDeps = Pick<Container, 'config'>;

export function rootRoutes(app: FastifyInstance, container: RootDeps): void {
  resource(app, '/api/', { name: 'Api Root' }, {
    GET: {
      handler: async (request) => {
        const base = urlsFor(container, request).api;
        return Object.fromEntries(RESOURCES.map((r) => [r, `${base}/${r}/`]));
      },
    },
  });
}
