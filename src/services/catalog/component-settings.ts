// Component settings beyond the layout: inheritance, secondary language, memory and glossary switches, format and VCS parameters.
import type { Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ComponentRow, ComponentUpdate, ProjectRow } from '../../db/schema.js';
import { categoryPlaceById } from '../../db/categories.repository.js';
import { ValidationError } from '../../shared/errors.js';
import { checkLocalRepository } from './local-components.js';
import { languageExists } from '../../db/setting-levels.repository.js';
import { checkFileFormatParams } from '../../formats/file-format-params.js';
import { checkVcsParams } from '../../vcs/vcs-params.js';
import type { FieldErrors } from '../common/validation.js';
import { INHERIT_FLAGS, inheritColumns, LINKED_REPOSITORY_SETTINGS, primaryKeyOf, secondaryLanguageColumn, type SettingsInput } from '../settings/inherited-settings.js';
import { componentBySlugs } from '../../db/component-links.repository.js';
import { normalizeInternalUrl, parseInternalUrl } from '../../vcs/urls.js';

export type ComponentSettingsInput = SettingsInput & {
  hide_glossary_matches?: boolean;
  contribute_project_tm?: boolean;
  vcs_params?: unknown;
  file_format_params?: unknown;
  git_export?: string;
  vcs?: string;
  file_format?: string;
  repo?: string;
  push_on_commit?: boolean;
  commit_pending_age?: number;
  auto_lock_error?: boolean;
  /** Creation only: the component to copy (its id or its project/category/component path). */
  from_component?: unknown;
};

const LINKED_SETTING_REFUSED = 'Option is not available for linked repositories. Setting from linked component will be used.';

/** Whether the body keeps a component that shares another one's repository linked to the same one. */
function staysLinked(input: ComponentSettingsInput, existing: ComponentRow | null): existing is ComponentRow {
  return !!existing && !!parseInternalUrl(existing.repo) && (input.repo === undefined || normalizeInternalUrl(input.repo) === existing.repo);
}

/** Checks the settings fields of a component body (creation when `existing` is null). */
export async function checkComponentSettings(db: Executor, input: ComponentSettingsInput, existing: ComponentRow | null, errors: FieldErrors): Promise<void> {
  checkLocalRepository(input, existing === null, errors);
  if (existing && input.from_component !== undefined) errors.add('from_component', 'This field is for creation only, use /file/ instead.');
  await secondaryLanguageColumn(input, errors, (id) => languageExists(db, id));
  for (const flag of INHERIT_FLAGS) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean') errors.add(flag, 'Must be a valid boolean.');
  }
  if (input.vcs_params !== undefined) {
    const checked = checkVcsParams(input.vcs ?? existing?.vcs ?? 'git', input.vcs_params);
    if ('problems' in checked) for (const problem of checked.problems) errors.add('vcs_params', problem);
  }
  if (input.file_format_params !== undefined) {
    const format = input.file_format ?? existing?.file_format ?? '';
    const checked = checkFileFormatParams(format, input.file_format_params);
    if ('problems' in checked) for (const problem of checked.problems) errors.add('file_format_params', problem);
  }
  // A component sharing a repository uses the repository settings of the component it shares it with.
  if (staysLinked(input, existing)) {
    const link = parseInternalUrl(existing.repo)!;
    const parent = await componentBySlugs(db, link.project, link.component);
    for (const name of LINKED_REPOSITORY_SETTINGS) {
      const value = input[name];
      if (!parent || value === undefined) continue;
      const theirs = name === 'commit_pending_age' ? parent[name] : parent[name] !== 0;
      if (value !== theirs) errors.add(name, LINKED_SETTING_REFUSED);
    }
  }
  if (input.git_export !== undefined && input.git_export !== '') {
    if (input.git_export.length > 220) errors.add('git_export', 'Ensure this field has no more than 220 characters.', 'max_length');
    else if (!/^https?:\/\/[^\s/]+/i.test(input.git_export)) errors.add('git_export', 'Enter a valid URL.');
  }
}

/** The columns the settings fields of a checked body write; `existing` null on creation. */
export function componentSettingsColumns(input: ComponentSettingsInput, existing: ComponentRow | null): ComponentUpdate {
  const out: ComponentUpdate = { ...inheritColumns(input, existing, 'inherit-missing') };
  // The same values as the shared repository's are accepted and change nothing here.
  if (staysLinked(input, existing)) for (const name of LINKED_REPOSITORY_SETTINGS) if (input[name] !== undefined) out[name] = existing[name];
  if (input.secondary_language !== undefined) out.secondary_language_id = primaryKeyOf(input.secondary_language) ?? null;
  if (input.hide_glossary_matches !== undefined) out.hide_glossary_matches = input.hide_glossary_matches ? 1 : 0;
  if (input.contribute_project_tm !== undefined) out.contribute_project_tm = input.contribute_project_tm ? 1 : 0;
  if (input.git_export !== undefined) out.git_export = input.git_export;
  if (input.vcs_params !== undefined) {
    const checked = checkVcsParams(input.vcs ?? existing?.vcs ?? 'git', input.vcs_params);
    if ('params' in checked) out.vcs_params = JSON.stringify(checked.params);
  }
  if (input.file_format_params !== undefined) {
    const checked = checkFileFormatParams(input.file_format ?? existing?.file_format ?? '', input.file_format_params);
    if ('params' in checked) out.file_format_params = JSON.stringify(checked.params);
  }
  return out;
}

/** The category of `project` a shared component is shown in: `value` names one by id (null or absent: none). */
export async function linkCategory(db: Executor, project: ProjectRow, value: unknown): Promise<number | null> {
  if (value === undefined) return null;
  const id = primaryKeyOf(value);
  if (id === undefined) throw ValidationError.field('category_id', msgid('A valid integer is required.'));
  if (id === null) return null;
  const category = await categoryPlaceById(db, id);
  if (!category) throw ValidationError.field('category_id', msgid('Category not found.'), 'does_not_exist');
  if (category.project_id !== project.id) throw ValidationError.field('category_id', msgid('The category is not in this project.'));
  return id;
}
