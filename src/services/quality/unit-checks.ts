// Runs the quality checks (src/checks) for units and stores the result: `checks` rows, units.has_failing_check, enforced states; source checks on source units.
import type { Executor } from '../../db/database.js';
import { Flags, mergeFlags } from '../../checks/flags.js';
import { getCheck, isCheckEnabled, isEnforced, runChecks, runSourceChecks, type CheckContext } from '../../checks/registry.js';
import { ruleOfTranslation, type PluralRule } from '../../languages/plural-rule.js';
import { DAY_MS, nowIso } from '../../shared/clock.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow, UnitRow } from '../../db/schema.js';
import { loadGlossary, type GlossaryLookup } from './glossary.service.js';
import {
  checkRowsOfTranslation,
  checkRowsOfUnit,
  componentCheckFacts,
  componentOfUnit,
  componentTranslatedCounts,
  deleteCheckOfUnit,
  deleteChecksOfUnits,
  flaggedSourceUnits,
  insertCheckRows,
  languageCode,
  nonSourceTranslationIds,
  sourceUnitFlags,
  sourceUnitIdsOfComponent,
  sourceUnitsForChecks,
  unitsForReusedCheck,
  targetsOfSameSource,
  targetsOfSameSources,
  oldSourceUnitIdsOfComponent,
  translationCheckFacts,
  unitsWithTargets,
} from '../../db/checks.repository.js';
import { lastNonEmptyTarget, lastNonEmptyTargets } from '../../db/changes.repository.js';
import { setUnitsCheckOutcome, translationsOfSourceUnit, translationsOfSourceUnits, unitIdsWithHashes } from '../../db/units.repository.js';
import { unorderedUnitsOfTranslation } from '../../db/unit-import.repository.js';
import { addUnit, applyCounterDelta, emptyCounters, type Counters } from '../common/statistics-counters.js';
import { STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';

const BATCH = 400; // rows per statement: under SQLite's and PostgreSQL's bound-parameter limits

/** What every unit of one translation shares for its checks. */
export interface CheckScope {
  translationId: number;
  componentId: number;
  projectId: number;
  languageId: number;
  /** Units of the source translation get no translation checks: their source checks run at flush (checkSourceUnits). */
  isSource: boolean;
  /** The component is a glossary (prohibited_initial_character). */
  isGlossary: boolean;
  /** Project then component check_flags, merged. */
  baseFlags: Flags;
  /** Component enforced_checks. */
  enforced: string[];
  language: string;
  sourceLanguage: string;
  pluralCount: number;
  pluralCategories: readonly string[];
  /** The project's glossaries in this language (check_glossary); undefined when it has none. */
  glossary?: GlossaryLookup;
}

/** The unit fields the checks read; `source_unit_id` finds the source unit's flags and extra flags. */
export interface CheckableUnit {
  id?: number;
  source: string;
  target: string;
  state: number;
  flags: string;
  source_unit_id: number | null;
}

/** Flags kept on a source unit that apply to its translations. */
export interface SourceFlags {
  flags: string;
  extra_flags: string;
}

/**
 * Cross-unit facts for `inconsistent`, `translated` and `reused`; imports, uploads and re-checks leave the first
 * two out (those checks then pass) and load the third per batch (UnitChecker.prepareReused).
 */
export interface CrossUnitContext {
  otherTranslations?: readonly (readonly string[])[];
  previousTarget?: readonly string[];
  sameTargetSources?: readonly (readonly string[])[];
}

export interface CheckOutcome {
  /** The state to store: a translated unit failing an enforced check needs editing. */
  state: number;
  has_failing_check: number;
  /** Rows to store: every failing check, dismissed ones kept dismissed (unless enforced). */
  rows: { name: string; dismissed: number }[];
}

/** Parses enforced_checks as stored (JSON list) or as a comma-separated string. */
export function parseEnforced(value: string | null | undefined): string[] {
  const text = (value ?? '').trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? list.map(String) : [];
    } catch {
      return [];
    }
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

export async function loadCheckScope(db: Executor, translationId: number): Promise<CheckScope> {
  const t = await translationCheckFacts(db, translationId);
  return buildCheckScope(db, { translationId, componentId: t.component_id, languageId: t.language_id, isSource: t.is_source === 1, plural: ruleOfTranslation(t, t.code) });
}

/** The scope of a translation that may not be stored yet (translationId 0 until it is: set it before flush). */
export async function buildCheckScope(
  db: Executor,
  t: { translationId: number; componentId: number; languageId: number; isSource: boolean; plural: PluralRule },
): Promise<CheckScope> {
  const row = await componentCheckFacts(db, t.componentId);
  const language = await languageCode(db, t.languageId);
  return scopeOf(
    t,
    { projectId: row.project_id, projectFlags: row.project_flags, componentFlags: row.component_flags, enforcedChecks: row.enforced_checks, language, sourceLanguage: row.source_language, isGlossary: !!row.is_glossary },
    t.isSource ? undefined : await loadGlossary(db, row.project_id, row.source_language_id, t.languageId),
  );
}

/**
 * The scope of a stored translation whose rows the caller has read already (a single edit): only the
 * source language's code (unless the translation is in it) and the glossaries are read.
 */
export async function checkScopeOfRows(
  db: Executor,
  rows: { translation: TranslationRow; component: ComponentRow; project: ProjectRow; language: LanguageRow },
): Promise<CheckScope> {
  const { translation, component, project, language } = rows;
  const isSource = translation.is_source === 1;
  const sourceLanguage = component.source_language_id === language.id ? language.code : await languageCode(db, component.source_language_id);
  return scopeOf(
    { translationId: translation.id, componentId: component.id, languageId: translation.language_id, isSource, plural: ruleOfTranslation(translation, language.code) },
    { projectId: project.id, projectFlags: project.check_flags, componentFlags: component.check_flags, enforcedChecks: component.enforced_checks, language: language.code, sourceLanguage, isGlossary: !!component.is_glossary },
    isSource ? undefined : await loadGlossary(db, project.id, component.source_language_id, translation.language_id),
  );
}

function scopeOf(
  t: { translationId: number; componentId: number; languageId: number; isSource: boolean; plural: PluralRule },
  facts: { projectId: number; projectFlags: string; componentFlags: string; enforcedChecks: string | null; language: string; sourceLanguage: string; isGlossary: boolean },
  glossary: GlossaryLookup | undefined,
): CheckScope {
  return {
    translationId: t.translationId,
    componentId: t.componentId,
    projectId: facts.projectId,
    languageId: t.languageId,
    isSource: t.isSource,
    isGlossary: facts.isGlossary,
    baseFlags: mergeFlags(facts.projectFlags, facts.componentFlags),
    enforced: parseEnforced(facts.enforcedChecks),
    language: facts.language,
    sourceLanguage: facts.sourceLanguage,
    pluralCount: t.plural.number,
    pluralCategories: t.plural.categories,
    glossary,
  };
}

/** Flags and extra flags of the component's source units that have any (few: most strings have none). */
export async function sourceFlagsOf(db: Executor, componentId: number): Promise<Map<number, SourceFlags>> {
  const src = await flaggedSourceUnits(db, componentId);
  return new Map(src.map((r) => [r.id, { flags: r.flags, extra_flags: r.extra_flags }]));
}

/**
 * Checks the units of one translation and collects what to store. Bulk writers evaluate every unit
 * they write (pure JS, about 10-20 µs each) and flush the rows once in multi-row statements.
 *
 * Bulk paths (uploads, imports, rescans, re-checks) pass no CrossUnitContext: `inconsistent` and
 * `translated` then pass, because their facts (other components' units with the same source, the
 * unit's change history) would cost a query per unit. Single edits provide them (crossUnitContext),
 * bulk edits and search and replace read them for a whole batch (crossUnitContexts).
 */
export class UnitChecker {
  private readonly flagCache = new Map<string, Flags>();
  /** Units whose stored rows are replaced at flush (they had rows before). */
  private readonly replaced = new Set<number>();
  /** Rows to insert per unit id; a unit checked twice in one batch keeps its last outcome. */
  private readonly queued = new Map<number, { name: string; dismissed: number }[]>();
  /** Rows of units that have no id yet, keyed by id_hash (resolved by flushNew). */
  private readonly pendingNew = new Map<string, { name: string; dismissed: number }[]>();
  /**
   * Source units whose source checks run at flush: the checked units themselves in a source translation,
   * and in a translation the source units of the units whose failing state changed (multiple_failures).
   */
  private readonly touchedSources = new Set<number>();
  /** Source units about to be inserted (source translation), by id_hash: their source checks run at flush. */
  private readonly newSources = new Set<string>();
  /** reused: per target, the sources of the project's translated units in this language with that target (prepareReused). */
  private sameTarget: Map<string, string[]> | null = null;

  constructor(
    readonly scope: CheckScope,
    /** Stored rows per unit id (name → dismissed); units absent here have none. */
    private readonly existing: Map<number, Map<string, number>>,
    /** Source units with non-empty flags or extra flags. */
    private readonly sources: Map<number, SourceFlags>,
  ) {}

  /** Everything to check the units of a translation: the scope, the stored rows and the source units' flags (three queries). */
  static async forTranslation(db: Executor, translationId: number, scope?: CheckScope): Promise<UnitChecker> {
    const s = scope ?? (await loadCheckScope(db, translationId));
    const existing = new Map<number, Map<string, number>>();
    const sources = new Map<number, SourceFlags>();
    if (!s.isSource) {
      const rows = await checkRowsOfTranslation(db, translationId);
      for (const r of rows) {
        let m = existing.get(r.unit_id);
        if (!m) existing.set(r.unit_id, (m = new Map()));
        m.set(r.name, Number(r.dismissed));
      }
      return new UnitChecker(s, existing, await sourceFlagsOf(db, s.componentId));
    }
    return new UnitChecker(s, existing, sources);
  }

  /** Only what one stored unit needs (single edits). */
  static async forUnit(db: Executor, unit: CheckableUnit & { id: number; translation_id: number }, scope?: CheckScope): Promise<UnitChecker> {
    const s = scope ?? (await loadCheckScope(db, unit.translation_id));
    const existing = new Map<number, Map<string, number>>();
    const sources = new Map<number, SourceFlags>();
    if (!s.isSource) {
      const rows = await checkRowsOfUnit(db, unit.id);
      if (rows.length) existing.set(unit.id, new Map(rows.map((r) => [r.name, Number(r.dismissed)])));
      if (unit.source_unit_id !== null && unit.source_unit_id !== unit.id) {
        const src = await sourceUnitFlags(db, unit.source_unit_id);
        if (src && (src.flags || src.extra_flags)) sources.set(unit.source_unit_id, src);
      }
    }
    return new UnitChecker(s, existing, sources);
  }

  /**
   * Loads, for a batch about to be checked, the sources of the project's translated units in this language
   * that share a target with the batch (the `reused` check): one statement per 400 distinct targets instead
   * of one per unit, and the batch's own translated units, which may not be stored yet. Languages with one
   * plural form are not checked, so nothing is read for them.
   */
  async prepareReused(db: Executor, batch: Iterable<{ source: string; target: string; state: number }>): Promise<void> {
    if (this.scope.isSource || this.scope.pluralCount <= 1) return;
    const units = [...batch].filter((u) => u.target !== '' && u.state >= STATE_TRANSLATED && u.state < STATE_READONLY);
    const map = this.sameTarget ?? new Map<string, string[]>();
    const wanted = [...new Set(units.map((u) => u.target).filter((t) => !map.has(t)))];
    for (const t of wanted) map.set(t, []);
    const add = (target: string, source: string) => {
      const list = map.get(target)!;
      if (!list.includes(source)) list.push(source);
    };
    for (let i = 0; i < wanted.length; i += BATCH) {
      for (const r of await unitsWithTargets(db, { projectId: this.scope.projectId, languageId: this.scope.languageId }, wanted.slice(i, i + BATCH))) add(r.target, r.source);
    }
    for (const u of units) add(u.target, u.source);
    this.sameTarget = map;
  }

  /** Asks for the source checks of a source unit at the next flush (its translations' states changed). */
  touchSource(sourceUnitId: number | null): void {
    if (sourceUnitId !== null) this.touchedSources.add(sourceUnitId);
  }

  private flagsOf(unit: CheckableUnit): Flags {
    const src = unit.source_unit_id !== null ? this.sources.get(unit.source_unit_id) : undefined;
    if (!src && !unit.flags) return this.scope.baseFlags;
    // Priority: component (and project), the source file's flags, the unit's own file flags, the source string's extra flags.
    const key = `${src?.flags ?? ''}\u0000${unit.flags}\u0000${src?.extra_flags ?? ''}`;
    let flags = this.flagCache.get(key);
    if (!flags) {
      flags = mergeFlags(this.scope.baseFlags, src?.flags, unit.flags, src?.extra_flags);
      this.flagCache.set(key, flags);
    }
    return flags;
  }

  /** Runs the checks of one unit (no I/O); a stored unit (with `id`) keeps its dismissed rows dismissed. */
  evaluate(unit: CheckableUnit, cross?: CrossUnitContext): CheckOutcome {
    if (this.scope.isSource) {
      if (unit.id !== undefined) this.touchedSources.add(unit.id);
      return { state: unit.state, has_failing_check: 0, rows: [] };
    }
    const outcome = this.evaluateTarget(unit, cross);
    // The source's multiple_failures counts the languages whose translation fails: look again when that changes.
    if (unit.source_unit_id !== null && unit.source_unit_id !== unit.id) {
      const before = unit.id !== undefined ? this.existing.get(unit.id) : undefined;
      const failedBefore = !!before && [...before.values()].some((dismissed) => !dismissed);
      if (failedBefore !== (outcome.has_failing_check === 1)) this.touchedSources.add(unit.source_unit_id);
    }
    return outcome;
  }

  private evaluateTarget(unit: CheckableUnit, cross?: CrossUnitContext): CheckOutcome {
    if (unit.state === STATE_READONLY) return { state: unit.state, has_failing_check: 0, rows: [] };
    const sameTarget = cross?.sameTargetSources ?? (this.sameTarget && unit.state >= STATE_TRANSLATED ? this.sameTarget.get(unit.target)?.map((s) => splitPlurals(s)) : undefined);
    const ctx: CheckContext = {
      language: this.scope.language,
      sourceLanguage: this.scope.sourceLanguage,
      pluralCount: this.scope.pluralCount,
      pluralCategories: this.scope.pluralCategories,
      flags: this.flagsOf(unit),
      unitTranslated: unit.state >= STATE_TRANSLATED,
      ...(cross?.otherTranslations ? { otherTranslations: cross.otherTranslations } : {}),
      ...(cross?.previousTarget ? { previousTarget: cross.previousTarget } : {}),
      ...(this.scope.glossary ? { glossary: this.scope.glossary.match } : {}),
      ...(this.scope.isGlossary ? { isGlossary: true } : {}),
      ...(sameTarget ? { sameTargetSources: sameTarget } : {}),
    };
    const failing = runChecks({ source: splitPlurals(unit.source), target: splitPlurals(unit.target) }, ctx);
    if (failing.length === 0) return { state: unit.state, has_failing_check: 0, rows: [] };
    const before = unit.id !== undefined ? this.existing.get(unit.id) : undefined;
    const rows = failing.map((name) => ({ name, dismissed: isEnforced(name, this.scope.enforced) ? 0 : (before?.get(name) ?? 0) }));
    let state = unit.state;
    // Enforced checks: a translated string failing one is stored as needing editing (as the reference does on save).
    if (state >= STATE_TRANSLATED && state < STATE_READONLY && failing.some((id) => isEnforced(id, this.scope.enforced))) state = STATE_FUZZY;
    return { state, has_failing_check: rows.some((r) => !r.dismissed) ? 1 : 0, rows };
  }

  /** Queues the outcome of a stored unit for flush (replacing its stored rows). */
  record(unitId: number, outcome: CheckOutcome): void {
    if (this.existing.has(unitId)) this.replaced.add(unitId);
    this.queued.set(unitId, outcome.rows);
  }

  /** Queues the outcome of a unit about to be inserted; flushNew resolves its id by id_hash. */
  recordNew(idHash: string, outcome: CheckOutcome): void {
    if (this.scope.isSource) this.newSources.add(idHash);
    if (outcome.rows.length) this.pendingNew.set(idHash, outcome.rows);
  }

  /** evaluate + record for a stored unit. */
  check(unit: CheckableUnit & { id: number }, cross?: CrossUnitContext): CheckOutcome {
    const outcome = this.evaluate(unit, cross);
    this.record(unit.id, outcome);
    return outcome;
  }

  /**
   * Writes the queued rows: deletes the replaced units' rows, inserts the new ones, multi-row; then runs the
   * source checks of the touched source units. Callers flush after writing the units' states and
   * has_failing_check, which the source checks read.
   */
  async flush(db: Executor): Promise<void> {
    if (this.newSources.size) {
      const hashes = [...this.newSources];
      for (let i = 0; i < hashes.length; i += BATCH) for (const r of await unitIdsWithHashes(db, this.scope.translationId, hashes.slice(i, i + BATCH))) this.touchedSources.add(r.id);
      this.newSources.clear();
    }
    if (this.pendingNew.size) {
      const hashes = [...this.pendingNew.keys()];
      for (let i = 0; i < hashes.length; i += BATCH) {
        const rows = await unitIdsWithHashes(db, this.scope.translationId, hashes.slice(i, i + BATCH));
        for (const r of rows) this.queued.set(r.id, this.pendingNew.get(r.id_hash)!);
      }
      this.pendingNew.clear();
    }
    const replaced = [...this.replaced];
    for (let i = 0; i < replaced.length; i += BATCH) await deleteChecksOfUnits(db, replaced.slice(i, i + BATCH));
    const inserts: { unit_id: number; name: string; dismissed: number }[] = [];
    for (const [unitId, rows] of this.queued) for (const r of rows) inserts.push({ unit_id: unitId, name: r.name, dismissed: r.dismissed });
    for (let i = 0; i < inserts.length; i += BATCH) await insertCheckRows(db, inserts.slice(i, i + BATCH));
    // What is stored now, for a later batch with the same checker.
    for (const id of replaced) this.existing.delete(id);
    for (const [unitId, rows] of this.queued) if (rows.length) this.existing.set(unitId, new Map(rows.map((r) => [r.name, r.dismissed])));
    this.replaced.clear();
    this.queued.clear();
    if (this.touchedSources.size) {
      const ids = [...this.touchedSources];
      this.touchedSources.clear();
      await checkSourceUnits(db, this.scope.componentId, ids, { baseFlags: this.scope.baseFlags, enforced: this.scope.enforced, sourceLanguage: this.scope.sourceLanguage });
    }
  }
}

/** long_untranslated looks at strings this old (the check itself says so too): younger ones need no component counters. */
const LONG_UNTRANSLATED_DAYS = 90;

/** What the source checks of a component share: its flags, enforced checks and source language. */
export interface SourceCheckFacts {
  baseFlags: Flags;
  enforced: string[];
  sourceLanguage: string;
}

/**
 * Runs the source checks (src/checks/source.ts) of source units of one component and stores them as the
 * translation checks are stored: `checks` rows (dismissed ones kept dismissed), has_failing_check and the
 * source translation's counters. One statement per batch of 400 reads the units with their check rows and their
 * translations' counts (translated, failing); the component's facts come from the caller's check scope (or one
 * statement), its counters only when a string is old enough for long_untranslated. Writes happen only for units
 * whose outcome changed.
 */
export async function checkSourceUnits(db: Executor, componentId: number, ids: readonly number[], known?: SourceCheckFacts): Promise<void> {
  if (!ids.length) return;
  let facts = known;
  if (!facts) {
    const row = await componentCheckFacts(db, componentId);
    facts = { baseFlags: mergeFlags(row.project_flags, row.component_flags), enforced: parseEnforced(row.enforced_checks), sourceLanguage: row.source_language };
  }
  const { baseFlags, enforced, sourceLanguage } = facts;
  let componentTranslatedPercent: number | null | undefined; // read once, when first needed
  const now = Date.now();
  const deltas = new Map<number, Counters>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const units = await sourceUnitsForChecks(db, ids.slice(i, i + BATCH));
    const replaced: number[] = [];
    const inserts: { unit_id: number; name: string; dismissed: number }[] = [];
    const flipped = new Map<number, number[]>();
    for (const u of units) {
      const sources = splitPlurals(u.source);
      const ageDays = (now - Date.parse(u.timestamp)) / DAY_MS;
      if (ageDays >= LONG_UNTRANSLATED_DAYS && componentTranslatedPercent === undefined) {
        const counts = await componentTranslatedCounts(db, componentId);
        componentTranslatedPercent = counts.total > 0 ? (100 * counts.translated) / counts.total : null;
      }
      const ctx: CheckContext = {
        language: sourceLanguage,
        sourceLanguage,
        pluralCount: sources.length,
        flags: mergeFlags(baseFlags, u.flags, u.extra_flags),
        sourceFacts: {
          failingTranslations: u.failing,
          ageDays,
          ...(u.translations > 0 ? { translatedPercent: (100 * u.translated) / u.translations } : {}),
          ...(typeof componentTranslatedPercent === 'number' ? { componentTranslatedPercent } : {}),
        },
      };
      const before = u.checks;
      const rows = runSourceChecks(sources, ctx).map((f) => ({ unit_id: u.id, name: f.id, dismissed: isEnforced(f.id, enforced) ? 0 : (before.get(f.id) ?? 0) }));
      const same = before.size === rows.length && rows.every((row) => before.get(row.name) === row.dismissed);
      if (!same) {
        if (before.size) replaced.push(u.id);
        inserts.push(...rows);
      }
      const failing = rows.some((row) => !row.dismissed) ? 1 : 0;
      if (failing !== Number(u.has_failing_check)) {
        const list = flipped.get(failing) ?? [];
        list.push(u.id);
        flipped.set(failing, list);
        const delta = deltas.get(u.translation_id) ?? emptyCounters();
        addUnit(addUnit(delta, u, -1), { ...u, has_failing_check: failing }, 1);
        deltas.set(u.translation_id, delta);
      }
    }
    if (replaced.length) await deleteChecksOfUnits(db, replaced);
    for (let j = 0; j < inserts.length; j += BATCH) await insertCheckRows(db, inserts.slice(j, j + BATCH));
    for (const [failing, list] of flipped) await setUnitsCheckOutcome(db, list, { has_failing_check: failing });
  }
  for (const [translationId, delta] of deltas) await applyCounterDelta(db, translationId, delta);
}

/** How many same-target units a single edit reads for `reused` (the check names three). */
const REUSED_LIMIT = 10;

/**
 * The cross-unit facts of one stored unit (two queries; single edits only):
 * the same source's targets in the project's other components (inconsistent) and the last
 * non-empty target saved in its history (translated).
 */
export async function crossUnitContext(
  db: Executor,
  scope: CheckScope,
  unit: { id: number; source: string; target: string; state: number },
  /** The unit's target before the edit: the strings that share it are looked up in the same statement (reusedPartners). */
  oldTarget?: string,
): Promise<CrossUnitContext & { reusedPartners?: SameTargetUnit[] }> {
  if (scope.isSource) return {};
  const out: CrossUnitContext & { reusedPartners?: SameTargetUnit[] } = {};
  const others = await targetsOfSameSource(db, { projectId: scope.projectId, componentId: scope.componentId, languageId: scope.languageId, source: unit.source }, 50);
  if (others.length) out.otherTranslations = others.map((target) => splitPlurals(target));
  if (unit.state < STATE_TRANSLATED) {
    const previous = await lastNonEmptyTarget(db, unit.id, [...CONTENT_ACTIONS]);
    if (previous !== undefined) out.previousTarget = splitPlurals(previous);
  }
  if (scope.pluralCount > 1) {
    // reused: the strings with the new translation, and (for them to lose the check) those with the old one.
    const current = unit.state >= STATE_TRANSLATED && unit.target !== '' ? unit.target : '';
    const targets = [...new Set([current, oldTarget ?? ''].filter((t) => t !== ''))];
    if (targets.length) {
      const same = (await unitsWithTargets(db, { projectId: scope.projectId, languageId: scope.languageId }, targets, 2 * REUSED_LIMIT + 1)).filter((r) => r.id !== unit.id);
      if (current) out.sameTargetSources = same.filter((r) => r.target === current).map((r) => splitPlurals(r.source));
      if (oldTarget !== undefined && oldTarget !== unit.target) out.reusedPartners = same;
    }
  }
  return out;
}

/** How many other components' targets of one source `inconsistent` compares (as a single edit reads). */
const OTHER_TRANSLATIONS_LIMIT = 50;

/**
 * crossUnitContext for many units of one translation at once (bulk edits), in two statements: the other
 * components' targets of their sources and the history's last non-empty targets. `reused` comes from the
 * checker's prepareReused; the strings that lose or gain `reused` with the edits are re-checked after them
 * (recheckReusedPartnersOfBatch).
 */
export async function crossUnitContexts(db: Executor, scope: CheckScope, units: readonly { id: number; source: string; state: number }[]): Promise<Map<number, CrossUnitContext>> {
  const out = new Map<number, CrossUnitContext>();
  if (scope.isSource || units.length === 0) return out;
  const others = new Map<string, string[][]>();
  const sources = [...new Set(units.map((u) => u.source))];
  for (let i = 0; i < sources.length; i += BATCH) {
    for (const r of await targetsOfSameSources(db, { projectId: scope.projectId, componentId: scope.componentId, languageId: scope.languageId }, sources.slice(i, i + BATCH))) {
      const list = others.get(r.source) ?? [];
      if (list.length < OTHER_TRANSLATIONS_LIMIT) list.push(splitPlurals(r.target));
      others.set(r.source, list);
    }
  }
  const untranslated = units.filter((u) => u.state < STATE_TRANSLATED).map((u) => u.id);
  const previous = new Map<number, string>();
  for (let i = 0; i < untranslated.length; i += BATCH) {
    for (const [id, target] of await lastNonEmptyTargets(db, untranslated.slice(i, i + BATCH), [...CONTENT_ACTIONS])) previous.set(id, target);
  }
  for (const u of units) {
    const ctx: CrossUnitContext = {};
    const theirs = others.get(u.source);
    if (theirs?.length) ctx.otherTranslations = theirs;
    const last = u.state < STATE_TRANSLATED ? previous.get(u.id) : undefined;
    if (last !== undefined) ctx.previousTarget = splitPlurals(last);
    out.set(u.id, ctx);
  }
  return out;
}

/** A translated unit of the project in the language, found by its target (the `reused` check). */
export interface SameTargetUnit {
  id: number;
  source: string;
  target: string;
}

/**
 * `reused` of the other strings a single edit touched: `partners` (from crossUnitContext: the project's units in
 * the language with the edit's new or old target) get the check added or removed as the edited unit got it, with
 * has_failing_check and their translations' counters. One statement reads them with their check rows; only
 * `reused` rows change, so the partners' other checks (which need their own cross-unit facts) stay as stored.
 */
export async function recheckReusedPartners(db: Executor, scope: CheckScope, edited: readonly { id: number; source: string; target: string; state: number }[], partners: readonly SameTargetUnit[]): Promise<void> {
  const reused = getCheck('reused');
  if (!reused || !partners.length) return;
  // Every unit with a partner's target, the edited ones with their new text.
  const byTarget = new Map<string, SameTargetUnit[]>();
  const add = (u: SameTargetUnit) => byTarget.set(u.target, [...(byTarget.get(u.target) ?? []), u]);
  partners.forEach(add);
  for (const unit of edited) if (unit.state >= STATE_TRANSLATED && unit.state < STATE_READONLY && unit.target !== '') add({ id: unit.id, source: unit.source, target: unit.target });
  const deltas = new Map<number, Counters>();
  for (const p of await unitsForReusedCheck(db, partners.map((u) => u.id))) {
    const flags = mergeFlags(scope.baseFlags, p.flags, p.extra_flags ?? '');
    const others = (byTarget.get(p.target) ?? []).filter((o) => o.id !== p.id).map((o) => splitPlurals(o.source));
    const ctx: CheckContext = { language: scope.language, sourceLanguage: scope.sourceLanguage, pluralCount: scope.pluralCount, flags, sameTargetSources: others };
    const fails = p.state >= STATE_TRANSLATED && p.state < STATE_READONLY && isCheckEnabled(reused, flags) && reused.check(splitPlurals(p.source), splitPlurals(p.target), ctx).failing;
    const rows = p.checks;
    if (fails === rows.has('reused')) continue;
    if (fails) {
      rows.set('reused', 0);
      await insertCheckRows(db, [{ unit_id: p.id, name: 'reused', dismissed: 0 }]);
    } else {
      rows.delete('reused');
      await deleteCheckOfUnit(db, p.id, 'reused');
    }
    const failing = [...rows.values()].some((dismissed) => !dismissed) ? 1 : 0;
    if (failing === Number(p.has_failing_check)) continue;
    await setUnitsCheckOutcome(db, [p.id], { has_failing_check: failing });
    const delta = deltas.get(p.translation_id) ?? emptyCounters();
    addUnit(addUnit(delta, p, -1), { ...p, has_failing_check: failing }, 1);
    deltas.set(p.translation_id, delta);
  }
  for (const [translationId, delta] of deltas) await applyCounterDelta(db, translationId, delta);
}

/**
 * recheckReusedPartners for a batch of edits (written already, in the same transaction): the project's other
 * translated units in the language with an edit's old or new translation get or lose `reused`.
 */
export async function recheckReusedPartnersOfBatch(
  db: Executor,
  scope: CheckScope,
  edits: readonly { id: number; source: string; target: string; state: number; oldTarget: string }[],
): Promise<void> {
  if (scope.isSource || scope.pluralCount <= 1) return;
  const moved = edits.filter((e) => e.oldTarget !== e.target);
  const targets = [...new Set(moved.flatMap((e) => [e.oldTarget, e.state >= STATE_TRANSLATED ? e.target : '']).filter((t) => t !== ''))];
  if (targets.length === 0) return;
  const edited = new Set(edits.map((e) => e.id));
  const partners: SameTargetUnit[] = [];
  for (let i = 0; i < targets.length; i += BATCH) {
    const chunk = targets.slice(i, i + BATCH);
    const found = await unitsWithTargets(db, { projectId: scope.projectId, languageId: scope.languageId }, chunk, (2 * REUSED_LIMIT + 1) * chunk.length);
    partners.push(...found.filter((r) => !edited.has(r.id)));
  }
  await recheckReusedPartners(db, scope, edits, partners);
}

/**
 * Re-checks stored units (after their flags or the component's check settings changed) and moves
 * has_failing_check, the state and the counters. Returns the rows whose state or has_failing_check changed.
 */
export async function recheckUnits<U extends CheckableUnit & { id: number; has_failing_check: number }>(
  db: Executor,
  checker: UnitChecker,
  units: readonly U[],
): Promise<{ before: U; after: U }[]> {
  const changed: { before: U; after: U }[] = [];
  for (const u of units) {
    const outcome = checker.check(u);
    if (outcome.state !== u.state || outcome.has_failing_check !== Number(u.has_failing_check)) changed.push({ before: u, after: { ...u, state: outcome.state, has_failing_check: outcome.has_failing_check } });
  }
  // Group the updates by their new values: few distinct pairs, so few statements.
  // A changed state goes to the file too (pending); has_failing_check alone does not.
  const groups = new Map<string, number[]>();
  for (const { before, after } of changed) {
    const key = `${after.state}:${after.has_failing_check}:${after.state !== before.state ? 1 : 0}`;
    const list = groups.get(key) ?? [];
    list.push(after.id);
    groups.set(key, list);
  }
  for (const [key, ids] of groups) {
    const [state, failing, moved] = key.split(':').map(Number) as [number, number, number];
    const set = moved ? { state, has_failing_check: failing, pending: 1 + Math.floor(Math.random() * 0x7ffffffe) /* a pendingStamp() (unit-content.ts imports this file) */, last_updated: nowIso() } : { has_failing_check: failing };
    for (let i = 0; i < ids.length; i += BATCH) await setUnitsCheckOutcome(db, ids.slice(i, i + BATCH), set);
  }
  // After the units' new outcomes: the source checks the flush runs read them.
  await checker.flush(db);
  return changed;
}

export { countActiveChecks } from '../../db/checks.repository.js';

async function recheck(db: Executor, checker: UnitChecker, units: UnitRow[]): Promise<void> {
  const changed = await recheckUnits(db, checker, units);
  const delta = emptyCounters();
  for (const { before, after } of changed) addUnit(addUnit(delta, before, -1), after, 1);
  await applyCounterDelta(db, checker.scope.translationId, delta);
}

/** Re-checks one source string (its extra flags or text changed) and its translations; a few units, one per language. */
export async function recheckTranslationsOf(db: Executor, sourceUnitId: number): Promise<void> {
  const units = await translationsOfSourceUnit(db, sourceUnitId);
  for (const u of units) await recheck(db, await UnitChecker.forUnit(db, u), [u]);
  const componentId = await componentOfUnit(db, sourceUnitId);
  if (componentId !== undefined) await checkSourceUnits(db, componentId, [sourceUnitId]);
}

/**
 * Re-checks source strings of one component (their extra flags changed) and their translations: one checker per
 * translation, as many statements as languages rather than per string and language.
 */
export async function recheckTranslationsOfMany(db: Executor, componentId: number, sourceUnitIds: readonly number[]): Promise<void> {
  if (sourceUnitIds.length === 0) return;
  const byTranslation = new Map<number, UnitRow[]>();
  for (const u of await translationsOfSourceUnits(db, sourceUnitIds)) {
    const list = byTranslation.get(u.translation_id);
    if (list) list.push(u);
    else byTranslation.set(u.translation_id, [u]);
  }
  for (const [translationId, units] of byTranslation) await recheck(db, await UnitChecker.forTranslation(db, translationId), units);
  await checkSourceUnits(db, componentId, [...sourceUnitIds]);
}

/**
 * The source checks of a component's strings old enough for long_untranslated, which changes with time alone: the
 * daily run's work for one component. Returns how many strings it looked at.
 */
export async function recheckOldSourceUnits(db: Executor, componentId: number, now: Date): Promise<number> {
  const ids = await oldSourceUnitIdsOfComponent(db, componentId, new Date(now.getTime() - LONG_UNTRANSLATED_DAYS * DAY_MS).toISOString());
  await checkSourceUnits(db, componentId, ids);
  return ids.length;
}

/** Re-checks every unit of a component (its check_flags or enforced_checks changed), one translation at a time. */
export async function recheckComponent(db: Executor, componentId: number): Promise<void> {
  for (const id of await nonSourceTranslationIds(db, componentId)) {
    const units = await unorderedUnitsOfTranslation(db, id);
    await recheck(db, await UnitChecker.forTranslation(db, id), units);
  }
  await checkSourceUnits(db, componentId, await sourceUnitIdsOfComponent(db, componentId));
}
