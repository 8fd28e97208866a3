// The user objects (serializeUser for the user and managers, serializeUserBasic for others), the user write body,
// and the answers of a user's statistics, audit log, API token and team memberships.
import { Type, type TSchema } from 'typebox';
import { Bool, Int, Nullable, PageQuery, Str, Url, body, documentedRequired, readOnly } from './common.js';

/** Null first: Ajv, coercing types, would otherwise read null as the list [""]. */
const NullOr = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
const Codes = (description: string) => Type.Optional(NullOr(Type.Array(Type.String(), { description })));

/** A user's preferences, shown to the user and to user managers; projects and lists the caller may not see are left out. */
export const ProfileSchema = Type.Object(
  {
    language: Type.String({ description: "Interface language code ('' for the browser's)." }),
    languages: Type.Array(Url(), { description: 'Languages the user translates.' }),
    secondary_languages: Type.Array(Url(), { description: 'Languages shown beside the source.' }),
    watched: Type.Array(Url(), { description: 'Watched projects.' }),
    dashboard_view: Type.Integer({ description: '1 watched translations, 2 your languages, 4 a component list, 5 suggested translations, 6 component lists.' }),
    dashboard_component_list: Nullable(Url('The component list of dashboard view 4.')),
    theme: Type.String({ enum: ['auto', 'light', 'dark'] }),
    website: Type.String(),
    contact: Type.String(),
    company: Type.String(),
    location: Type.String(),
    public_email: Type.String(),
    commit_email: Type.String(),
    commit_name: Type.String({ enum: ['default', 'public', 'private'] }),
    translate_mode: Type.Integer({ description: '0 full editor, 1 zen mode.' }),
    zen_mode: Type.Integer({ description: '0 source above translation, 1 side by side.' }),
    nearby_strings: Type.Integer({ minimum: 1, maximum: 50 }),
    special_chars: Type.String(),
    editor_link: Type.String(),
    hide_completed: Type.Boolean(),
    secondary_in_zen: Type.Boolean(),
    hide_source_secondary: Type.Boolean(),
    wide_tables: Type.Boolean(),
    listing_columns: Type.Array(Type.String()),
    translated: Type.Integer(),
    suggested: Type.Integer(),
    uploaded: Type.Integer(),
    commented: Type.Integer(),
    last_2fa: Nullable(Type.String({ format: 'date-time' })),
  },
  { title: 'UserProfile' },
);

/** Profile fields a write may set (those not named keep their values); the counters and last_2fa are read-only. */
export const ProfileBody = Type.Optional(
  body({
    language: Str(20),
    languages: Codes('Language codes (null clears).'),
    secondary_languages: Codes('Language codes (null clears).'),
    watched: Codes('Project slugs, of projects the user may see (null clears).'),
    dashboard_view: Int(),
    dashboard_component_list: Type.Optional(NullOr(Type.String({ description: 'Component list slug; sets dashboard_view to 4.' }))),
    theme: Str(),
    website: Str(),
    contact: Str(),
    company: Str(),
    location: Str(),
    public_email: Str(),
    commit_email: Str(),
    commit_name: Str(),
    translate_mode: Int(),
    zen_mode: Int(),
    nearby_strings: Int(),
    special_chars: Str(),
    editor_link: Str(),
    hide_completed: Bool(),
    secondary_in_zen: Bool(),
    hide_source_secondary: Bool(),
    wide_tables: Bool(),
    listing_columns: Codes('Statistics columns of listings, each at most once.'),
    ...readOnly('translated', 'suggested', 'uploaded', 'commented', 'last_2fa'),
  }),
);

export const UserBasicSchema = Type.Object({ id: Type.Integer(), full_name: Type.String(), username: Type.String() }, { title: 'UserBasic' });

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    full_name: Type.String(),
    username: Type.String(),
    groups: Type.Array(Url()),
    profile: ProfileSchema,
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
  profile: ProfileBody,
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
