// /api/users/<username>/notifications/: a user's notification subscriptions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { Subscription, SubscriptionInput } from '../../services/activity/notifications.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { SubscriptionBody, SubscriptionPatch, SubscriptionSchema, SubscriptionWrite } from '../schemas/notification.js';
import type { Urls } from '../urls.js';

const ListParams = Type.Object({ username: Type.String() });
const Params = Type.Object({ username: Type.String(), subscription_id: Type.String() });
type L = FastifyRequest<{ Params: { username: string } }>;
type R = FastifyRequest<{ Params: { username: string; subscription_id: string } }>;

/** The reference's field order; project and component (read-only, set for scopes 30/40) are links. */
function serializeSubscription(urls: Urls, s: Subscription) {
  return {
    notification: s.notification,
    id: s.id,
    scope: s.scope,
    frequency: s.frequency,
    project: s.project_slug ? urls.project(s.project_slug) : null,
    component: s.component_slug && s.component_project_slug ? urls.component(s.component_project_slug, s.component_slug) : null,
  };
}

/** What these routes use of the container. */
export type NotificationsDeps = Pick<Container, 'config' | 'notifications' | 'users'>;

export function notificationsRoutes(app: FastifyInstance, c: NotificationsDeps): void {
  resource(app, '/api/users/:username/notifications/', { name: 'User Notifications' }, {
    GET: listEndpoint(c, { item: SubscriptionSchema, params: ListParams }, async (request: L, urls) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      return {
        count: () => c.notifications.count(request.actor, user),
        page: (limit, offset) => c.notifications.page(request.actor, user, limit, offset),
        serialize: (rows) => rows.map((s) => serializeSubscription(urls, s)),
      };
    }),
    POST: {
      schema: { params: ListParams, body: SubscriptionBody, response: { 201: SubscriptionSchema } },
      described: { body: SubscriptionWrite },
      handler: async (request: L, reply) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const created = await c.notifications.create(request.actor, user, bodyOf<SubscriptionInput>(request));
        return reply.code(201).send(serializeSubscription(urlsFor(c, request), created));
      },
    },
  });

  resource(app, '/api/users/:username/notifications/:subscription_id/', { name: 'User Notification' }, {
    GET: {
      schema: { params: Params, response: { 200: SubscriptionSchema } },
      handler: async (request: R) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        return serializeSubscription(urlsFor(c, request), await c.notifications.get(request.actor, user, request.params.subscription_id));
      },
    },
    ...updateEndpoints(
      { params: Params, body: SubscriptionBody, response: { 200: SubscriptionSchema } },
      async (request: R, partial) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const row = await c.notifications.update(request.actor, user, request.params.subscription_id, bodyOf<SubscriptionInput>(request), partial);
        return serializeSubscription(urlsFor(c, request), row);
      },
      { put: { body: SubscriptionWrite }, patch: { body: SubscriptionPatch } },
    ),
    DELETE: deleteEndpoint(Params, async (request: R) => c.notifications.remove(request.actor, await c.users.getVisible(request.actor, request.params.username), request.params.subscription_id)),
  });
}
