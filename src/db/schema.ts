// Row types of every table, as Kysely sees them. Booleans are stored as 0/1 integers on both engines.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Bool = number; // 0 or 1: one representation that binds on SQLite and PostgreSQL alike
export type Timestamp = string; // ISO 8601 UTC, lexicographically ordered

export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  name: string;
  direction: string;
  population: number;
  plural_number: number;
  plural_formula: string;
  plural_type: number;
  plural_source: number;
  aliases: string; // JSON array
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  full_name: string;
  email: string;
  password: string | null;
  is_superuser: Bool;
  is_active: Bool;
  is_bot: Bool;
  date_joined: Timestamp;
  last_login: Timestamp | null;
  date_expires: Timestamp | null;
  stat_translated: Generated<number>;
  stat_suggested: Generated<number>;
  stat_uploaded: Generated<number>;
  stat_commented: Generated<number>;
  /** A confirmed second factor (TOTP or a security key) exists; kept with the factors, in their transaction. */
  has_2fa: Generated<Bool>;
  /** When a second factor last completed a sign-in. */
  last_2fa: Generated<Timestamp | null>;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  kind: string; // 'user' | 'project'
  created: Timestamp;
  expires: Timestamp | null;
  /** The project of a project token (its bot user belongs to it); null for user tokens. */
  project_id: Generated<number | null>;
}

/** A browser session; `id` is the SHA-256 of the cookie value. */
export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_secret: string;
  created: Timestamp;
  last_seen: Timestamp;
  expires: Timestamp;
}

/** An identity at a single sign-on provider (issuer and subject) linked to an account. */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  email: string; // the verified address of the last sign-in
  created: Timestamp;
  last_login: Timestamp | null;
}

/** A sign-in sent to the provider and not yet back; `id` is the SHA-256 of its state. */
export interface OidcRequestsTable {
  id: string;
  nonce: string;
  code_verifier: string;
  next: string;
  expires: Timestamp;
}

/**
 * Whether each setting comes from the level above (inherited-settings.ts): a component's and a category's from the
 * category or project above; a project's are stored for the API (without workspaces a project uses its own values).
 */
interface InheritedSettingFlags {
  inherit_license: Generated<Bool>;
  inherit_agreement: Generated<Bool>;
  inherit_new_lang: Generated<Bool>;
  inherit_language_code_style: Generated<Bool>;
  inherit_secondary_language: Generated<Bool>;
  inherit_commit_message: Generated<Bool>;
  inherit_add_message: Generated<Bool>;
  inherit_delete_message: Generated<Bool>;
  inherit_merge_message: Generated<Bool>;
  inherit_addon_message: Generated<Bool>;
  inherit_pull_message: Generated<Bool>;
}

export interface ProjectsTable extends InheritedSettingFlags {
  id: Generated<number>;
  name: string;
  slug: string;
  web: string;
  instructions: string;
  access_control: number;
  translation_review: Bool;
  source_review: Bool;
  set_language_team: Bool;
  enable_hooks: Bool;
  language_aliases: string;
  check_flags: string;
  license: string;
  agreement: string;
  new_lang: string;
  language_code_style: string;
  commit_message: string;
  add_message: string;
  delete_message: string;
  merge_message: string;
  addon_message: string;
  pull_message: string;
  /** Verifies signed hook notifications when set; never returned by the API. */
  webhook_secret: Generated<string>;
  created: Timestamp;
  use_shared_tm: Generated<Bool>;
  contribute_shared_tm: Generated<Bool>;
  /** Stored for the API; Parla has no workspaces, so they never take effect. */
  use_workspace_tm: Generated<Bool>;
  contribute_workspace_tm: Generated<Bool>;
  autoclean_tm: Generated<Bool>;
  /** Engage pages and badges of a private or custom project are open to anonymous visitors. */
  public_sharing: Generated<Bool>;
  enforced_2fa: Generated<Bool>;
  /** Which pending edits a commit takes: 0 all, 20 not those needing editing, 30 approved only. */
  commit_policy: Generated<number>;
  secondary_language_id: Generated<number | null>;
}

export interface ComponentsTable extends InheritedSettingFlags {
  id: Generated<number>;
  project_id: number;
  name: string;
  slug: string;
  vcs: string;
  repo: string;
  branch: string;
  push_branch: string;
  push: string;
  git_export: string;
  repoweb: string;
  filemask: string;
  screenshot_filemask: string;
  template: string;
  edit_template: Bool;
  intermediate: string;
  new_base: string;
  file_format: string;
  file_format_params: string; // JSON object
  license: string;
  license_url: string;
  agreement: string;
  new_lang: string;
  language_code_style: string;
  source_language_id: number;
  check_flags: string;
  priority: number;
  enforced_checks: string; // JSON array
  restricted: Bool;
  report_source_bugs: string;
  merge_style: string;
  commit_message: string;
  add_message: string;
  delete_message: string;
  merge_message: string;
  addon_message: string;
  pull_message: string;
  allow_translation_propagation: Bool;
  manage_units: Bool;
  enable_suggestions: Bool;
  suggestion_voting: Bool;
  suggestion_autoaccept: number;
  push_on_commit: Bool;
  commit_pending_age: number;
  auto_lock_error: Bool;
  language_regex: string;
  variant_regex: string;
  key_filter: string;
  is_glossary: Bool;
  glossary_color: string;
  locked: Bool;
  task_id: string | null;
  /** Message of the last failed merge/rebase, '' when the repository is fine. */
  merge_failure: Generated<string>;
  /** HEAD of the checkout when the database was last brought in line with its files; '' before one was recorded. */
  db_revision: Generated<string>;
  created: Timestamp;
  /** The component's category, null outside categories. */
  category_id: Generated<number | null>;
  /** The category slugs, each followed by "%2F" ('' outside categories): `category_path + slug` is the API path segment. */
  category_path: Generated<string>;
  secondary_language_id: Generated<number | null>;
  hide_glossary_matches: Generated<Bool>;
  contribute_project_tm: Generated<Bool>;
  vcs_params: Generated<string>; // JSON object
  /** When the daily run last checked the component's source strings (null: not yet). */
  source_checks_at: Generated<Timestamp | null>;
}

/** A category of a project's components; categories nest (category_id = parent). */
export interface CategoriesTable extends InheritedSettingFlags {
  id: Generated<number>;
  project_id: number;
  category_id: number | null;
  name: string;
  slug: string;
  created: Generated<Timestamp>;
  check_flags: Generated<string>;
  license: Generated<string>;
  agreement: Generated<string>;
  new_lang: Generated<string>;
  language_code_style: Generated<string>;
  secondary_language_id: Generated<number | null>;
  commit_message: Generated<string>;
  add_message: Generated<string>;
  delete_message: Generated<string>;
  merge_message: Generated<string>;
  addon_message: Generated<string>;
  pull_message: Generated<string>;
}

export interface TranslationsTable {
  id: Generated<number>;
  component_id: number;
  language_id: number;
  language_code: string;
  filename: string;
  revision: string;
  is_source: Bool;
  plural_number: number;
  plural_formula: string;
  plural_source: Generated<number>;
  plural_categories: Generated<string>; // JSON array of CLDR names, '' when never scanned
  total: number;
  total_words: number;
  total_chars: number;
  translated: number;
  translated_words: number;
  translated_chars: number;
  fuzzy: number;
  fuzzy_words: number;
  fuzzy_chars: number;
  approved: number;
  approved_words: number;
  approved_chars: number;
  readonly: number;
  readonly_words: number;
  readonly_chars: number;
  failing: number;
  failing_words: number;
  failing_chars: number;
  suggestions: number;
  comments: number;
  last_change: Timestamp | null;
  last_author_id: number | null;
  created: Timestamp;
}

export interface UnitsTable {
  id: Generated<number>;
  translation_id: number;
  source_unit_id: number | null;
  id_hash: string;
  content_hash: string;
  context: string;
  source: string; // plural forms joined by PLURAL_SEPARATOR
  target: string;
  previous_source: string;
  location: string;
  note: string;
  flags: string;
  explanation: string;
  extra_flags: string;
  state: number;
  position: number;
  num_words: number;
  num_chars: number;
  priority: number;
  pending: Bool;
  has_suggestion: Bool;
  has_comment: Bool;
  has_failing_check: Bool;
  automatically_translated: Bool;
  timestamp: Timestamp;
  last_updated: Timestamp;
}

export interface ChangesTable {
  id: Generated<number>;
  action: number;
  timestamp: Timestamp;
  user_id: number | null;
  author_id: number | null;
  project_id: number | null;
  component_id: number | null;
  translation_id: number | null;
  unit_id: number | null;
  language_id: number | null;
  target: string;
  old: string;
  details: string; // JSON object
}

export interface TasksTable {
  id: string;
  name: string;
  status: string; // queued | running | done | failed
  progress: number;
  result: string | null; // JSON
  log: string;
  payload: string; // JSON
  project_id: number | null;
  component_id: number | null;
  user_id: number | null;
  created: Timestamp;
  updated: Timestamp;
}

export interface SuggestionsTable {
  id: Generated<number>;
  unit_id: number;
  target: string;
  user_id: number | null;
  timestamp: Timestamp;
  details: string; // JSON object
}

/** A failing quality check of a unit, by check id; `dismissed` ones do not count as failing. */
export interface ChecksTable {
  id: Generated<number>;
  unit_id: number;
  name: string;
  dismissed: Bool;
}

export interface CommentsTable {
  id: Generated<number>;
  unit_id: number;
  user_id: number | null;
  comment: string;
  scope: string; // translation | global | report
  resolved: Bool;
  timestamp: Timestamp;
}

export interface SuggestionVotesTable {
  id: Generated<number>;
  suggestion_id: number;
  user_id: number;
  value: number; // 1 or -1
}

/** Units deleted in the DB whose entries the file writer still has to drop from the file. */
export interface UnitRemovalsTable {
  id: Generated<number>;
  translation_id: number;
  id_hash: string;
}

export interface ComponentLinksTable {
  id: Generated<number>;
  component_id: number;
  project_id: number;
  /** The category of that project the shared component is shown in, or null. */
  category_id: Generated<number | null>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  builtin: Generated<Bool>;
}

export interface RolePermissionsTable {
  role_id: number;
  codename: string;
}

/** A team: grants its roles to its members on the selected projects, languages and components. */
export interface GroupsTable {
  id: Generated<number>;
  name: string;
  project_selection: number; // a SELECTION_* code
  language_selection: number;
  defining_project_id: number | null;
  /** Built-in teams (site-wide defaults and automatic per-project teams). */
  internal: Generated<Bool>;
  enforced_2fa: Generated<Bool>;
  /** Regular expression on the e-mail of new users that makes them members; '' for none. */
  auto_assign: Generated<string>;
}

export interface GroupRolesTable {
  group_id: number;
  role_id: number;
}
export interface GroupUsersTable {
  group_id: number;
  user_id: number;
}
export interface GroupProjectsTable {
  group_id: number;
  project_id: number;
}
export interface GroupLanguagesTable {
  group_id: number;
  language_id: number;
}
export interface GroupComponentsTable {
  group_id: number;
  component_id: number;
}
export interface GroupComponentListsTable {
  group_id: number;
  componentlist_id: number;
}

/** A user's notification subscription; project/component only for scopes 30/40. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  notification: string;
  scope: number;
  frequency: number;
  project_id: number | null;
  component_id: number | null;
}

/** One audited change to a user, team, role or token (who did it, to whom, what). */
export interface AuditLogTable {
  id: Generated<number>;
  timestamp: Timestamp;
  actor_id: number | null;
  user_id: number | null;
  group_id: number | null;
  role_id: number | null;
  project_id: number | null;
  activity: string;
  details: string; // JSON object
}

/** A translation memory entry; scope: project_id, user_id, shared (see migration 013). */
/** A project's label; `color` is one of the reference's colour names. */
export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string;
  color: string;
}

/** A label on a source unit (labels are shared by all translations of a string). */
export interface UnitLabelsTable {
  unit_id: number;
  label_id: number;
}

/** A screenshot of a translation; the image itself is in the ScreenshotStore under `storage_key`. */
export interface ScreenshotsTable {
  id: Generated<number>;
  translation_id: number;
  name: string;
  repository_filename: string;
  storage_key: string;
  content_type: string;
  size: number;
  user_id: number | null;
  timestamp: Timestamp;
}

/** A source unit shown on a screenshot. */
export interface ScreenshotUnitsTable {
  screenshot_id: number;
  unit_id: number;
}

export interface MemoryTable {
  id: Generated<number>;
  source: string;
  target: string;
  source_language_id: number;
  target_language_id: number;
  origin: string;
  project_id: number | null;
  user_id: number | null;
  from_file: Bool;
  shared: Bool;
  created: Timestamp;
}

/** A user's preferences; users without a row have the defaults (migration 031). */
export interface UserProfilesTable {
  user_id: number;
  language: Generated<string>;
  theme: Generated<string>;
  website: Generated<string>;
  contact: Generated<string>;
  company: Generated<string>;
  location: Generated<string>;
  public_email: Generated<string>;
  commit_email: Generated<string>;
  commit_name: Generated<string>;
  translate_mode: Generated<number>;
  zen_mode: Generated<number>;
  nearby_strings: Generated<number>;
  special_chars: Generated<string>;
  editor_link: Generated<string>;
  hide_completed: Generated<Bool>;
  secondary_in_zen: Generated<Bool>;
  hide_source_secondary: Generated<Bool>;
  wide_tables: Generated<Bool>;
  listing_columns: Generated<string>; // JSON array of column names
  dashboard_view: Generated<number>;
  dashboard_component_list_id: number | null;
}

/** A language in a user's profile: translated (secondary 0) or shown beside the source (secondary 1). */
export interface UserProfileLanguagesTable {
  user_id: number;
  language_id: number;
  secondary: Bool;
}

/** A project a user watches. */
export interface UserWatchedProjectsTable {
  user_id: number;
  project_id: number;
}

export interface Database {
  languages: LanguagesTable;
  users: UsersTable;
  tokens: TokensTable;
  sessions: SessionsTable;
  user_identities: UserIdentitiesTable;
  oidc_requests: OidcRequestsTable;
  projects: ProjectsTable;
  components: ComponentsTable;
  categories: CategoriesTable;
  translations: TranslationsTable;
  units: UnitsTable;
  changes: ChangesTable;
  tasks: TasksTable;
  suggestions: SuggestionsTable;
  comments: CommentsTable;
  suggestion_votes: SuggestionVotesTable;
  checks: ChecksTable;
  unit_removals: UnitRemovalsTable;
  component_links: ComponentLinksTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  groups: GroupsTable;
  group_roles: GroupRolesTable;
  group_members: GroupUsersTable;
  group_admins: GroupUsersTable;
  group_projects: GroupProjectsTable;
  group_languages: GroupLanguagesTable;
  group_components: GroupComponentsTable;
  group_componentlists: GroupComponentListsTable;
  audit_log: AuditLogTable;
  subscriptions: SubscriptionsTable;
  memory: MemoryTable;
  labels: LabelsTable;
  unit_labels: UnitLabelsTable;
  screenshots: ScreenshotsTable;
  screenshot_units: ScreenshotUnitsTable;
  component_lists: ComponentListsTable;
  component_list_components: ComponentListComponentsTable;
  component_list_rules: ComponentListRulesTable;
  addons: AddonsTable;
  addon_log: AddonLogTable;
  addon_change_cursor: AddonChangeCursorTable;
  user_profiles: UserProfilesTable;
  user_profile_languages: UserProfileLanguagesTable;
  user_watched_projects: UserWatchedProjectsTable;
  announcements: AnnouncementsTable;
  reports: ReportsTable;
  mail_messages: MailMessagesTable;
  account_links: AccountLinksTable;
  user_totp: UserTotpTable;
  user_webauthn: UserWebauthnTable;
  user_recovery_codes: UserRecoveryCodesTable;
  second_factor_challenges: SecondFactorChallengesTable;
  notification_cursor: NotificationCursorTable;
  notification_digest_items: NotificationDigestItemsTable;
  notification_digests: NotificationDigestsTable;
}

/** A user's authenticator app: the secret is encrypted with a key derived from the site secret. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  confirmed: Bool;
  last_step: number;
  created: Timestamp;
}

/** A user's security key (WebAuthn credential). */
export interface UserWebauthnTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string; // base64url
  public_key: string; // base64url COSE key
  counter: number | string; // bigint: a string from PostgreSQL
  transports: string; // JSON array
  name: string;
  created: Timestamp;
  last_used: Timestamp | null;
}

/** One-time recovery codes, stored as keyed hashes. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used: Timestamp | null;
}

/** A sign-in waiting for its second factor, or a security key registration under way; `id` is the SHA-256 of its token. */
export interface SecondFactorChallengesTable {
  id: string;
  user_id: number;
  purpose: string; // 'login' | 'register'
  challenge: string | null;
  created: Timestamp;
  expires: Timestamp;
}

export type LanguageRow = Selectable<LanguagesTable>;
export type UserRow = Selectable<UsersTable>;
export type UserProfileRow = Selectable<UserProfilesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type ComponentUpdate = Updateable<ComponentsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type TranslationRow = Selectable<TranslationsTable>;
export type UnitRow = Selectable<UnitsTable>;
export type NewUnit = Insertable<UnitsTable>;
export type ChangeRow = Selectable<ChangesTable>;
export type TaskRow = Selectable<TasksTable>;
export type SuggestionRow = Selectable<SuggestionsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type RoleRow = Selectable<RolesTable>;
export type GroupRow = Selectable<GroupsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type MemoryRow = Selectable<MemoryTable>;
export type LabelRow = Selectable<LabelsTable>;
export type ScreenshotRow = Selectable<ScreenshotsTable>;

/** An installed add-on; configuration/state are JSON objects as text. */
export interface AddonsTable {
  id: Generated<number>;
  name: string;
  component_id: number | null;
  project_id: number | null;
  configuration: string;
  state: string;
  last_run: Timestamp | null;
  last_error: string | null;
  created: Timestamp;
}
export interface AddonLogTable {
  id: Generated<number>;
  addon_id: number;
  component_id: number | null;
  event: string;
  success: Bool;
  message: string;
  timestamp: Timestamp;
}
export type AddonRow = Selectable<AddonsTable>;
/** The change feed's outbox cursor: one row (id 1), the last change id handed to add-ons. */
export interface AddonChangeCursorTable {
  id: number;
  last_change_id: number;
}

/** A named set of components; `slug` is its API lookup. */
export interface ComponentListsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  show_dashboard: Bool;
}
export interface ComponentListComponentsTable {
  componentlist_id: number;
  component_id: number;
}
/** An automatic assignment rule: components whose project and component slugs match join the list. */
export interface ComponentListRulesTable {
  id: Generated<number>;
  componentlist_id: number;
  project_match: string;
  component_match: string;
}
export type ComponentListRow = Selectable<ComponentListsTable>;

/** A message posted for one scope: project; project + category; project + component (+ language: a translation); project + language. */
export interface AnnouncementsTable {
  id: Generated<number>;
  message: string;
  severity: string; // info | warning | danger | success
  expiry: string | null; // YYYY-MM-DD
  notify: Bool;
  project_id: number | null;
  category_id: number | null;
  component_id: number | null;
  language_id: number | null;
  user_id: number | null;
  created: Timestamp;
}
export type AnnouncementRow = Selectable<AnnouncementsTable>;

/** A generated report: its kind, scope (none: site-wide), parameters and data (JSON). */
export interface ReportsTable {
  id: Generated<number>;
  kind: string; // credits | contributor_stats
  version: number;
  creator_id: number | null;
  created: Timestamp;
  project_id: number | null;
  category_id: number | null;
  component_id: number | null;
  parameters: string;
  data: string;
}
export type ReportRow = Selectable<ReportsTable>;

/** An outgoing e-mail: queued, being sent (claimed by one process), sent, kept in the local outbox, or failed for good. */
export interface MailMessagesTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: string; // JSON object of extra header lines (List-Unsubscribe …)
  status: string; // queued | sending | sent | outbox | failed
  attempts: number;
  next_attempt: Timestamp;
  last_error: string | null;
  created: Timestamp;
  claimed: Timestamp | null;
  sent: Timestamp | null;
}
export type MailMessageRow = Selectable<MailMessagesTable>;

/** A single-use link sent by e-mail: an invitation, a password reset, a registration or an address change. */
export interface AccountLinksTable {
  id: Generated<number>;
  kind: string; // invitation | reset | registration | email
  secret_hash: string;
  email: string;
  user_id: number | null;
  group_id: number | null;
  author_id: number | null;
  details: string; // JSON
  created: Timestamp;
  expires: Timestamp;
  used: Timestamp | null;
}
export type AccountLinkRow = Selectable<AccountLinksTable>;

/** The last change id the notification feed handled (one row, id 1). */
export interface NotificationCursorTable {
  id: number;
  last_change_id: number;
}

/** A change waiting for its recipient's next digest of that frequency. */
export interface NotificationDigestItemsTable {
  id: Generated<number>;
  user_id: number;
  frequency: number;
  change_id: number;
  notification: string;
  subscription_id: number;
  /** The change's timestamp: the digest of the period it falls in takes it. */
  created: Timestamp;
}

/** A digest sent for one user, frequency and period (`2024-05-01`, `2024-W18`, `2024-05`); unique, so it goes out once. */
export interface NotificationDigestsTable {
  id: Generated<number>;
  user_id: number;
  frequency: number;
  period: string;
  items: number;
  created: Timestamp;
}
