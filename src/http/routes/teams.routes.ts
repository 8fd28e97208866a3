// /api/groups/ and /api/roles/: teams with their roles, languages, projects, components, component
// lists and admins, and roles with their permission codenames.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Container } from '../../container.js';
import type { GroupRow, RoleRow } from '../../db/schema.js';
import type { GroupInput, RoleInput } from '../../services/accounts/teams.service.js';
import { bodyOf, urlsFor } from '../context.js';
import { createEndpoint, deleteEndpoint, listEndpoint, updateEndpoints } from '../endpoints.js';
import { resource } from '../resource.js';
import { IdParams } from '../schemas/common.js';
import { AdminGrantedSchema, GroupBody, GroupSchema, GroupSubresourceBodies, GroupWriteBody, RoleBody, RoleSchema, RoleWriteBody } from '../schemas/team.js';
import { serializeGroup, serializeRole } from '../serializers/serializers.js';
import type { Urls } from '../urls.js';

const SubParams = Type.Object({ id: Type.String({ description: 'Numeric id.' }), sub: Type.String({ description: 'The id (a language: its code) of what to remove.' }) });
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
    GET: listEndpoint(c, { item: GroupSchema }, (request, urls) => ({
      ...c.teams.groupList(request.actor),
      serialize: async (rows: GroupRow[]) => {
        const relations = await c.teams.relations(rows);
        return rows.map((g) => serializeGroup(urls, g, relations.get(g.id)!));
      },
    })),
    POST: createEndpoint(
      { body: GroupBody, response: { 201: GroupSchema } },
      async (request) => {
        const group = await c.teams.createGroup(request.actor, bodyOf<GroupInput>(request));
        return groupObject(urlsFor(c, request), group);
      },
      { body: GroupWriteBody },
    ),
  });

  resource(app, '/api/groups/:id/', { name: 'Group Instance' }, {
    GET: {
      schema: { params: IdParams, response: { 200: GroupSchema } },
      handler: async (request: G) => groupObject(urlsFor(c, request), await c.teams.getGroupVisible(request.actor, request.params.id)),
    },
    ...updateEndpoints(
      { params: IdParams, body: GroupBody, response: { 200: GroupSchema } },
      async (request: G, partial) => {
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        return groupObject(urlsFor(c, request), await c.teams.updateGroup(request.actor, group, bodyOf<GroupInput>(request), partial));
      },
      { put: { body: GroupWriteBody }, patch: { body: GroupBody } },
    ),
    DELETE: deleteEndpoint(IdParams, async (request: G) => c.teams.removeGroup(request.actor, await c.teams.getGroupVisible(request.actor, request.params.id))),
  });

  /** POST <group>/<name>/ adds an object and answers the group; DELETE <group>/<name>/<key>/ removes it (204). */
  const subresource = (
    name: Exclude<keyof typeof GroupSubresourceBodies, 'admins'>,
    title: string,
    add: (group: GroupRow, request: G) => Promise<void>,
    remove: (group: GroupRow, key: string, request: Sub) => Promise<void>,
  ) => {
    resource(app, `/api/groups/:id/${name}/`, { name: `Group ${title}` }, {
      POST: {
        schema: { params: IdParams, response: { 200: GroupSchema } },
        described: { body: GroupSubresourceBodies[name] },
        handler: async (request: G) => {
          const group = await c.teams.getGroupVisible(request.actor, request.params.id);
          await add(group, request);
          return groupObject(urlsFor(c, request), await c.teams.reloadGroup(group.id));
        },
      },
    });
    resource(app, `/api/groups/:id/${name}/:sub/`, { name: `Group ${title}` }, {
      DELETE: deleteEndpoint(SubParams, async (request: Sub) => remove(await c.teams.getGroupVisible(request.actor, request.params.id), request.params.sub, request)),
    });
  };
  subresource('roles', 'Roles', (g, r) => c.teams.addRole(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeRoleFromGroup(r.actor, g, key));
  subresource('languages', 'Languages', (g, r) => c.teams.addLanguage(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeLanguage(r.actor, g, key));
  subresource('projects', 'Projects', (g, r) => c.teams.addProject(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeProject(r.actor, g, key));
  subresource('componentlists', 'Component Lists', (g, r) => c.teams.addComponentList(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeComponentList(r.actor, g, key));
  subresource('components', 'Components', (g, r) => c.teams.addComponent(r.actor, g, bodyOf<Body>(r)), (g, key, r) => c.teams.removeComponent(r.actor, g, key));

  // Admins differ: POST answers a detail message, DELETE answers the group.
  resource(app, '/api/groups/:id/admins/', { name: 'Group Admins' }, {
    POST: {
      schema: { params: IdParams, response: { 200: AdminGrantedSchema } },
      described: { body: GroupSubresourceBodies.admins },
      handler: async (request: G) => {
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        await c.teams.grantAdmin(request.actor, group, bodyOf<Body>(request));
        return { detail: 'Administration rights granted.' };
      },
    },
  });
  resource(app, '/api/groups/:id/admins/:sub/', { name: 'Group Admins' }, {
    DELETE: {
      schema: { params: SubParams, response: { 200: GroupSchema } },
      handler: async (request: Sub) => {
        const group = await c.teams.getGroupVisible(request.actor, request.params.id);
        await c.teams.revokeAdmin(request.actor, group, request.params.sub);
        return groupObject(urlsFor(c, request), group);
      },
    },
  });

  // ----- roles -----
  resource(app, '/api/roles/', { name: 'Role List' }, {
    GET: listEndpoint(c, { item: RoleSchema }, (request, urls) => ({
      ...c.teams.roleList(request.actor),
      serialize: async (rows: RoleRow[]) => {
        const permissions = await c.teams.permissionsOf(rows.map((r) => r.id));
        return rows.map((r) => serializeRole(urls, r, permissions.get(r.id)!));
      },
    })),
    POST: createEndpoint(
      { body: RoleBody, response: { 201: RoleSchema } },
      async (request) => {
        const role = await c.teams.createRole(request.actor, bodyOf<RoleInput>(request));
        return roleObject(urlsFor(c, request), role);
      },
      { body: RoleWriteBody },
    ),
  });

  resource(app, '/api/roles/:id/', { name: 'Role Instance' }, {
    GET: {
      schema: { params: IdParams, response: { 200: RoleSchema } },
      handler: async (request: G) => roleObject(urlsFor(c, request), await c.teams.getRoleVisible(request.actor, request.params.id)),
    },
    ...updateEndpoints(
      { params: IdParams, body: RoleBody, response: { 200: RoleSchema } },
      async (request: G, partial) => {
        const role = await c.teams.getRoleToChange(request.actor, request.params.id);
        return roleObject(urlsFor(c, request), await c.teams.updateRole(request.actor, role, bodyOf<RoleInput>(request), partial));
      },
      { put: { body: RoleWriteBody }, patch: { body: RoleBody } },
    ),
    DELETE: deleteEndpoint(IdParams, async (request: G) => c.teams.removeRole(request.actor, await c.teams.getRoleToChange(request.actor, request.params.id))),
  });
}
