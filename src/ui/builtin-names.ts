// The names of the built-in teams and roles and of the permissions in the reader's UI language; names people typed stay as typed.
import {
  BUILTIN_ROLES,
  DEFAULT_TEAMS,
  GLOBAL_PERMISSIONS,
  OBJECT_PERMISSIONS,
  PERMISSION_GROUP_NAMES,
  PERMISSION_NAMES,
  PROJECT_TEAMS,
  SITE_PERMISSION_GROUP_NAMES,
  type Permission,
} from '../auth/permissions.js';
import { tr } from './i18n.js';

const TEAM_NAMES: ReadonlySet<string> = new Set([...DEFAULT_TEAMS.map((t) => t.name), ...PROJECT_TEAMS.map((t) => t.name)]);
const ROLE_NAMES: ReadonlySet<string> = new Set(Object.keys(BUILTIN_ROLES));

/**
 * A team's name as the page shows it: a built-in team (stored flag, and still one of the built-in names) in the UI
 * language, any other as it is stored. The stored name, which the API returns and forms compare with, stays English.
 */
export function teamName(team: { name: string; internal: boolean | number }): string {
  return team.internal && TEAM_NAMES.has(team.name) ? tr(team.name) : team.name;
}

/** A role's name as the page shows it: a built-in role that keeps its built-in name in the UI language, any other as stored. */
export function roleName(role: { name: string; builtin: boolean | number }): string {
  return role.builtin && ROLE_NAMES.has(role.name) ? tr(role.name) : role.name;
}

/** What a permission allows, in the UI language; a codename the catalog does not know shows as it is. */
export function permissionName(codename: string): string {
  return Object.hasOwn(PERMISSION_NAMES, codename) ? tr(PERMISSION_NAMES[codename as Permission]) : codename;
}

/** The permissions by the first part of the codenames, the object permissions first, then the site-wide ones. */
export interface PermissionGroup {
  legend: string;
  codenames: string[];
}

/** The permission catalog with its group names in the UI language. */
export function permissionCatalog(): PermissionGroup[] {
  const byPrefix = (codenames: readonly string[], names: Readonly<Record<string, string>>) => {
    const groups = new Map<string, string[]>();
    for (const c of codenames) {
      const prefix = c.split('.')[0]!;
      if (!groups.has(prefix)) groups.set(prefix, []);
      groups.get(prefix)!.push(c);
    }
    return [...groups].map(([prefix, list]) => ({ legend: Object.hasOwn(names, prefix) ? tr(names[prefix]!) : prefix, codenames: list }));
  };
  return [...byPrefix(OBJECT_PERMISSIONS, PERMISSION_GROUP_NAMES), ...byPrefix(GLOBAL_PERMISSIONS, SITE_PERMISSION_GROUP_NAMES)];
}
