// /api/users/: users (self, list, create, edit with the profile, anonymising delete), their statistics, contributions,
// audit log and API token. The anonymous user is listed and shown like others but never changed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { UserRow } from '../../db/schema.js';
import type { UserPatch } from '../../services/accounts/users.service.js';
import type { ProfileView } from '../../services/accounts/users-profile.js';
import type { Actor } from '../../auth/actor.js';
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

/** The profile with its links: languages, watched projects and the dashboard's component list as API addresses. */
function serializeProfile(urls: Urls, p: ProfileView) {
  return {
    ...p,
    languages: p.languages.map((code) => urls.language(code)),
    secondary_languages: p.secondary_languages.map((code) => urls.language(code)),
    watched: p.watched.map((slug) => urls.project(slug)),
    dashboard_component_list: p.dashboard_component_list === null ? null : urls.componentList(p.dashboard_component_list),
  };
}

export function usersRoutes(app: FastifyInstance, c: UsersDeps): void {
  /** The full objects of some users, with their teams and their profiles as `viewer` may see them. */
  const fullUsers = async (urls: Urls, viewer: Actor, users: UserRow[]) => {
    const ids = users.map((u) => u.id);
    const [groups, profiles] = await Promise.all([c.teams.groupIdsOfUsers(ids), c.users.profiles(viewer, users)]);
    return new Map(users.map((u) => [u.id, { ...serializeUser(urls, u, groups.get(u.id)), profile: serializeProfile(urls, profiles.get(u.id)!) }]));
  };
  const fullUser = async (urls: Urls, viewer: Actor, user: UserRow) => (await fullUsers(urls, viewer, [user])).get(user.id)!;

  resource(app, '/api/users/', { name: 'User List' }, {
    GET: listEndpoint(c, { item: AnyUserSchema, query: UserListQuery }, (request, urls) => {
      const actor = request.actor;
      const manager = c.users.canViewAll(actor);
      return {
        ...c.users.list(actor, request.query as Record<string, string | undefined>),
        serialize: async (rows: UserRow[]) => {
          const full = await fullUsers(urls, actor, rows.filter((u) => manager || u.id === actor.user?.id));
          return rows.map((u) => full.get(u.id) ?? serializeUserBasic(u));
        },
      };
    }),
    POST: createEndpoint(
      { body: UserBody, response: { 201: UserSchema } },
      async (request) => {
        if (!c.users.canManage(request.actor)) throw new PermissionDeniedError();
        const input = bodyOf<{ username?: string; email?: string; full_name?: string; is_superuser?: boolean; is_active?: boolean; is_bot?: boolean; profile?: Record<string, unknown> }>(request);
        const user = await c.users.create({ ...input, username: input.username ?? '', email: input.email ?? '' }, undefined, request.actor);
        return fullUser(urlsFor(c, request), request.actor, user);
      },
      { body: UserCreateBody },
    ),
  });

  resource(app, '/api/users/:username/', { name: 'User Instance' }, {
    GET: {
      schema: { params: Params, response: { 200: AnyUserSchema } },
      handler: async (request: U) => {
        const user = await c.users.getVisible(request.actor, request.params.username);
        const full = c.users.canViewAll(request.actor) || request.actor.user?.id === user.id;
        return full ? fullUser(urlsFor(c, request), request.actor, user) : serializeUserBasic(user);
      },
    },
    ...updateEndpoints({ params: Params, body: UserBody, response: { 200: UserSchema } }, async (request: U) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      return fullUser(urlsFor(c, request), request.actor, await c.users.update(request.actor, user, bodyOf<UserPatch>(request)));
    }),
    DELETE: deleteEndpoint(Params, async (request: U) => c.users.remove(request.actor, await c.users.getVisible(request.actor, request.params.username))),
  });

  // Team memberships: `group_id` in the body; both answer the user. The anonymous user's teams do not change.
  const membership = (add: boolean) => ({
    schema: { params: Params, response: { 200: UserSchema } },
    described: { body: UserGroupBody },
    handler: async (request: U) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      c.users.requireEditable(user);
      await c.teams.changeMembership(request.actor, user, bodyOf<Record<string, unknown>>(request), add);
      return fullUser(urlsFor(c, request), request.actor, user);
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
