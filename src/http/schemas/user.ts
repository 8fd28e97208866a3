// The user objects (serializeUser for the user and managers, serializeUserBasic for others) and the user write body.
import { Type } from 'typebox';
import { Bool, Nullable, PageQuery, Str, Url, body, readOnly } from './common.js';

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
