// Permission codenames and built-in roles and teams; the data behind every access check.
export const OBJECT_PERMISSIONS = [
  'change.download', 'comment.add', 'comment.delete', 'comment.resolve', 'component.edit', 'component.lock',
  'glossary.add', 'glossary.terminology', 'glossary.edit', 'glossary.delete', 'glossary.upload', 'machinery.view',
  'memory.edit', 'memory.delete', 'project.edit', 'project.permissions', 'reports.view', 'screenshot.add',
  'screenshot.edit', 'screenshot.delete', 'source.edit', 'unit.add', 'unit.delete', 'unit.check', 'unit.edit',
  'unit.review', 'unit.bulk_edit', 'unit.override', 'unit.template', 'suggestion.accept', 'suggestion.add',
  'suggestion.delete', 'suggestion.vote', 'translation.add', 'translation.auto', 'translation.delete',
  'translation.download', 'translation.add_more', 'upload.authorship', 'upload.overwrite', 'upload.perform',
  'vcs.access', 'vcs.commit', 'vcs.push', 'vcs.reset', 'vcs.view', 'vcs.update', 'announcement.add',
  'announcement.delete', 'workspace.edit', 'workspace.add_project', 'workspace.edit_members',
] as const;

export const GLOBAL_PERMISSIONS = [
  'management.use', 'management.configure', 'project.add', 'workspace.add', 'language.add', 'language.edit',
  'group.edit', 'group.view', 'user.edit', 'user.view', 'role.edit', 'role.view', 'announcement.edit',
  'memory.manage', 'machinery.edit', 'componentlist.edit', 'billing.manage', 'management.addons',
] as const;

export type ObjectPermission = (typeof OBJECT_PERMISSIONS)[number];
export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];
export type Permission = ObjectPermission | GlobalPermission;

const TRANSLATE: ObjectPermission[] = [
  'comment.add', 'suggestion.accept', 'suggestion.add', 'suggestion.vote', 'unit.check', 'unit.edit',
  'translation.download', 'upload.overwrite', 'upload.perform', 'machinery.view',
];
const GLOSSARY = OBJECT_PERMISSIONS.filter((p) => p.startsWith('glossary.'));

export const BUILTIN_ROLES: Record<string, readonly Permission[]> = {
  Administration: OBJECT_PERMISSIONS.filter((p) => !p.startsWith('workspace.')),
  'Edit source': [...TRANSLATE, 'unit.template', 'source.edit'],
  'Add suggestion': ['suggestion.add'],
  'Access repository': ['translation.download', 'vcs.access', 'vcs.view'],
  'Manage glossary': GLOSSARY,
  'Power user': [
    ...TRANSLATE, 'translation.add', 'unit.template', 'suggestion.delete', 'vcs.access', 'vcs.view',
    ...GLOSSARY.filter((p) => p !== 'glossary.terminology'),
  ],
  'Translation coordinator': [
    ...TRANSLATE, 'announcement.add', 'announcement.delete', 'translation.add', 'unit.template', 'suggestion.delete',
    'vcs.access', 'vcs.view', 'unit.review', 'unit.override', 'comment.resolve', ...GLOSSARY,
    'screenshot.add', 'screenshot.edit', 'screenshot.delete',
  ],
  'Review strings': [...TRANSLATE, 'unit.review', 'unit.override', 'comment.resolve'],
  Translate: TRANSLATE,
  'Manage languages': OBJECT_PERMISSIONS.filter((p) => p.startsWith('translation.') && p !== 'translation.auto'),
  'Bulk editing': ['unit.bulk_edit'],
  'Automatic translation': ['translation.auto'],
  'Manage translation memory': ['memory.edit', 'memory.delete'],
  'Manage screenshots': ['screenshot.add', 'screenshot.edit', 'screenshot.delete'],
  'Manage repository': [...OBJECT_PERMISSIONS.filter((p) => p.startsWith('vcs.')), 'component.lock'],
  'Workspace administration': [...OBJECT_PERMISSIONS.filter((p) => p.startsWith('workspace.')), 'reports.view'],
  'Add workspace projects': ['workspace.add_project'],
  'Add new projects': ['project.add', 'workspace.add'],
};

/** Project access control values, as the reference numbers them. */
export const ACCESS_PUBLIC = 0;
export const ACCESS_PROTECTED = 1;
export const ACCESS_PRIVATE = 100;
export const ACCESS_CUSTOM = 200;
export const ACCESS_CONTROL_VALUES = [ACCESS_PUBLIC, ACCESS_PROTECTED, ACCESS_PRIVATE, ACCESS_CUSTOM];

/** Selection codes of a team's projects and languages, as the reference numbers them. */
export const SELECTION_MANUAL = 0;
export const SELECTION_ALL = 1;
export const SELECTION_COMPONENT_LIST = 2;
export const SELECTION_ALL_PUBLIC = 3;
export const SELECTION_ALL_PROTECTED = 4;
export const PROJECT_SELECTIONS = [SELECTION_MANUAL, SELECTION_ALL, SELECTION_COMPONENT_LIST, SELECTION_ALL_PUBLIC, SELECTION_ALL_PROTECTED];
export const LANGUAGE_SELECTIONS = [SELECTION_MANUAL, SELECTION_ALL];

export interface TeamDefinition {
  name: string;
  roles: string[];
  projectSelection: number;
  /** New users whose e-mail matches join the team. */
  autoAssign?: string;
}

/** Default site-wide teams, as the reference has them; all of them select every language. */
export const DEFAULT_TEAMS: readonly TeamDefinition[] = [
  { name: 'Guests', roles: ['Add suggestion', 'Access repository'], projectSelection: SELECTION_ALL_PUBLIC },
  { name: 'Viewers', roles: [], projectSelection: SELECTION_ALL_PROTECTED, autoAssign: '^.*$' },
  { name: 'Users', roles: ['Power user'], projectSelection: SELECTION_ALL_PUBLIC, autoAssign: '^.*$' },
  { name: 'Reviewers', roles: ['Review strings'], projectSelection: SELECTION_ALL },
  { name: 'Managers', roles: ['Administration'], projectSelection: SELECTION_ALL },
  { name: 'Project creators', roles: ['Add new projects'], projectSelection: SELECTION_ALL },
];

/** What the anonymous visitor is a member of. */
export const ANONYMOUS_TEAMS: readonly string[] = ['Guests', 'Viewers'];

/** Teams created automatically with every project: team name → role. */
export const PROJECT_TEAMS: readonly { name: string; role: string }[] = [
  { name: 'Administration', role: 'Administration' },
  { name: 'Review', role: 'Review strings' },
  { name: 'Translate', role: 'Translate' },
  { name: 'Sources', role: 'Edit source' },
  { name: 'Languages', role: 'Manage languages' },
  { name: 'Glossary', role: 'Manage glossary' },
  { name: 'Memory', role: 'Manage translation memory' },
  { name: 'Screenshots', role: 'Manage screenshots' },
  { name: 'Bulk editing', role: 'Bulk editing' },
  { name: 'Automatic translation', role: 'Automatic translation' },
  { name: 'VCS', role: 'Manage repository' },
];

/**
 * Which per-project teams a project gets: public ones only Administration (+ Review with a review
 * workflow), protected and private ones all, custom access control none.
 */
export function projectTeamNames(project: { access_control: number; source_review: number; translation_review: number }): string[] {
  if (project.access_control === ACCESS_CUSTOM) return [];
  if (project.access_control === ACCESS_PUBLIC) {
    return project.source_review || project.translation_review ? ['Administration', 'Review'] : ['Administration'];
  }
  return PROJECT_TEAMS.map((t) => t.name);
}

const GLOBAL_SET: ReadonlySet<string> = new Set(GLOBAL_PERMISSIONS);
export function isGlobalPermission(codename: string): boolean {
  return GLOBAL_SET.has(codename);
}
export function isPermission(codename: string): boolean {
  return GLOBAL_SET.has(codename) || (OBJECT_PERMISSIONS as readonly string[]).includes(codename);
}
