// Parla's suggestion and comment endpoints (documented in README "Suggestions and comments").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { CommentView } from '../../services/discussion/comments.service.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { SuggestionView, VoteResult } from '../../services/discussion/suggestions.service.js';
import { NotFoundError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { listEndpoint, loadedList } from '../endpoints.js';
import { resource } from '../resource.js';
import { CommentCreateBody, CommentSchema } from '../schemas/comment.js';
import { IdParams, NoContent } from '../schemas/common.js';
import {
  AcceptResultSchema,
  SuggestionAcceptBody,
  SuggestionCreateBody,
  SuggestionDeleteBody,
  SuggestionSchema,
  SuggestionVoteBody,
  VoteResultSchema,
} from '../schemas/suggestion.js';
import type { Urls } from '../urls.js';

// Bodies are checked by the services (with the reference's messages): `described` documents them.
const Params = IdParams;
type R = FastifyRequest<{ Params: { id: string } }>;

const idOf = (request: R): number => {
  if (!/^\d{1,15}$/.test(request.params.id)) throw new NotFoundError();
  return Number(request.params.id);
};

export function serializeSuggestion(urls: Urls, v: SuggestionView) {
  const s = v.suggestion;
  return {
    id: s.id,
    url: `${urls.api}/suggestions/${s.id}/`,
    unit: urls.unit(s.unit_id),
    target: splitPlurals(s.target),
    user: v.username ? urls.user(v.username) : null,
    username: v.username,
    timestamp: s.timestamp,
    votes: v.votes,
  };
}

export function serializeComment(urls: Urls, v: CommentView) {
  const c = v.comment;
  return {
    id: c.id,
    url: `${urls.api}/comments/${c.id}/`,
    unit: urls.unit(c.unit_id),
    comment: c.comment,
    scope: c.scope,
    resolved: c.resolved === 1,
    timestamp: c.timestamp,
    user: v.username ? urls.user(v.username) : null,
    username: v.username,
  };
}

const voteResult = (urls: Urls, r: VoteResult) => ({ result: r.result, suggestion: r.suggestion ? serializeSuggestion(urls, r.suggestion) : null });

/** What these routes use of the container. */
export type DiscussionDeps = Pick<Container, 'comments' | 'config' | 'suggestions'>;

export function discussionRoutes(app: FastifyInstance, c: DiscussionDeps): void {
  resource(app, '/api/units/:id/suggestions/', { name: 'Unit Suggestions' }, {
    GET: listEndpoint(c, { item: SuggestionSchema, params: Params }, async (request: R, urls) => {
      const { suggestions } = await c.suggestions.list(request.actor, idOf(request));
      return loadedList(suggestions, (rows) => rows.map((v) => serializeSuggestion(urls, v)));
    }),
    POST: {
      schema: { params: Params, response: { 201: SuggestionSchema, 200: VoteResultSchema } },
      described: { body: SuggestionCreateBody },
      handler: async (request: R, reply: FastifyReply) => {
        const urls = urlsFor(c, request);
        const out = await c.suggestions.add(request.actor, idOf(request), request.body);
        if ('voted' in out) return reply.code(200).send(voteResult(urls, out.voted));
        return reply.code(201).send(serializeSuggestion(urls, out.created));
      },
    },
  });

  resource(app, '/api/suggestions/:id/', { name: 'Suggestion Instance' }, {
    GET: { schema: { params: Params, response: { 200: SuggestionSchema } }, handler: async (request: R) => serializeSuggestion(urlsFor(c, request), await c.suggestions.get(request.actor, idOf(request))) },
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      described: { body: SuggestionDeleteBody },
      handler: async (request: R, reply: FastifyReply) => {
        await c.suggestions.remove(request.actor, idOf(request), request.body);
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/suggestions/:id/accept/', { name: 'Suggestion Accept' }, {
    POST: {
      schema: { params: Params, response: { 200: AcceptResultSchema } },
      described: { body: SuggestionAcceptBody },
      handler: async (request: R) => c.suggestions.accept(request.actor, idOf(request), request.body),
    },
  });

  resource(app, '/api/suggestions/:id/vote/', { name: 'Suggestion Vote' }, {
    POST: {
      schema: { params: Params, response: { 200: VoteResultSchema } },
      described: { body: SuggestionVoteBody },
      handler: async (request: R) => voteResult(urlsFor(c, request), await c.suggestions.vote(request.actor, idOf(request), request.body)),
    },
  });

  resource(app, '/api/units/:id/comments/', { name: 'Unit Comments' }, {
    GET: listEndpoint(c, { item: CommentSchema, params: Params }, async (request: R, urls) => {
      const comments = await c.comments.list(request.actor, idOf(request));
      return loadedList(comments, (rows) => rows.map((v) => serializeComment(urls, v)));
    }),
    POST: {
      schema: { params: Params, response: { 201: CommentSchema } },
      described: { body: CommentCreateBody },
      handler: async (request: R, reply: FastifyReply) => reply.code(201).send(serializeComment(urlsFor(c, request), await c.comments.add(request.actor, idOf(request), request.body))),
    },
  });

  resource(app, '/api/comments/:id/', { name: 'Comment Instance' }, {
    GET: { schema: { params: Params, response: { 200: CommentSchema } }, handler: async (request: R) => serializeComment(urlsFor(c, request), await c.comments.get(request.actor, idOf(request))) },
    DELETE: {
      schema: { params: Params, response: { 204: NoContent } },
      handler: async (request: R, reply: FastifyReply) => {
        await c.comments.remove(request.actor, idOf(request));
        return reply.code(204).send();
      },
    },
  });

  resource(app, '/api/comments/:id/resolve/', { name: 'Comment Resolve' }, {
    POST: { schema: { params: Params, response: { 200: CommentSchema } }, handler: async (request: R) => serializeComment(urlsFor(c, request), await c.comments.resolve(request.actor, idOf(request))) },
  });
}
