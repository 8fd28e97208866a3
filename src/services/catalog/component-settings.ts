// Component settings beyond the layout: inheritance, secondary language, memory and glossary switches, format and VCS parameters.
import type { Executor } from '../../db/database.js';
import type { ComponentRow, ComponentUpdate } from '../../db/schema.js';
import { languageExists } from '../../db/setting-levels.repository.js';
import { checkFileFormatParams } from '../../formats/file-format-params.js';
import { checkVcsParams } from '../../vcs/vcs-params.js';
import type { FieldErrors } from '../common/validation.js';
import { INHERIT_FLAGS, inheritColumns, primaryKeyOf, secondaryLanguageColumn, type SettingsInput } from './inherited-settings.js';

export type ComponentSettingsInput = SettingsInput & {
  hide_glossary_matches?: boolean;
  contribute_project_tm?: boolean;
  vcs_params?: unknown;
  file_format_params?: unknown;
  git_export?: string;
  vcs?: string;
  file_format?: string;
};

/** Checks the settings fields of a component body (creation when `existing` is null). */
export async function checkComponentSettings(db: Executor, input: ComponentSettingsInput, existing: ComponentRow | null, errors: FieldErrors): Promise<void> {
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
  if (input.git_export !== undefined && input.git_export !== '') {
    if (input.git_export.length > 220) errors.add('git_export', 'Ensure this field has no more than 220 characters.', 'max_length');
    else if (!/^https?:\/\/[^\s/]+/i.test(input.git_export)) errors.add('git_export', 'Enter a valid URL.');
  }
}

/** The columns the settings fields of a checked body write; `existing` null on creation. */
export function componentSettingsColumns(input: ComponentSettingsInput, existing: ComponentRow | null): ComponentUpdate {
  const out: ComponentUpdate = { ...inheritColumns(input, existing, 'inherit-missing') };
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
