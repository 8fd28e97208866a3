// /api/users/: users (self, list, create, edit, anonymising delete), their statistics, contributions, audit log and API token.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { UserRow } from '../../db/schema.js';
import type { UserPatch } from '../../services/accounts/users.service.js';
import { NotFoundError, PermissionDeniedError } from '../../shared/errors.js';
import { bodyOf, urlsFor } from '../context.js';
import { createEndpoint, deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { PageQuery, Paginated } from '../schemas/common.js';
import { TranslationSchema } from '../schemas/translation.js';
import {
  AnyUserSchema,
  AuditEntrySchema,
  UserBody,
  UserCreateBody,
  UserGroupBody,
  UserListQuery,
  UserSchema,
  UserStatisticsSchema,
  UserTokenInfoSchema,
  UserTokenSchema,
} from '../schemas/user.js';
import { serializeUser, serializeUserBasic } from '../serializers/serializers.js';
import { paginateTranslations } from './translations.routes.js';
import type { Urls } from '../urls.js';

const Params = Type.Object({ username: Type.String() });
type U = FastifyRequest<{ Params: { username: string } }>;

/** What these routes use of the container. */
export type UsersDeps = Pick<Container, 'config' | 'users' | 'teams' | 'translations' | 'projectTokens'>;

export function usersRoutes(app: FastifyInstance, c: UsersDeps): void {
  const fullUser = async (urls: Urls, user: UserRow) => serializeUser(urls, user, (await c.teams.groupIdsOfUsers([user.id])).get(user.id));

  resource(app, '/api/users/', { name: 'User List' }, {
    GET: listEndpoint(c, { item: AnyUserSchema, query: UserListQuery }, (request, urls) => {
      const actor = request.actor;
      const manager = c.users.canManage(actor);
      return {
        ...c.users.list(actor, request.query as Record<string, string | undefined>),
        serialize: async (rows: UserRow[]) => {
          const groups = await c.teams.groupIdsOfUsers(rows.map((u) => u.id));
          return rows.map((u) => (manager || u.id === actor.user?.id ? serializeUser(urls, u, groups.get(u.id)) : serializeUserBasic(u)));
        },
      };
    }),
    POST: createEndpoint(
      { body: UserBody, response: { 201: UserSchema } },
      async (request) => {
        if (!c.users.canManage(request.actor)) throw new PermissionDeniedError();
        const input = bodyOf<{ username?: string; email?: string; full_name?: string; is_superuser?: boolean; is_active?: boolean; is_bot?: boolean }>(request);
        const user = await c.users.create({ ...input, username: input.username ?? '', email: input.email ?? '' }, undefined, request.actor);
        return fullUser(urlsFor(c, request), user);
      },
      { body: UserCreateBody },
    ),
  });

  resource(app, '/api/users/:username/', { name: 'User Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: AnyUserSchema } },
      handler: async (request: U) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const full = c.users.canManage(request.actor) || request.actor.user?.id === user.id;
        return full ? fullUser(urlsFor(c, request), user) : serializeUserBasic(user);
      },
    },
    ...updateEndpoints({ params: Params, body: UserBody, response: { 200: UserSchema } }, async (request: U) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      return fullUser(urlsFor(c, request), await c.users.update(request.actor, user, bodyOf<UserPatch>(request)));
    }),
    DELETE: deleteEndpoint(Params, async (request: U) => c.users.remove(request.actor, await c.users.getVisible(request.actor, request.params.username))),
  });

  // Team memberships: `group_id` in the body; both answer the user.
  const membership = (add: boolean) => ({
    schema: { params: Params, response: { 200: UserSchema } },
    described: { body: UserGroupBody },
    handler: async (request: U) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      await c.teams.changeMembership(request.actor, user, bodyOf<Record<string, unknown>>(request), add);
      return fullUser(urlsFor(c, request), user);
    },
  });
  resource(app, '/api/users/:username/groups/', { name: 'User Groups' }, { POST: membership(true), DELETE: membership(false) });

  resource(app, '/api/users/:username/statistics/', { name: 'User Statistics' }, {
    GET: {
      schema: { params: Params, response: { 200: UserStatisticsSchema } },
      handler: async (request: U) => c.users.statistics(await c.users.getVisible(request.actor, request.params.username)),
    },
  });

  // Translations the user changed the content of, among those the caller may see.
  resource(app, '/api/users/:username/contributions/', { name: 'User Contributions' }, {
    GET: {
      schema: { params: Params, response: { 200: Paginated(TranslationSchema) } },
      described: { querystring: PageQuery },
      handler: async (request: U) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        return paginateTranslations(c, request, c.users.contributions(request.actor, user));
      },
    },
  });

  // Parla's audit log of the account: changes made to it and by it (self or user.edit only).
  resource(app, '/api/users/:username/audit/', { name: 'User Audit Log' }, {
    GET: listEndpoint(c, { item: AuditEntrySchema, params: Params }, async (request: U) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      c.users.requireSelfOrManager(request.actor, user);
      return { ...c.users.auditLog(user), serialize: (rows) => c.users.auditViews(rows) };
    }),
  });

  resource(app, '/api/users/:username/token/', { name: 'User Token' }, {
    GET: {
      schema: { params: Params, response: { 200: UserTokenInfoSchema } },
      handler: async (request: U) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        c.users.requireSelfOrManager(request.actor, user);
        const info = await c.users.tokenInfo(user.id);
        return { exists: info !== null, created: info?.created ?? null };
      },
    },
    POST: {
      schema: { params: Params, response: { 201: UserTokenSchema } },
      handler: async (request: U, reply) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        c.users.requireSelfOrManager(request.actor, user);
        if (!user.is_active) throw new NotFoundError();
        await c.projectTokens.requireMayMintTokens(request.actor);
        return reply.code(201).send({ token: await c.users.rotateToken(user.id, undefined, request.actor) });
      },
    },
  });
}
