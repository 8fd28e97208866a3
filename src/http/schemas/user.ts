// The user objects (serializeUser for the user and managers, serializeUserBasic for others), the user write body,
// and the answers of a user's statistics, audit log, API token and team memberships.
import { Type } from 'typebox';
import { Bool, Nullable, PageQuery, Str, Url, body, documentedRequired, readOnly } from './common.js';

export const UserBasicSchema = Type.Object({ id: Type.Integer(), full_name: Type.String(), username: Type.String() }, { title: 'UserBasic' });

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    full_name: Type.String(),
    username: Type.String(),
    groups: Type.Array(Url()),
    is_superuser: Type.Boolean(),
    is_active: Type.Boolean(),
    is_bot: Type.Boolean(),
    date_joined: Type.String({ format: 'date-time' }),
    date_expires: Nullable(Type.String({ format: 'date-time' })),
    last_login: Nullable(Type.String({ format: 'date-time' })),
    url: Url(),
    statistics_url: Url(),
    notifications: Url(),
    contributions_url: Url(),
    web_url: Url(),
  },
  { title: 'User' },
);

/** The full object for the user themself and for user managers, the basic one for everyone else. */
export const AnyUserSchema = Type.Union([UserSchema, UserBasicSchema]);

export const UserBody = body({
  username: Str(150),
  full_name: Str(150),
  email: Str(254),
  is_superuser: Bool(),
  is_active: Bool(),
  is_bot: Bool(),
  ...readOnly('id', 'url', 'web_url', 'groups', 'date_joined', 'date_expires', 'last_login', 'statistics_url', 'notifications', 'contributions_url'),
});

/** Documented only: the user list reads its filters itself. */
export const UserListQuery = Type.Object({
  ...PageQuery.properties,
  username: Type.Optional(Type.String({ description: 'Username prefix (two characters or more).' })),
  is_active: Type.Optional(Type.Boolean({ description: 'User managers only.' })),
  email: Type.Optional(Type.String({ description: 'Exact e-mail address, any case (user managers only).' })),
});

/** POST /api/users/: username and e-mail address are required (UsersService checks them with its own messages). */
export const UserCreateBody = documentedRequired(UserBody, ['username', 'email']);

export const UserStatisticsSchema = Type.Object(
  {
    translated: Type.Integer(),
    suggested: Type.Integer(),
    uploaded: Type.Integer(),
    commented: Type.Integer(),
    languages: Type.Integer({ description: 'Languages the user changed translations in.' }),
  },
  { title: 'UserStatistics' },
);

/** Documented only: TeamsService reads `group_id` itself (a number or its string form). */
export const UserGroupBody = Type.Object({ group_id: Type.Integer({ description: 'The team (group) id.' }) });

export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    timestamp: Type.String({ format: 'date-time' }),
    activity: Type.String({ examples: ['user.updated'] }),
    actor: Nullable(Type.String({ description: 'Username of who did it; null for the system or a removed account.' })),
    user: Nullable(Type.String({ description: 'Username of the account it is about.' })),
    group_id: Nullable(Type.Integer()),
    role_id: Nullable(Type.Integer()),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { title: 'AuditEntry' },
);

/** GET /api/users/<username>/token/: whether the user has an API token, never the token itself. */
export const UserTokenInfoSchema = Type.Object({ exists: Type.Boolean(), created: Nullable(Type.String({ format: 'date-time' })) }, { title: 'UserTokenInfo' });

/** POST /api/users/<username>/token/: a new token replaces the old one; shown only in this answer. */
export const UserTokenSchema = Type.Object({ token: Type.String({ description: 'The secret (starts with plu_).' }) }, { title: 'UserToken' });
