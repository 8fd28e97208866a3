// The quality-check registry: the Check contract, every built-in check by the reference's check id, runChecks (translations), runSourceChecks (source strings) and isEnforced.
import { Flags } from './flags.js';
import { FORMAT_CHECKS } from './format-strings.js';
import { CHAR_CHECKS } from './chars.js';
import { LENGTH_CHECKS } from './length.js';
import { MARKUP_CHECKS } from './markup.js';
import { CONSISTENCY_CHECKS } from './consistency.js';
import { PLACEHOLDER_CHECKS } from './placeholders.js';
import { GLOSSARY_CHECKS, type GlossaryCheckTerm } from './glossary.js';
import { TYPOGRAPHY_CHECKS } from './typography.js';
import { SOURCE_CHECKS } from './source.js';
import { RST_CHECKS } from './rst.js';
import { FLUENT_CHECKS } from './fluent.js';

/** What a check knows about the unit besides its strings. */
export interface CheckContext {
  /** Target language code, e.g. "cs", "pt_BR", "zh_Hans". */
  language: string;
  /** Source language code; defaults to "en". */
  sourceLanguage?: string;
  /** Number of plural forms of the target language (1 for ja/zh, 3 for cs, 6 for ar). */
  pluralCount: number;
  /**
   * CLDR category of each target plural form (src/languages/plural-categories.ts), e.g.
   * ['one', 'few', 'many', 'other']. Format checks use it to allow dropping the number in a form
   * that stands for a single number ("one" in cs, "zero"/"one"/"two" in ar). Without it they
   * assume ['one', 'other'] for two forms and nothing otherwise.
   */
  pluralCategories?: readonly string[];
  /** The merged flags of the unit (mergeFlags(component check_flags, file flags, unit flags)). */
  flags: Flags;
  /**
   * The unit's state is translated or approved (not empty, not needs-editing). Defaults to "some
   * target form is non-empty". Only the translated check reads it.
   */
  unitTranslated?: boolean;
  /**
   * inconsistent: the targets of the other units in the same project and language whose source
   * (all plural forms) and plural count equal this one's, in other components; '' forms for
   * untranslated ones. Undefined = not known, and the check passes.
   */
  otherTranslations?: readonly (readonly string[])[];
  /**
   * translated: the most recent non-empty target recorded in this unit's change history (a
   * translation that was saved in the past), or undefined when there is none.
   */
  previousTarget?: readonly string[];
  /**
   * check_glossary: the glossary terms (of the project's glossaries, in the target language) that
   * occur in a source text. Undefined = the project has no glossary, and the check passes.
   */
  glossary?: (source: string) => readonly GlossaryCheckTerm[];
  /** prohibited_initial_character: the unit belongs to a glossary component (exported to CSV). */
  isGlossary?: boolean;
  /**
   * reused: the sources (all plural forms) of the other units in the same project and language
   * whose target (all plural forms) equals this unit's. Undefined = not known, and the check passes.
   */
  sameTargetSources?: readonly (readonly string[])[];
  /**
   * Facts about a source string and its translations, for the source checks (multiple_failures,
   * long_untranslated). Undefined = not known, and those checks pass.
   */
  sourceFacts?: SourceFacts;
}

/** What the source checks know about a source string's translations. */
export interface SourceFacts {
  /** How many translations (languages) of this string have failing, not dismissed checks. */
  failingTranslations?: number;
  /** Days since the source string was added or last changed. */
  ageDays?: number;
  /** Share of this string's translations that are translated (not empty, not needing editing), 0–100. */
  translatedPercent?: number;
  /** Share of the component's strings that are translated, 0–100. */
  componentTranslatedPercent?: number;
}

export type { CheckResult } from './result.js';
import type { CheckResult } from './result.js';

export { PASS, fail } from './result.js';

export interface Check {
  /** The reference's check id, e.g. "end_stop", "c_format", "max-length". */
  readonly id: string;
  /** Display name, e.g. "Mismatched full stop". */
  readonly name: string;
  /** One-sentence description shown with a failing check. */
  readonly description: string;
  /** What the check looks for, why it matters and what to do when it fails (shown by the editor and GET /api/checks/). */
  readonly explanation: string;
  /**
   * Flags that turn the check on; when set, the check runs only if the unit has one of them
   * (format checks, max-length, placeholders, regex, safe-html, url, md-*). Checks without
   * them run on every translated unit unless ignored.
   */
  readonly enableFlags?: readonly string[];
  /** True for checks that look at untranslated units too (only "translated"). */
  readonly runsOnUntranslated?: boolean;
  /**
   * A source check: it looks at the source string (for its developers), runs through
   * runSourceChecks on the source unit, and gets the source language in ctx.language and the
   * source forms in `sources` (targets are the same forms). runChecks leaves it out.
   */
  readonly sourceCheck?: boolean;
  /** Plural forms of source and target, the target's already non-empty somewhere. */
  check(sources: readonly string[], targets: readonly string[], ctx: CheckContext): CheckResult;
}

export { validateCheckFlags } from './placeholders.js';

export const CHECKS: readonly Check[] = [
  ...FORMAT_CHECKS,
  ...CHAR_CHECKS,
  ...LENGTH_CHECKS,
  ...MARKUP_CHECKS,
  ...CONSISTENCY_CHECKS,
  ...PLACEHOLDER_CHECKS,
  ...GLOSSARY_CHECKS,
  ...TYPOGRAPHY_CHECKS,
  ...RST_CHECKS,
  ...FLUENT_CHECKS,
  ...SOURCE_CHECKS,
];

const BY_ID = new Map(CHECKS.map((c) => [c.id, c]));
const TARGET_CHECKS = CHECKS.filter((c) => !c.sourceCheck);
const SOURCE_ONLY = CHECKS.filter((c) => c.sourceCheck);

export function getCheck(id: string): Check | undefined {
  return BY_ID.get(id);
}

export function checkIds(): string[] {
  return CHECKS.map((c) => c.id);
}

export interface CheckedUnit {
  source: readonly string[];
  target: readonly string[];
}

export interface CheckFailure {
  id: string;
  detail: string;
}

/** Whether `check` applies to a unit with these flags (enable flags present, not ignored). */
export function isCheckEnabled(check: Check, flags: Flags): boolean {
  if (flags.ignores(check.id) || flags.has('ignore-all-checks')) return false;
  if (!check.enableFlags) return true;
  return check.enableFlags.some((f) => flags.has(f));
}

/**
 * Runs every applicable check and returns the failures with their descriptions, in registry
 * order. Untranslated units (every target form empty) get only the checks that look at them.
 * The caller stores the ids (for check: search and stats) and keeps dismissed ones separately.
 */
export function runChecksDetailed(unit: CheckedUnit, ctx: CheckContext): CheckFailure[] {
  const untranslated = unit.target.every((t) => t === '');
  const failures: CheckFailure[] = [];
  for (const check of TARGET_CHECKS) {
    if (untranslated && !check.runsOnUntranslated) continue;
    if (!isCheckEnabled(check, ctx.flags)) continue;
    const result = check.check(unit.source, unit.target, ctx);
    if (result.failing) failures.push({ id: check.id, detail: result.detail ?? check.description });
  }
  return failures;
}

/**
 * Runs the applicable source checks on a source string (ctx.language is the source language) and
 * returns the failures with their descriptions, in registry order.
 */
export function runSourceChecks(sources: readonly string[], ctx: CheckContext): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (sources.every((s) => s === '')) return failures;
  for (const check of SOURCE_ONLY) {
    if (!isCheckEnabled(check, ctx.flags)) continue;
    const result = check.check(sources, sources, ctx);
    if (result.failing) failures.push({ id: check.id, detail: result.detail ?? check.description });
  }
  return failures;
}

/** The ids of the failing checks, honouring ignore-<id> flags. */
export function runChecks(unit: CheckedUnit, ctx: CheckContext): string[] {
  return runChecksDetailed(unit, ctx).map((f) => f.id);
}

/**
 * Whether a failing check is enforced by the component (its enforced_checks list): such a failure
 * cannot be dismissed and saving the string turns it into "needs editing".
 */
export function isEnforced(checkId: string, enforcedChecks: readonly string[] | null | undefined): boolean {
  return !!enforcedChecks && enforcedChecks.includes(checkId);
}

/** True when any of `failingIds` is enforced: the caller stores the unit as needs editing. */
export function needsEditing(failingIds: readonly string[], enforcedChecks: readonly string[] | null | undefined): boolean {
  return failingIds.some((id) => isEnforced(id, enforcedChecks));
}
