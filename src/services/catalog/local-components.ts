// Components with a local repository (repo "local:", vcs "local") created empty: no upload, files added later.
import fs from 'node:fs/promises';
import { msgid } from '../../shared/msgid.js';
import path from 'node:path';
import type { LanguageRow } from '../../db/schema.js';
import type { TranslationFormat } from '../../formats/format.js';
import { isWithin } from '../common/data-paths.js';
import { ValidationError } from '../../shared/errors.js';
import type { FieldErrors } from '../common/validation.js';
import type { ScannedTree } from './component-scanner.js';

export const LOCAL_REPO = 'local:';

/** A creation body asking for an empty local repository. */
export function wantsLocalRepository(input: { repo?: string; vcs?: string }): boolean {
  return input.repo === LOCAL_REPO;
}

/** "local:" and the "local" version control go together. */
export function checkLocalRepository(input: { repo?: string; vcs?: string }, creating: boolean, errors: FieldErrors): void {
  if (!creating) return;
  if (input.repo === LOCAL_REPO && input.vcs !== 'local') errors.add('vcs', 'A local repository ("local:") needs the "local" version control.');
  else if (input.vcs === 'local' && input.repo !== undefined && input.repo !== LOCAL_REPO) errors.add('repo', 'The "local" version control has no remote repository: use "local:".');
}

/**
 * The files of a new empty local repository in `dir`: none, or an empty monolingual base file when the
 * component names one (bilingual formats cannot start from an empty base: a 400 on `template`).
 */
export async function seedLocalRepository(dir: string, input: { template?: string }, format: TranslationFormat, source: LanguageRow): Promise<string[]> {
  if (!input.template) return [];
  const file = path.join(dir, input.template);
  if (!isWithin(dir, file)) throw ValidationError.field('template', msgid('The file must be a relative path inside the repository.'));
  if (!format.monolingual) throw ValidationError.field('template', `Failed to find the file ${input.template} in the repository.`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, format.create({ language: source.code }).serialize());
  return [input.template];
}

/** What a scan of an empty repository finds: no files, the source translation alone. */
export function emptyScan(format: TranslationFormat, source: LanguageRow): ScannedTree {
  return { template: undefined, newBase: undefined, intermediate: undefined, files: [], format, monolingual: format.monolingual, sourceCode: source.code };
}
