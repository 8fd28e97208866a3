// Writes planned translations and units in batches inside the caller's transaction, with their counters.
import type { Executor } from '../../db/database.js';
import type { NewUnit, TranslationRow } from '../../db/schema.js';
import { storedPlural, type PluralRule } from '../../languages/plural-rule.js';
import { nowIso } from '../../shared/clock.js';
import type { PlannedTranslation, PlannedUnit } from '../files/import-plan.js';
import { joinPlurals } from '../../domain/plurals.js';
import { rememberTranslation } from '../memory/memory.service.js';
import { addUnit, emptyCounters, type Counters } from '../common/statistics-counters.js';
import { buildCheckScope, checkSourceUnits, sourceFlagsOf, UnitChecker, type CheckOutcome } from '../quality/unit-checks.js';
import { STATE_TRANSLATED } from '../../domain/unit-states.js';
import { insertTranslationRow, insertUnitRows, linkSourceUnitsToThemselves } from '../../db/units.repository.js';
import { sourceUnitIds } from '../../db/unit-import.repository.js';

const BATCH = 400; // rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits

export interface TranslationMeta {
  componentId: number;
  /** The plural rule the translation's file follows. */
  plural: PluralRule;
}

/** The row of a new unit; flags that only later work sets (suggestions, checks) start empty. */
export function unitRow(translationId: number, u: PlannedUnit, sourceUnitId: number | null, now: string): NewUnit {
  return {
    translation_id: translationId,
    source_unit_id: sourceUnitId,
    id_hash: u.id_hash,
    content_hash: u.content_hash,
    context: u.context,
    source: joinPlurals(u.source),
    target: joinPlurals(u.target),
    previous_source: u.previous_source,
    location: u.location,
    note: u.note,
    flags: u.flags,
    explanation: '',
    extra_flags: '',
    state: u.state,
    position: u.position,
    num_words: u.num_words,
    num_chars: u.num_chars,
    priority: 100,
    pending: 0,
    has_suggestion: 0,
    has_comment: 0,
    has_failing_check: 0,
    automatically_translated: 0,
    timestamp: now,
    last_updated: now,
  };
}

export function countersOf(units: readonly PlannedUnit[], outcomes?: readonly (CheckOutcome | null)[]): Counters {
  const c = emptyCounters();
  const scratch = { state: 0, num_words: 0, num_chars: 0, has_failing_check: 0, has_suggestion: 0, has_comment: 0 };
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const o = outcomes?.[i];
    scratch.state = o ? o.state : u.state;
    scratch.has_failing_check = o ? o.has_failing_check : 0;
    scratch.num_words = u.num_words;
    scratch.num_chars = u.num_chars;
    addUnit(c, scratch);
  }
  return c;
}

/** Inserts a translation with its units; source units map id_hash → id so that units link to them. */
export async function insertTranslation(
  db: Executor,
  plan: PlannedTranslation,
  meta: TranslationMeta,
  sourceIds: Map<string, number> | null,
): Promise<{ translation: TranslationRow; unitIds: Map<string, number> }> {
  const now = nowIso();
  // Quality checks of the translated units, in JS (no query per unit); the rows are written after the units.
  let checker: UnitChecker | null = null;
  let outcomes: (CheckOutcome | null)[] | undefined;
  if (!plan.isSource && plan.units.some((u) => u.target.some((t) => t !== ''))) {
    const scope = await buildCheckScope(db, { translationId: 0, componentId: meta.componentId, languageId: plan.languageId, isSource: false, plural: meta.plural });
    checker = new UnitChecker(scope, new Map(), await sourceFlagsOf(db, meta.componentId));
    const c = checker;
    await c.prepareReused(db, plan.units.map((u) => ({ source: joinPlurals(u.source), target: joinPlurals(u.target), state: u.state })));
    outcomes = plan.units.map((u) => {
      if (u.target.every((t) => t === '')) return null;
      const o = c.evaluate({ source: joinPlurals(u.source), target: joinPlurals(u.target), state: u.state, flags: u.flags, source_unit_id: sourceIds?.get(u.id_hash) ?? null });
      if (o.rows.length === 0 && o.state === u.state) return null;
      c.recordNew(u.id_hash, o);
      return o;
    });
  }
  const translation = await insertTranslationRow(db, {
    component_id: meta.componentId,
    language_id: plan.languageId,
    language_code: plan.languageCode,
    filename: plan.filename,
    revision: '',
    is_source: plan.isSource ? 1 : 0,
    ...storedPlural(meta.plural),
    created: now,
    ...countersOf(plan.units, outcomes),
  });
  for (let i = 0; i < plan.units.length; i += BATCH) {
    const rows = plan.units.slice(i, i + BATCH).map((u, j) => {
      const row = unitRow(translation.id, u, sourceIds?.get(u.id_hash) ?? null, now);
      const o = outcomes?.[i + j];
      if (o) {
        row.state = o.state;
        row.has_failing_check = o.has_failing_check;
      }
      return row;
    });
    await insertUnitRows(db, rows);
  }
  if (checker) {
    checker.scope.translationId = translation.id;
    await checker.flush(db);
  }
  const unitIds = new Map<string, number>();
  if (!sourceIds) {
    const rows = await sourceUnitIds(db, translation.id);
    for (const r of rows) unitIds.set(r.id_hash, r.id);
    // Source units point at themselves, so every unit has a source_unit link.
    await linkSourceUnitsToThemselves(db, translation.id);
    // Their source checks (the translations inserted after them ask again for the strings whose checks fail).
    await checkSourceUnits(db, meta.componentId, [...unitIds.values()]);
  }
  // Translated strings read from the files enter the translation memory.
  if (!plan.isSource && plan.units.some((u) => u.state >= STATE_TRANSLATED)) await rememberTranslation(db, translation.id);
  return { translation, unitIds };
}
