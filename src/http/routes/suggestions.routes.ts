// /api/suggestions/: every suggestion in the projects the caller may see, newest first (one suggestion: discussion.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.js';
import { listEndpoint } from '../endpoints.js';
import { resource } from '../resource.js';
import { SuggestionSchema } from '../schemas/suggestion.js';
import { serializeSuggestion } from './discussion.routes.js';

/** What these routes use of the container. */
export type SuggestionListDeps = Pick<Container, 'config' | 'suggestionList'>;

export function suggestionListRoutes(app: FastifyInstance, c: SuggestionListDeps): void {
  resource(app, '/api/suggestions/', { name: 'Suggestion List', description: 'Suggestions in the projects you may see, newest first.' }, {
    GET: listEndpoint(c, { item: SuggestionSchema }, (request, urls) => ({
      count: () => c.suggestionList.count(request.actor),
      page: (limit, offset) => c.suggestionList.page(request.actor, limit, offset),
      serialize: (rows) => rows.map((v) => serializeSuggestion(urls, v)),
    })),
  });
}
