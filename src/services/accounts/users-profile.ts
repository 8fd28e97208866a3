// A user's profile: preferences shown with the user (languages, watched projects, dashboard, editor and display
// settings, the read-only contribution counters) and the checks of a change to them.
import type { Db, Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import {
  countDashboardComponentLists,
  dashboardComponentList,
  languageIdsByCodes,
  profileLanguages,
  profileRows,
  projectIdsBySlugs,
  replaceProfileLanguages,
  replaceWatchedProjects,
  saveProfile,
  visibleComponentListSlugs,
  watchedProjects,
  type ProfileRow,
  type ProfileUpdate,
} from '../../db/user-profiles.repository.js';
import { userActor, type Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { FieldError } from '../../shared/errors.js';

export const DASHBOARD_WATCHED = 1;
export const DASHBOARD_LANGUAGES = 2;
export const DASHBOARD_COMPONENT_LIST = 4;
export const DASHBOARD_SUGGESTIONS = 5;
export const DASHBOARD_COMPONENT_LISTS = 6;
export const DASHBOARD_VIEWS = [DASHBOARD_WATCHED, DASHBOARD_LANGUAGES, DASHBOARD_COMPONENT_LIST, DASHBOARD_SUGGESTIONS, DASHBOARD_COMPONENT_LISTS];
export const THEMES = ['auto', 'light', 'dark'];
export const COMMIT_NAMES = ['default', 'public', 'private'];
/** 0: the full editor, 1: zen mode. */
export const TRANSLATE_MODES = [0, 1];
/** 0: source above translation, 1: side by side. */
export const ZEN_MODES = [0, 1];
/** The statistics columns a user may choose for listings, each at most once. */
export const LISTING_COLUMNS = ['total', 'translated', 'untranslated', 'untranslated_words', 'untranslated_chars', 'fuzzy', 'checks', 'suggestions', 'comments'];
export const NEARBY_STRINGS = { min: 1, max: 50 };

/** What a profile holds, as the API shows it (languages by code, projects and component lists by slug). */
export interface ProfileView {
  language: string;
  languages: string[];
  secondary_languages: string[];
  watched: string[];
  dashboard_view: number;
  dashboard_component_list: string | null;
  theme: string;
  website: string;
  contact: string;
  company: string;
  location: string;
  public_email: string;
  commit_email: string;
  commit_name: string;
  translate_mode: number;
  zen_mode: number;
  nearby_strings: number;
  special_chars: string;
  editor_link: string;
  hide_completed: boolean;
  secondary_in_zen: boolean;
  hide_source_secondary: boolean;
  wide_tables: boolean;
  listing_columns: string[];
  translated: number;
  suggested: number;
  uploaded: number;
  commented: number;
  last_2fa: string | null;
}

/** The preferences of a user who never changed one (the migration's column defaults). */
const DEFAULTS: Omit<ProfileRow, 'user_id'> = {
  language: '',
  theme: 'auto',
  website: '',
  contact: '',
  company: '',
  location: '',
  public_email: '',
  commit_email: '',
  commit_name: 'default',
  translate_mode: 0,
  zen_mode: 0,
  nearby_strings: 15,
  special_chars: '',
  editor_link: '',
  hide_completed: 0,
  secondary_in_zen: 1,
  hide_source_secondary: 0,
  wide_tables: 0,
  listing_columns: '[]',
  dashboard_view: DASHBOARD_WATCHED,
  dashboard_component_list_id: null,
};

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The profiles of some users as `viewer` may see them: watched projects and the default component list
 * only where the viewer may see them too.
 */
export async function loadProfiles(db: Db, access: AccessControl, viewer: Actor, users: readonly UserRow[]): Promise<Map<number, ProfileView>> {
  const ids = users.map((u) => u.id);
  const filter = access.visibleProjects(viewer);
  const [rows, languages, watched] = await Promise.all([profileRows(db, ids), profileLanguages(db, ids), watchedProjects(db, ids, filter)]);
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  const listIds = [...new Set(rows.map((r) => r.dashboard_component_list_id).filter((id): id is number => id !== null))];
  const lists = new Map((await visibleComponentListSlugs(db, listIds, filter)).map((l) => [l.id, l.slug]));
  const out = new Map<number, ProfileView>();
  for (const user of users) {
    const row = byUser.get(user.id) ?? { user_id: user.id, ...DEFAULTS };
    out.set(user.id, {
      language: row.language,
      languages: languages.filter((l) => l.user_id === user.id && l.secondary === 0).map((l) => l.code),
      secondary_languages: languages.filter((l) => l.user_id === user.id && l.secondary === 1).map((l) => l.code),
      watched: watched.filter((w) => w.user_id === user.id).map((w) => w.slug),
      dashboard_view: row.dashboard_view,
      dashboard_component_list: row.dashboard_component_list_id === null ? null : (lists.get(row.dashboard_component_list_id) ?? null),
      theme: row.theme,
      website: row.website,
      contact: row.contact,
      company: row.company,
      location: row.location,
      public_email: row.public_email,
      commit_email: row.commit_email,
      commit_name: row.commit_name,
      translate_mode: row.translate_mode,
      zen_mode: row.zen_mode,
      nearby_strings: row.nearby_strings,
      special_chars: row.special_chars,
      editor_link: row.editor_link,
      hide_completed: row.hide_completed === 1,
      secondary_in_zen: row.secondary_in_zen === 1,
      hide_source_secondary: row.hide_source_secondary === 1,
      wide_tables: row.wide_tables === 1,
      listing_columns: listOf(row.listing_columns),
      translated: user.stat_translated,
      suggested: user.stat_suggested,
      uploaded: user.stat_uploaded,
      commented: user.stat_commented,
      last_2fa: user.last_2fa ?? null,
    });
  }
  return out;
}

/** A checked change to a profile, ready to be written. */
export interface PreparedProfile {
  set: ProfileUpdate;
  languages?: number[];
  secondaryLanguages?: number[];
  watched?: number[];
  /** The profile fields the change names (for the audit log). */
  fields: string[];
}

const TEXT_LIMITS: Record<string, number> = { website: 200, contact: 200, company: 100, location: 100, special_chars: 30, editor_link: 200 };
const FLAGS = ['hide_completed', 'secondary_in_zen', 'hide_source_secondary', 'wide_tables'] as const;

/** The fields a change may name; the contribution counters and `last_2fa` are read-only. */
const WRITABLE = [
  'language',
  'languages',
  'secondary_languages',
  'watched',
  'dashboard_view',
  'dashboard_component_list',
  'theme',
  ...Object.keys(TEXT_LIMITS),
  'public_email',
  'commit_email',
  'commit_name',
  'translate_mode',
  'zen_mode',
  'nearby_strings',
  ...FLAGS,
  'listing_columns',
];

const notValidChoice = (value: unknown) => `"${String(value)}" is not a valid choice.`;

/**
 * Checks a change to `owner`'s profile (the fields present in `input`; the read-only counters are ignored)
 * and returns what to write; problems are added to `errors` with `profile.<field>` attributes. Watched
 * projects and the default component list are checked against what the owner may see, not the caller.
 */
export async function prepareProfile(db: Db, access: AccessControl, owner: UserRow, input: Record<string, unknown>, errors: FieldError[]): Promise<PreparedProfile> {
  const out: PreparedProfile = { set: {}, fields: [] };
  const fail = (field: string, detail: string, code = 'invalid') => errors.push({ code, detail, attr: `profile.${field}` });
  const has = (field: string) => input[field] !== undefined;
  const ownerActor = await access.load(db, userActor(owner));
  const ownerFilter = access.visibleProjects(ownerActor);
  const ownerComponents = access.visibleComponents(ownerActor);

  if (has('language')) {
    const code = String(input.language ?? '');
    if (code !== '' && (await languageIdsByCodes(db, [code])).length === 0) fail('language', notValidChoice(code), 'invalid_choice');
    else out.set.language = code;
  }
  for (const [field, choices] of [
    ['theme', THEMES],
    ['commit_name', COMMIT_NAMES],
  ] as const) {
    if (!has(field)) continue;
    const value = String(input[field]);
    if (!choices.includes(value)) fail(field, notValidChoice(value), 'invalid_choice');
    else out.set[field] = value;
  }
  for (const [field, choices] of [
    ['translate_mode', TRANSLATE_MODES],
    ['zen_mode', ZEN_MODES],
  ] as const) {
    if (!has(field)) continue;
    const value = Number(input[field]);
    if (!choices.includes(value)) fail(field, notValidChoice(input[field]), 'invalid_choice');
    else out.set[field] = value;
  }
  if (has('nearby_strings')) {
    const value = Number(input.nearby_strings);
    if (!Number.isInteger(value)) fail('nearby_strings', 'A valid integer is required.');
    else if (value < NEARBY_STRINGS.min) fail('nearby_strings', `Ensure this value is greater than or equal to ${NEARBY_STRINGS.min}.`, 'min_value');
    else if (value > NEARBY_STRINGS.max) fail('nearby_strings', `Ensure this value is less than or equal to ${NEARBY_STRINGS.max}.`, 'max_value');
    else out.set.nearby_strings = value;
  }
  for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
    if (!has(field)) continue;
    // Kept as typed: special characters are often spaces.
    const value = String(input[field] ?? '');
    if (value.length > limit) fail(field, `Ensure this field has no more than ${limit} characters.`, 'max_length');
    else if (field === 'website' && value !== '' && !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) fail(field, 'Enter a valid URL.');
    else (out.set as Record<string, string>)[field] = value;
  }
  for (const field of ['public_email', 'commit_email'] as const) {
    if (!has(field)) continue;
    // The only address Parla has verified for a user is the account's own.
    const value = String(input[field] ?? '');
    if (value !== '' && value.toLowerCase() !== owner.email.toLowerCase()) fail(field, notValidChoice(value), 'invalid_choice');
    else out.set[field] = value;
  }
  for (const field of FLAGS) if (has(field)) out.set[field] = input[field] ? 1 : 0;
  if (has('listing_columns')) {
    const columns = input.listing_columns === null ? [] : (input.listing_columns as unknown[]).map(String);
    const unknown = columns.find((c) => !LISTING_COLUMNS.includes(c));
    if (unknown !== undefined) fail('listing_columns', notValidChoice(unknown), 'invalid_choice');
    else if (new Set(columns).size !== columns.length) fail('listing_columns', 'Each column can be chosen only once.');
    else out.set.listing_columns = JSON.stringify(columns);
  }

  for (const [field, key] of [
    ['languages', 'languages'],
    ['secondary_languages', 'secondaryLanguages'],
  ] as const) {
    if (!has(field)) continue;
    const codes = [...new Set(((input[field] ?? []) as unknown[]).map(String))];
    const found = await languageIdsByCodes(db, codes);
    const missing = codes.find((code) => !found.some((l) => l.code === code));
    if (missing !== undefined) fail(field, `Object with code=${missing} does not exist.`, 'does_not_exist');
    else out[key] = codes.map((code) => found.find((l) => l.code === code)!.id);
  }
  if (has('watched')) {
    const slugs = [...new Set(((input.watched ?? []) as unknown[]).map(String))];
    const found = await projectIdsBySlugs(db, slugs, ownerFilter);
    const missing = slugs.find((slug) => !found.some((p) => p.slug === slug));
    if (missing !== undefined) fail('watched', `Object with slug=${missing} does not exist.`, 'does_not_exist');
    else out.watched = slugs.map((slug) => found.find((p) => p.slug === slug)!.id);
  }

  // The dashboard: a default component list goes with the "component list" view and with no other.
  if (has('dashboard_view') || 'dashboard_component_list' in input) {
    const current = (await profileRows(db, [owner.id]))[0] ?? { ...DEFAULTS, user_id: owner.id };
    const viewGiven = input.dashboard_view !== undefined;
    let view = viewGiven ? Number(input.dashboard_view) : current.dashboard_view;
    let listId = current.dashboard_component_list_id;
    let ok = true;
    if (viewGiven && !DASHBOARD_VIEWS.includes(view)) {
      fail('dashboard_view', notValidChoice(input.dashboard_view), 'invalid_choice');
      ok = false;
    }
    if ('dashboard_component_list' in input) {
      const slug = input.dashboard_component_list;
      if (slug === null || slug === undefined || slug === '') listId = null;
      else {
        const list = await dashboardComponentList(db, String(slug), ownerFilter, ownerComponents);
        if (!list) {
          fail('dashboard_component_list', `Object with slug=${String(slug)} does not exist.`, 'does_not_exist');
          ok = false;
        } else {
          listId = list.id;
          if (!viewGiven) view = DASHBOARD_COMPONENT_LIST;
        }
      }
    } else if (viewGiven && view !== DASHBOARD_COMPONENT_LIST) listId = null;
    if (ok) {
      if (view === DASHBOARD_COMPONENT_LIST && listId === null) fail('dashboard_component_list', 'Component list must be chosen when used as default.');
      else if (view !== DASHBOARD_COMPONENT_LIST && listId !== null) fail('dashboard_component_list', 'Component list can not be chosen when unused.');
      else if (view === DASHBOARD_COMPONENT_LISTS && viewGiven && (await countDashboardComponentLists(db, ownerFilter, ownerComponents)) === 0) {
        fail('dashboard_view', 'No component lists are available for this dashboard view.');
      } else {
        out.set.dashboard_view = view;
        out.set.dashboard_component_list_id = listId;
      }
    }
  }

  out.fields = WRITABLE.filter(has);
  return out;
}

/** Writes a checked profile change (in the caller's transaction). */
export async function writeProfile(db: Executor, userId: number, prepared: PreparedProfile): Promise<void> {
  await saveProfile(db, userId, prepared.set);
  if (prepared.languages) await replaceProfileLanguages(db, userId, 0, prepared.languages);
  if (prepared.secondaryLanguages) await replaceProfileLanguages(db, userId, 1, prepared.secondaryLanguages);
  if (prepared.watched) await replaceWatchedProjects(db, userId, prepared.watched);
}
