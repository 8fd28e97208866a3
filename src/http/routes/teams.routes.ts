// /api/groups/ and /api/roles/: teams with their roles, languages, projects, components, component
// lists and admins, and roles with their permission codenames.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { GroupRow, RoleRow } from '../../db/schema.js';
import type { GroupInput, RoleInput } from '../../services/teams.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { countOf, listLimits, paginate } from '../pagination.js';
import { resource, type Endpoint } from '../resource.js';
import { Bool, Int, Str, body, readOnly } from '../schemas/common.js';
import { serializeGroup, serializeRole } from '../serializers/serializers.js';
import type { Urls } from '../urls.js';

const GroupBody = body({
  name: Str(150),
  project_selection: Int(),
  language_selection: Int(),
  defining_project: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  enforced_2fa: Bool(),
  ...readOnly('id', 'url', 'defining_workspace', 'roles', 'languages', 'projects', 'componentlists', 'components', 'admins'),
});
const RoleBody = body({
  name: Str(200),
  permissions: Type.Optional(Type.Array(Type.String())),
  ...readOnly('id', 'url'),
});
const IdParams = Type.Object({ id: Type.String() });
type G = FastifyRequest<{ Params: { id: string } }>;
type Sub = FastifyRequest<{ Params: { id: string; sub: string } }>;
type Body = Record<string, unknown>;

/** What these routes use of the container. */
export type TeamsDeps = Pick<Container, 'config' | 'teams'>;

export function teamsRoutes(app: FastifyInstance, c: TeamsDeps): void {
  const groupObject = async (urls: Urls, group: GroupRow) => serializeGroup(urls, group, (await c.teams.relations([group])).get(group.id)!);
  const roleObject = async (urls: Urls, role: RoleRow) => serializeRole(urls, role, (await c.teams.permissionsOf([role.id])).get(role.id)!);

  // ----- groups -----
  resource(app, '/api/groups/', { name: 'Group List' }, {
    GET: {
      handler: async (request) => {
        const urls = urlsFor(c, request);
        const q = c.teams.groupsQuery(request.actor);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => countOf(q),
          (limit, offset) => q.selectAll('groups').orderBy('groups.id').limit(limit).offset(offset).execute(),
          async (rows) => {
            const relations = await c.teams.relations(rows);
            return rows.map((g) => serializeGroup(urls, g, relations.get(g.id)!));
          },
        );
      },
    },
    POST: {
      schema: { body: GroupBody },
      handler: async (request, reply) => {
        const group = await c.teams.createGroup(request.actor, bodyOf<GroupInput>(request));
        const obj = await groupObject(urlsFor(c, request), group);
        return reply.code(201).header('Location', obj.url).send(obj);
      },
    },
  });

  const groupUpdate = (partial: boolean): Endpoint => ({
    schema: { params: IdParams, body: GroupBody },
    handler: async (request: G) => {
      const group = await c.teams.getGroupVisible(request.actor, request.params.id);
      return groupObject(urlsFor(c, request), await c.teams.updateGroup(request.actor, group, bodyOf<GroupInput>(request), partial));
    },
  });
  resource(app, '/api/groups/:id/', { name: 'Group Instance' }, {
    GET: {
      schema: { params: IdParams },
      handler: async (request: G) => groupObject(urlsFor(c, request), await c.teams.getGroupVisible(request.actor, request.params.id)),
    },
    PUT: groupUpdate(false),
    PATCH: groupUpdate(true),
    DELETE: {
      schema: { params: IdParams },
      handler: async (request: G, reply) => {
        await c.teams.removeGroup(request.actor, await c.teams.getGroupVisible(request.actor, request.params.id));
        return reply.code(204).send();
      },
    },
  });

  /** POST <group>/<name>/ adds an object and answers the group; DELETE <group>/<name>/<key>/ removes it (204). */
  const subresource = (
    name: string,
    title: string,
    add: (group: GroupRow, request: G) => Promise<void>,
    remove: (group: GroupRow, key: string, request: Sub) => Promise<void>,
  ) => {
    resource(app, `/api/groups/:id/${name}/`, { name: `Group ${title}` }, {
      POST: {
        schema: { params: IdParams },
        handler: async (request: G) => {
          const group = await c.teams.getGroupVisible(request.actor, request.params.id);
          await add(group, request);
          return groupObject(urlsFor(c, request), await c.teams.reloadGroup(group.id));
        },
      },
    });
    resource(app, `/api/groups/:id/${name}/:sub/`, { name: `Group ${title}` }, {
      DELETE: {
        handler: async (request: Sub, reply) => {
          const group = await c.teams.getGroupVisible(request.actor, request.params.id);
          await remove(group, request.params.sub, request);
          return reply.code(204).send();
        },
      },
    });
  };
  subresource('roles', 'Roles', (g, r) => c.teams.addRole(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeRoleFromGroup(r.actor, g, key));
  subresource('languages', 'Languages', (g, r) => c.teams.addLanguage(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeLanguage(r.actor, g, key));
  subresource('projects', 'Projects', (g, r) => c.teams.addProject(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeProject(r.actor, g, key));
  subresource('componentlists', 'Component Lists', (g, r) => c.teams.addComponentList(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeComponentList(r.actor, g, key));
  subresource('components', 'Components', (g, r) => c.teams.addComponent(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeComponent(r.actor, g, key));

  // Admins differ: POST answers a one-string array, DELETE answers the group.
  resource(app, '/api/groups/:id/admins/', { name: 'Group Admins' }, {
    POST: {
      schema: { params: IdParams },
      handler: async (request: G) => {
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        await c.teams.grantAdmin(request.actor, group, bodyOf<Body>(request));
        return ['Administration rights granted.'];
      },
    },
  });
  resource(app, '/api/groups/:id/admins/:sub/', { name: 'Group Admins' }, {
    DELETE: {
      handler: async (request: Sub) => {
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        await c.teams.revokeAdmin(request.actor, group, request.params.sub);
        return groupObject(urlsFor(c, request), group);
      },
    },
  });

  // ----- roles -----
  resource(app, '/api/roles/', { name: 'Role List' }, {
    GET: {
      handler: async (request) => {
        const urls = urlsFor(c, request);
        const q = c.teams.rolesQuery(request.actor);
        return paginate(
          request,
          listLimits(c.config.pageSize),
          () => countOf(q),
          (limit, offset) => q.selectAll('roles').orderBy('roles.id').limit(limit).offset(offset).execute(),
          async (rows) => {
            const permissions = await c.teams.permissionsOf(rows.map((r) => r.id));
            return rows.map((r) => serializeRole(urls, r, permissions.get(r.id)!));
          },
        );
      },
    },
    POST: {
      schema: { body: RoleBody },
      handler: async (request, reply) => {
        const role = await c.teams.createRole(request.actor, bodyOf<RoleInput>(request));
        const obj = await roleObject(urlsFor(c, request), role);
        return reply.code(201).header('Location', obj.url).send(obj);
      },
    },
  });

  const roleUpdate = (partial: boolean): Endpoint => ({
    schema: { params: IdParams, body: RoleBody },
    handler: async (request: G) => {
      const role = await c.teams.getRoleVisible(request.actor, request.params.id);
      return roleObject(urlsFor(c, request), await c.teams.updateRole(request.actor, role, bodyOf<RoleInput>(request), partial));
    },
  });
  resource(app, '/api/roles/:id/', { name: 'Role Instance' }, {
    GET: {
      schema: { params: IdParams },
      handler: async (request: G) => roleObject(urlsFor(c, request), await c.teams.getRoleVisible(request.actor, request.params.id)),
    },
    PUT: roleUpdate(false),
    PATCH: roleUpdate(true),
    DELETE: {
      schema: { params: IdParams },
      handler: async (request: G, reply) => {
        await c.teams.removeRole(request.actor, await c.teams.getRoleVisible(request.actor, request.params.id));
        return reply.code(204).send();
      },
    },
  });
}
