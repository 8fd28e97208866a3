// Project settings beyond the basics: memory sharing, public sharing, two-factor enforcement, commit policy, inheritance flags.
import type { Executor } from '../../db/database.js';
import type { ProjectRow, ProjectUpdate } from '../../db/schema.js';
import { languageExists } from '../../db/setting-levels.repository.js';
import type { FieldErrors } from '../common/validation.js';
import { COMMIT_POLICIES, inheritColumns, primaryKeyOf, secondaryLanguageColumn, type SettingsInput } from './inherited-settings.js';

const SWITCHES = ['use_shared_tm', 'contribute_shared_tm', 'use_workspace_tm', 'contribute_workspace_tm', 'autoclean_tm', 'public_sharing', 'enforced_2fa'] as const;

export type ProjectSettingsInput = SettingsInput & { commit_policy?: number } & { [K in (typeof SWITCHES)[number]]?: boolean };

export async function checkProjectSettings(db: Executor, input: ProjectSettingsInput, errors: FieldErrors): Promise<void> {
  errors.choice('commit_policy', input.commit_policy, COMMIT_POLICIES);
  await secondaryLanguageColumn(input, errors, (id) => languageExists(db, id));
}

/** The columns a checked body writes. A project has no level above it: its inherit flags are kept as given, off by default. */
export function projectSettingsColumns(input: ProjectSettingsInput, existing: ProjectRow | null): ProjectUpdate {
  const out: ProjectUpdate = { ...inheritColumns(input, existing, 'own') };
  for (const name of SWITCHES) if (input[name] !== undefined) out[name] = input[name] ? 1 : 0;
  if (input.commit_policy !== undefined) out.commit_policy = input.commit_policy;
  if (input.secondary_language !== undefined) out.secondary_language_id = primaryKeyOf(input.secondary_language) ?? null;
  return out;
}
