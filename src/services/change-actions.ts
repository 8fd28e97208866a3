// Change action codes and their display names (compat §13.2), and which of them count as content changes.
export const ACTION_NAMES: Record<number, string> = {
  0: 'Resource updated', 1: 'Translation completed', 2: 'Translation changed', 3: 'Comment added',
  4: 'Suggestion added', 5: 'Translation added', 6: 'Automatically translated', 7: 'Suggestion accepted',
  8: 'Translation reverted', 9: 'Translation uploaded', 13: 'Source string added', 14: 'Component locked',
  15: 'Component unlocked', 17: 'Changes committed', 18: 'Changes pushed', 19: 'Repository reset',
  20: 'Repository merged', 21: 'Repository rebased', 22: 'Repository merge failed', 23: 'Repository rebase failed',
  24: 'Parsing failed', 25: 'Translation removed', 26: 'Suggestion removed', 27: 'Translation replaced',
  28: 'Repository push failed', 29: 'Suggestion removed during cleanup', 30: 'Source string changed',
  31: 'String added', 32: 'Bulk status changed', 33: 'Visibility changed', 34: 'User added', 35: 'User removed',
  36: 'Translation approved', 37: 'Marked for edit', 38: 'Component removed', 39: 'Project removed',
  41: 'Project renamed', 42: 'Component renamed', 43: 'Moved component', 45: 'Contributor joined',
  46: 'Announcement posted', 47: 'Alert triggered', 48: 'Language added', 49: 'Language requested',
  50: 'Project created', 51: 'Component created', 52: 'User invited', 53: 'Repository notification received',
  54: 'Translation replaced file by upload', 55: 'License changed', 56: 'Contributor license agreement changed',
  57: 'Screenshot added', 58: 'Screenshot uploaded', 59: 'String updated in the repository', 60: 'Add-on installed',
  61: 'Add-on configuration changed', 62: 'Add-on uninstalled', 63: 'String removed', 64: 'Comment removed',
  65: 'Comment resolved', 66: 'Explanation updated', 67: 'Category removed', 68: 'Category renamed',
  69: 'Category moved', 70: 'Saving string failed', 71: 'String added in the repository',
  72: 'String updated in the upload', 73: 'String added in the upload', 74: 'Translation updated by source upload',
  75: 'Component translation completed', 76: 'Applied enforced check', 77: 'Propagated change', 78: 'File uploaded',
  79: 'Extra flags updated', 80: 'Font uploaded', 81: 'Font changed', 82: 'Font removed',
  83: 'Forced synchronization of translations', 84: 'Forced rescan of translations', 85: 'Screenshot removed',
  86: 'Label added', 87: 'Label removed', 88: 'Repository cleanup', 89: 'Source string added in the upload',
  90: 'Source string added in the repository', 91: 'Project backed up', 92: 'Project restored',
  93: 'Component restored', 94: 'User edit reverted', 95: 'Project setting changed', 96: 'Component setting changed',
  97: 'User access changed', 98: 'Workspace created', 99: 'Workspace setting changed', 100: 'Project moved',
  101: 'Remote repository updated', 102: 'Remote repository update failed', 103: 'Alert dismissed', 104: 'Alert reopened',
};

export const Action = {
  TRANSLATION_CHANGED: 2,
  TRANSLATION_ADDED: 5,
  LANGUAGE_ADDED: 48,
  TRANSLATION_REMOVED: 25,
  COMPONENT_REMOVED: 38,
  PROJECT_REMOVED: 39,
  PROJECT_RENAMED: 41,
  COMPONENT_RENAMED: 42,
  PROJECT_CREATED: 50,
  COMPONENT_CREATED: 51,
  COMPONENT_LOCKED: 14,
  COMPONENT_UNLOCKED: 15,
  PROJECT_SETTING_CHANGED: 95,
  COMPONENT_SETTING_CHANGED: 96,
  ACCESS_EDIT: 97,
  STRING_ADDED_IN_REPOSITORY: 71,
  VISIBILITY_CHANGED: 33,
  LICENSE_CHANGED: 55,
  AGREEMENT_CHANGED: 56,
} as const;

/** Actions that change translated content: they set last_change/last_author and count as recent changes. */
export const CONTENT_ACTIONS: ReadonlySet<number> = new Set([2, 5, 6, 7, 8, 9, 27, 30, 31, 32, 36, 37, 66, 76, 77, 79, 94]);
/** Changes to a translation's text or state: each counts once in its author's `translated` statistic. */
export const TRANSLATION_ACTIONS: ReadonlySet<number> = new Set([2, 5, 6, 7, 8, 9, 27, 32, 36, 37, 94]);
