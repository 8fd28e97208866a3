// Permission codenames and built-in roles and teams; the data behind every access check.
import { msgid } from '../shared/msgid.js';
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

/** What each permission allows, as the role pages name it (the codename is what the API and the stored roles use). */
export const PERMISSION_NAMES: Readonly<Record<Permission, string>> = {
  'change.download': msgid('Download changes'),
  'comment.add': msgid('Post comments'),
  'comment.delete': msgid('Delete comments'),
  'comment.resolve': msgid('Resolve comments'),
  'component.edit': msgid('Edit component settings'),
  'component.lock': msgid('Lock components against translating'),
  'glossary.add': msgid('Add glossary terms'),
  'glossary.terminology': msgid('Add glossary terms to every language'),
  'glossary.edit': msgid('Edit glossary terms'),
  'glossary.delete': msgid('Delete glossary terms'),
  'glossary.upload': msgid('Upload glossary terms'),
  'machinery.view': msgid('Use automatic suggestions'),
  'memory.edit': msgid('Edit translation memory'),
  'memory.delete': msgid('Delete translation memory'),
  'project.edit': msgid('Edit project settings'),
  'project.permissions': msgid('Manage project access'),
  'reports.view': msgid('Download reports'),
  'screenshot.add': msgid('Add screenshots'),
  'screenshot.edit': msgid('Edit screenshots'),
  'screenshot.delete': msgid('Delete screenshots'),
  'source.edit': msgid('Edit additional string information'),
  'unit.add': msgid('Add new strings'),
  'unit.delete': msgid('Delete strings'),
  'unit.check': msgid('Dismiss failing checks'),
  'unit.edit': msgid('Edit strings'),
  'unit.review': msgid('Review strings'),
  'unit.bulk_edit': msgid('Bulk edit strings'),
  'unit.override': msgid('Edit strings when suggestions are enforced'),
  'unit.template': msgid('Edit source strings'),
  'suggestion.accept': msgid('Accept suggestions'),
  'suggestion.add': msgid('Add suggestions'),
  'suggestion.delete': msgid('Delete suggestions'),
  'suggestion.vote': msgid('Vote on suggestions'),
  'translation.add': msgid('Add languages for translation'),
  'translation.auto': msgid('Run automatic translation'),
  'translation.delete': msgid('Delete translations'),
  'translation.download': msgid('Download translation files'),
  'translation.add_more': msgid('Add several languages at once'),
  'upload.authorship': msgid('Name the author of uploaded translations'),
  'upload.overwrite': msgid('Overwrite existing strings with an upload'),
  'upload.perform': msgid('Upload translations'),
  'vcs.access': msgid('Access the internal repository'),
  'vcs.commit': msgid('Commit changes to the internal repository'),
  'vcs.push': msgid('Push changes from the internal repository'),
  'vcs.reset': msgid('Reset changes in the internal repository'),
  'vcs.view': msgid('View the upstream repository location'),
  'vcs.update': msgid('Update the internal repository'),
  'announcement.add': msgid('Post announcements'),
  'announcement.delete': msgid('Delete announcements'),
  'workspace.edit': msgid('Edit workspace settings'),
  'workspace.add_project': msgid('Add projects to the workspace'),
  'workspace.edit_members': msgid('Manage workspace members'),
  'management.use': msgid('Use the management interface'),
  'management.configure': msgid('Configure the site'),
  'project.add': msgid('Add new projects'),
  'workspace.add': msgid('Add new workspaces'),
  'language.add': msgid('Add language definitions'),
  'language.edit': msgid('Edit language definitions'),
  'group.edit': msgid('Manage teams'),
  'group.view': msgid('View teams'),
  'user.edit': msgid('Manage users'),
  'user.view': msgid('View users'),
  'role.edit': msgid('Manage roles'),
  'role.view': msgid('View roles'),
  'announcement.edit': msgid('Manage site-wide announcements'),
  'memory.manage': msgid('Manage the shared translation memory'),
  'machinery.edit': msgid('Configure automatic suggestion services'),
  'componentlist.edit': msgid('Manage component lists'),
  'billing.manage': msgid('Manage billing'),
  'management.addons': msgid('Manage site-wide add-ons'),
};

/** The permission catalog's groups by the codenames' first part; site-wide ones under their own names. */
export const PERMISSION_GROUP_NAMES: Readonly<Record<string, string>> = {
  change: msgid('Changes'),
  comment: msgid('Comments'),
  component: msgid('Components'),
  glossary: msgid('Glossary'),
  machinery: msgid('Automatic suggestions'),
  memory: msgid('Translation memory'),
  project: msgid('Projects'),
  reports: msgid('Reports'),
  screenshot: msgid('Screenshots'),
  source: msgid('Source strings'),
  unit: msgid('Strings'),
  suggestion: msgid('Suggestions'),
  translation: msgid('Translations'),
  upload: msgid('Uploads'),
  vcs: msgid('Repository'),
  announcement: msgid('Announcements'),
  workspace: msgid('Workspaces'),
};
export const SITE_PERMISSION_GROUP_NAMES: Readonly<Record<string, string>> = {
  management: msgid('Site-wide: management'),
  project: msgid('Site-wide: projects'),
  workspace: msgid('Site-wide: workspaces'),
  language: msgid('Site-wide: languages'),
  group: msgid('Site-wide: teams'),
  user: msgid('Site-wide: users'),
  role: msgid('Site-wide: roles'),
  announcement: msgid('Site-wide: announcements'),
  memory: msgid('Site-wide: translation memory'),
  machinery: msgid('Site-wide: automatic suggestions'),
  componentlist: msgid('Site-wide: component lists'),
  billing: msgid('Site-wide: billing'),
};

const TRANSLATE: ObjectPermission[] = [
  'comment.add', 'suggestion.accept', 'suggestion.add', 'suggestion.vote', 'unit.check', 'unit.edit',
  'translation.download', 'upload.overwrite', 'upload.perform', 'machinery.view',
];
const GLOSSARY = OBJECT_PERMISSIONS.filter((p) => p.startsWith('glossary.'));

export const BUILTIN_ROLES: Record<string, readonly Permission[]> = {
  [msgid('Administration')]: OBJECT_PERMISSIONS.filter((p) => !p.startsWith('workspace.')),
  [msgid('Edit source')]: [...TRANSLATE, 'unit.template', 'source.edit'],
  [msgid('Add suggestion')]: ['suggestion.add'],
  [msgid('Access repository')]: ['translation.download', 'vcs.access', 'vcs.view'],
  [msgid('Manage glossary')]: GLOSSARY,
  [msgid('Power user')]: [
    ...TRANSLATE, 'translation.add', 'unit.template', 'suggestion.delete', 'vcs.access', 'vcs.view',
    ...GLOSSARY.filter((p) => p !== 'glossary.terminology'),
  ],
  [msgid('Translation coordinator')]: [
    ...TRANSLATE, 'announcement.add', 'announcement.delete', 'translation.add', 'unit.template', 'suggestion.delete',
    'vcs.access', 'vcs.view', 'unit.review', 'unit.override', 'comment.resolve', ...GLOSSARY,
    'screenshot.add', 'screenshot.edit', 'screenshot.delete',
  ],
  [msgid('Review strings')]: [...TRANSLATE, 'unit.review', 'unit.override', 'comment.resolve'],
  [msgid('Translate')]: TRANSLATE,
  [msgid('Manage languages')]: OBJECT_PERMISSIONS.filter((p) => p.startsWith('translation.') && p !== 'translation.auto'),
  [msgid('Bulk editing')]: ['unit.bulk_edit'],
  [msgid('Automatic translation')]: ['translation.auto'],
  [msgid('Manage translation memory')]: ['memory.edit', 'memory.delete'],
  [msgid('Manage screenshots')]: ['screenshot.add', 'screenshot.edit', 'screenshot.delete'],
  [msgid('Manage repository')]: [...OBJECT_PERMISSIONS.filter((p) => p.startsWith('vcs.')), 'component.lock'],
  [msgid('Workspace administration')]: [...OBJECT_PERMISSIONS.filter((p) => p.startsWith('workspace.')), 'reports.view'],
  [msgid('Add workspace projects')]: ['workspace.add_project'],
  [msgid('Add new projects')]: ['project.add', 'workspace.add'],
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
  { name: msgid('Guests'), roles: ['Add suggestion', 'Access repository'], projectSelection: SELECTION_ALL_PUBLIC },
  { name: msgid('Viewers'), roles: [], projectSelection: SELECTION_ALL_PROTECTED, autoAssign: '^.*$' },
  { name: msgid('Users'), roles: ['Power user'], projectSelection: SELECTION_ALL_PUBLIC, autoAssign: '^.*$' },
  { name: msgid('Reviewers'), roles: ['Review strings'], projectSelection: SELECTION_ALL },
  { name: msgid('Managers'), roles: ['Administration'], projectSelection: SELECTION_ALL },
  { name: msgid('Project creators'), roles: ['Add new projects'], projectSelection: SELECTION_ALL },
];

/** What the anonymous visitor is a member of. */
export const ANONYMOUS_TEAMS: readonly string[] = ['Guests', 'Viewers'];

/** Teams created automatically with every project: team name → role. */
export const PROJECT_TEAMS: readonly { name: string; role: string }[] = [
  { name: msgid('Administration'), role: 'Administration' },
  { name: msgid('Review'), role: 'Review strings' },
  { name: msgid('Translate'), role: 'Translate' },
  { name: msgid('Sources'), role: 'Edit source' },
  { name: msgid('Languages'), role: 'Manage languages' },
  { name: msgid('Glossary'), role: 'Manage glossary' },
  { name: msgid('Memory'), role: 'Manage translation memory' },
  { name: msgid('Screenshots'), role: 'Manage screenshots' },
  { name: msgid('Bulk editing'), role: 'Bulk editing' },
  { name: msgid('Automatic translation'), role: 'Automatic translation' },
  { name: msgid('VCS'), role: 'Manage repository' },
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
