// Category settings: the values components below inherit (license, new languages, commit messages …) and their inherit flags.
import type { Executor } from '../../db/database.js';
import type { CategoryRow, CategoriesTable } from '../../db/schema.js';
import type { Updateable } from 'kysely';
import { languageExists } from '../../db/setting-levels.repository.js';
import type { FieldErrors } from '../common/validation.js';
import { inheritColumns, LANGUAGE_CODE_STYLES, NEW_LANG_CHOICES, primaryKeyOf, secondaryLanguageColumn, TEXT_SETTINGS, type SettingsInput } from './inherited-settings.js';

export type CategorySettingsInput = SettingsInput & { check_flags?: string };

/** The fields of a category body that are settings (anything else is its name, slug and place). */
export const CATEGORY_SETTING_FIELDS = ['check_flags', ...TEXT_SETTINGS, 'secondary_language', ...TEXT_SETTINGS.map((n) => `inherit_${n}`), 'inherit_secondary_language'];

export async function checkCategorySettings(db: Executor, input: CategorySettingsInput, errors: FieldErrors): Promise<void> {
  errors.checkFlags('check_flags', input.check_flags);
  errors.choice('new_lang', input.new_lang, NEW_LANG_CHOICES);
  errors.choice('language_code_style', input.language_code_style, LANGUAGE_CODE_STYLES);
  errors.text('license', input.license, { max: 150 });
  for (const name of TEXT_SETTINGS) {
    const v = (input as Record<string, unknown>)[name];
    if (v !== undefined && typeof v !== 'string') errors.add(name, 'Not a valid string.');
  }
  await secondaryLanguageColumn(input, errors, (id) => languageExists(db, id));
}

/** The columns a checked body writes; `existing` null on creation, where settings left out are inherited. */
export function categorySettingsColumns(input: CategorySettingsInput, existing: CategoryRow | null): Updateable<CategoriesTable> {
  const out: Updateable<CategoriesTable> = { ...inheritColumns(input, existing, 'inherit-missing') };
  if (input.check_flags !== undefined) out.check_flags = input.check_flags;
  for (const name of TEXT_SETTINGS) if (input[name] !== undefined) out[name] = input[name];
  if (input.secondary_language !== undefined) out.secondary_language_id = primaryKeyOf(input.secondary_language) ?? null;
  return out;
}
