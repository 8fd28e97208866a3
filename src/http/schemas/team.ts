// Teams (groups) and roles: serializeGroup and serializeRole, and their write bodies.
import { Type } from 'typebox';
import { Bool, Int, Nullable, Str, Url, body, readOnly } from './common.js';

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
