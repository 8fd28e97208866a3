// Shared helpers for the check tests: build a context and run one check by id.
import { parseFlags } from './flags.js';
import { getCheck, runChecks, type CheckContext } from './registry.js';

const PLURALS: Record<string, number> = { ja: 1, zh: 1, ko: 1, cs: 3, ru: 3, ar: 6, fr: 2, de: 2, en: 2, el: 2, hi: 2, ur: 2, fa: 2, hy: 2 };

export function ctx(language: string, flags = '', extra: Partial<CheckContext> = {}): CheckContext {
  const base = language.split(/[_-]/)[0]!;
  return { language, pluralCount: PLURALS[base] ?? 2, flags: parseFlags(flags), ...extra };
}

const list = (v: string | readonly string[]): readonly string[] => (typeof v === 'string' ? [v] : v);

/** Runs the check `id` directly (enable flags are not consulted); returns its detail or false. */
export function failing(
  id: string,
  source: string | readonly string[],
  target: string | readonly string[],
  language = 'cs',
  flags = '',
  extra: Partial<CheckContext> = {},
): string | false {
  const check = getCheck(id);
  if (!check) throw new Error(`no check ${id}`);
  const result = check.check(list(source), list(target), ctx(language, flags, extra));
  return result.failing ? (result.detail ?? check.description) : false;
}

/** Runs the whole registry like the save path does. */
export function failingIds(
  source: string | readonly string[],
  target: string | readonly string[],
  language = 'cs',
  flags = '',
  extra: Partial<CheckContext> = {},
): string[] {
  return runChecks({ source: list(source), target: list(target) }, ctx(language, flags, extra));
}
