// /api/users/<username>/notifications/: a user's notification subscriptions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { Subscription, SubscriptionInput } from '../../services/notifications.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { listLimits, paginate } from '../pagination.js';
import { resource } from '../resource.js';
import { body, readOnly } from '../schemas/common.js';
import type { Urls } from '../urls.js';

// Choices are checked by the service, so that form values ("10") and bad ones get DRF's messages.
const SubscriptionBody = body({
  notification: Type.Optional(Type.Unknown()),
  scope: Type.Optional(Type.Unknown()),
  frequency: Type.Optional(Type.Unknown()),
  ...readOnly('id', 'project', 'component'),
});
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
    GET: {
      schema: { params: ListParams },
      handler: async (request: L) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const urls = urlsFor(c, request);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => c.notifications.count(request.actor, user),
          (limit, offset) => c.notifications.page(request.actor, user, limit, offset),
          (rows) => rows.map((s) => serializeSubscription(urls, s)),
        );
      },
    },
    POST: {
      schema: { params: ListParams, body: SubscriptionBody },
      handler: async (request: L, reply) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const created = await c.notifications.create(request.actor, user, bodyOf<SubscriptionInput>(request));
        return reply.code(201).send(serializeSubscription(urlsFor(c, request), created));
      },
    },
  });

  const update = (partial: boolean) => ({
    schema: { params: Params, body: SubscriptionBody },
    handler: async (request: R) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      const row = await c.notifications.update(request.actor, user, request.params.subscription_id, bodyOf<SubscriptionInput>(request), partial);
      return serializeSubscription(urlsFor(c, request), row);
    },
  });
  resource(app, '/api/users/:username/notifications/:subscription_id/', { name: 'User Notification' }, {
    GET: {
      schema: { params: Params },
      handler: async (request: R) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        return serializeSubscription(urlsFor(c, request), await c.notifications.get(request.actor, user, request.params.subscription_id));
      },
    },
    PUT: update(false),
    PATCH: update(true),
    DELETE: {
      schema: { params: Params },
      handler: async (request: R, reply) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        await c.notifications.remove(request.actor, user, request.params.subscription_id);
        return reply.code(204).send();
      },
    },
  });
}
