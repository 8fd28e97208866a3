// Teams (groups) and roles: serializeGroup and serializeRole, their write bodies and the bodies of a team's sub-resources.
import { Type } from 'typebox';
import { Bool, Int, Nullable, Str, Url, body, documentedRequired, readOnly } from './common.js';

export const GroupSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    defining_project: Nullable(Url()),
    defining_workspace: Type.Null(),
    project_selection: Type.Integer(),
    language_selection: Type.Integer(),
    url: Url(),
    roles: Type.Array(Url()),
    languages: Type.Array(Url()),
    projects: Type.Array(Url()),
    componentlists: Type.Array(Url()),
    components: Type.Array(Url()),
    enforced_2fa: Type.Boolean(),
    admins: Type.Array(Url()),
  },
  { title: 'Group' },
);

export const RoleSchema = Type.Object({ id: Type.Integer(), name: Type.String(), permissions: Type.Array(Type.String()), url: Url() }, { title: 'Role' });

export const GroupBody = body({
  name: Str(150),
  project_selection: Int(),
  language_selection: Int(),
  defining_project: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  enforced_2fa: Bool(),
  ...readOnly('id', 'url', 'defining_workspace', 'roles', 'languages', 'projects', 'componentlists', 'components', 'admins'),
});

export const RoleBody = body({
  name: Str(200),
  permissions: Type.Optional(Type.Array(Type.String())),
  ...readOnly('id', 'url'),
});

/** POST and PUT need a name (TeamsService checks it with its own message); PATCH any field. */
export const GroupWriteBody = documentedRequired(GroupBody, ['name']);
export const RoleWriteBody = documentedRequired(RoleBody, ['name']);

/**
 * Documented only: the body of POST /api/groups/<id>/<sub-resource>/, one id or code naming what to add
 * (TeamsService reads it itself, numbers in their string form too).
 */
export const GroupSubresourceBodies = {
  roles: Type.Object({ role_id: Type.Integer() }),
  languages: Type.Object({ language_code: Type.String() }),
  projects: Type.Object({ project_id: Type.Integer() }),
  componentlists: Type.Object({ component_list_id: Type.Integer() }),
  components: Type.Object({ component_id: Type.Integer() }),
  admins: Type.Object({ user_id: Type.Integer({ description: 'The user becomes an administrator and a member of the team.' }) }),
};

/** POST /api/groups/<id>/admins/ answers a one-message list. */
export const AdminGrantedSchema = Type.Object({ detail: Type.String() }, { examples: [{ detail: 'Administration rights granted.' }] });
