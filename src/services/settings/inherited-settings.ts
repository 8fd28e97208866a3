// Settings a component takes from its category and project: the inherit_* flags, the effective values and their checks.
import type { Executor } from '../../db/database.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { Bool, CategoryRow, ComponentRow, ProjectRow } from '../../db/schema.js';
import { componentBySlugs } from '../../db/component-links.repository.js';
import { parseInternalUrl } from '../../vcs/urls.js';
import { categoriesWithAncestors, componentLockCounts } from '../../db/setting-levels.repository.js';
import { mergeFlags, serializeFlags } from '../../checks/flags.js';
import { FieldErrors } from '../common/validation.js';

/** The settings categories and components inherit from the level above unless `inherit_<name>` is off. */
export const INHERITABLE_SETTINGS = ['license', 'agreement', 'new_lang', 'language_code_style', 'secondary_language', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message'] as const;
export type InheritableSetting = (typeof INHERITABLE_SETTINGS)[number];
export type InheritFlag = `inherit_${InheritableSetting}`;
export const INHERIT_FLAGS: readonly InheritFlag[] = INHERITABLE_SETTINGS.map((name) => `inherit_${name}` as InheritFlag);

/** The text settings (all but the secondary language, which is a language id). */
export const TEXT_SETTINGS = INHERITABLE_SETTINGS.filter((name) => name !== 'secondary_language') as Exclude<InheritableSetting, 'secondary_language'>[];

/** A project, category or component row: its own values and (except a project's) whether each is inherited. */
export type SettingsLevel = { [K in Exclude<InheritableSetting, 'secondary_language'>]: string } & {
  secondary_language_id: number | null;
  check_flags: string;
} & { [K in InheritFlag]: Bool };

export type EffectiveSettings = { [K in Exclude<InheritableSetting, 'secondary_language'>]: string } & {
  /** The language id, or null. */
  secondary_language: number | null;
  check_flags: string;
};

export const NEW_LANG_CHOICES = ['contact', 'url', 'add', 'existing', 'none'];
export const LANGUAGE_CODE_STYLES = ['', 'posix', 'posix_lowercase', 'bcp', 'posix_long', 'posix_long_lowercase', 'bcp_long', 'bcp_legacy', 'bcp_lower', 'android', 'appstore', 'googleplay', 'linux', 'linux_lowercase'];
/** The commit policies: every pending edit, all but those needing editing, approved strings only. */
export const COMMIT_POLICIES = [0, 20, 30];

const own = (level: SettingsLevel, name: InheritableSetting): string | number | null => (name === 'secondary_language' ? level.secondary_language_id : level[name]);

/**
 * The effective settings of the last level of `chain` (a project first, then its categories from the top
 * down, then possibly a component): a level that inherits a setting takes its parent's effective value. A
 * project has no parent in Parla (no workspaces), so it always uses its own values. Check flags add up
 * from the project down.
 */
export function effectiveSettings(chain: readonly SettingsLevel[]): EffectiveSettings {
  const out = {} as Record<string, string | number | null>;
  for (const name of INHERITABLE_SETTINGS) {
    let value = own(chain[0]!, name);
    for (const level of chain.slice(1)) if (!level[`inherit_${name}`]) value = own(level, name);
    out[name] = value;
  }
  out.check_flags = serializeFlags(mergeFlags(...chain.map((level) => level.check_flags)));
  return out as EffectiveSettings;
}

/** The API triplets: `<name>`, `inherit_<name>` and `effective_<name>` for every inheritable setting. */
export function settingsFields(level: SettingsLevel, effective: EffectiveSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of INHERITABLE_SETTINGS) {
    out[name] = own(level, name);
    out[`inherit_${name}`] = level[`inherit_${name}`] !== 0;
    out[`effective_${name}`] = effective[name];
  }
  return out;
}

/** What a body may say about the inheritable settings (text values, a language id, inherit flags). */
export type SettingsInput = { [K in Exclude<InheritableSetting, 'secondary_language'>]?: string } & {
  secondary_language?: unknown;
} & { [K in InheritFlag]?: boolean };

/** The primary key a related-object field names, as the reference reads it (an integer or a string of digits). */
export function primaryKeyOf(value: unknown): number | null | undefined {
  if (value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Checks the secondary language (a language id or null) and returns its column value, undefined when absent
 * or wrong (the error is recorded).
 */
export async function secondaryLanguageColumn(input: SettingsInput, errors: FieldErrors, exists: (id: number) => Promise<boolean>): Promise<number | null | undefined> {
  if (input.secondary_language === undefined) return undefined;
  const id = primaryKeyOf(input.secondary_language);
  if (id === undefined) {
    errors.add('secondary_language', `Incorrect type. Expected pk value, received ${typeof input.secondary_language === 'string' ? 'str' : typeof input.secondary_language}.`, 'incorrect_type');
    return undefined;
  }
  if (id !== null && !(await exists(id))) {
    errors.add('secondary_language', `Invalid pk "${id}" - object does not exist.`, 'does_not_exist');
    return undefined;
  }
  return id;
}

/**
 * The inherit_* columns a write sets. On creation a setting the body gives is the level's own (inherit off)
 * and one it leaves out is inherited, unless the body says otherwise. On an update, changing a value turns its
 * inheritance off, as editing a setting means setting it here.
 */
export function inheritColumns(input: SettingsInput, existing: SettingsLevel | null, defaults: 'inherit-missing' | 'own'): Partial<Record<InheritFlag, Bool>> {
  const out: Partial<Record<InheritFlag, Bool>> = {};
  for (const name of INHERITABLE_SETTINGS) {
    const flag = `inherit_${name}` as const;
    const given = input[name] !== undefined;
    if (existing === null) {
      out[flag] = input[flag] !== undefined ? (input[flag] ? 1 : 0) : defaults === 'inherit-missing' && !given ? 1 : 0;
      continue;
    }
    if (input[flag] !== undefined) out[flag] = input[flag] ? 1 : 0;
    const value = name === 'secondary_language' ? primaryKeyOf(input.secondary_language) : input[name];
    if (given && value !== undefined && value !== own(existing, name)) out[flag] = 0;
  }
  return out;
}

/** A project row with whether all its components are locked (its API `locked`), when that was read. */
export type ProjectWithLock = ProjectRow & { locked?: boolean };

/** The categories above a component or category, from the top of the project down to `id` (none for null). */
export function categoryChain(categories: ReadonlyMap<number, CategoryRow>, id: number | null): CategoryRow[] {
  const chain: CategoryRow[] = [];
  for (let next = id; next !== null && chain.length <= 5; ) {
    const row = categories.get(next);
    if (!row) break;
    chain.unshift(row);
    next = row.category_id;
  }
  return chain;
}

/** Projects with their lock state: locked when every one of their components (at least one) is. */
export async function withProjectLocks<T extends ProjectRow>(db: Executor, projects: readonly T[]): Promise<(T & { locked: boolean })[]> {
  const counts = await componentLockCounts(db, projects.map((p) => p.id));
  return projects.map((p) => {
    const c = counts.get(p.id);
    return { ...p, locked: !!c && c.total > 0 && c.locked === c.total };
  });
}

/**
 * Components with what their API objects are resolved against: the categories above them, their project's
 * lock state, and the component whose repository they share (its repository settings are the ones in use).
 */
export async function withSettingLevels<T extends ComponentWithRefs>(db: Executor, list: readonly T[]): Promise<T[]> {
  if (list.length === 0) return [];
  const ids = list.map((r) => r.component.category_id).filter((id): id is number => id !== null);
  const categories = ids.length ? await categoriesWithAncestors(db, ids) : new Map<number, CategoryRow>();
  const projects = new Map((await withProjectLocks(db, [...new Map(list.map((r) => [r.project.id, r.project])).values()])).map((p) => [p.id, p]));
  const linked = new Map<string, ComponentRow | undefined>();
  for (const r of list) {
    const link = parseInternalUrl(r.component.repo);
    if (link && !linked.has(r.component.repo)) linked.set(r.component.repo, await componentBySlugs(db, link.project, link.component));
  }
  return list.map((r) => {
    const parent = linked.get(r.component.repo);
    return { ...r, project: projects.get(r.project.id) ?? r.project, categories: categoryChain(categories, r.component.category_id), ...(parent ? { linked: parent } : {}) };
  });
}

/** What a component that shares another one's repository takes from it instead of its own values. */
export const LINKED_REPOSITORY_SETTINGS = ['push_on_commit', 'commit_pending_age', 'auto_lock_error'] as const;

/** A component's effective settings: its project, the categories above it, then itself. */
export function componentEffectiveSettings(refs: Pick<ComponentWithRefs, 'component' | 'project' | 'categories'>): EffectiveSettings {
  return effectiveSettings([refs.project, ...(refs.categories ?? []), refs.component]);
}
