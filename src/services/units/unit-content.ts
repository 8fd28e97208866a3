// Changes one unit's target and state inside the caller's transaction: checks, counters, pending flag, change record and memory.
import type { Executor } from '../../db/database.js';
import type { UnitRow } from '../../db/schema.js';
import { nowIso } from '../../shared/clock.js';
import type { ChangeInput, ChangesService } from '../activity/changes.service.js';
import { rememberUnits } from '../memory/memory.service.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { addUnit, applyCounterDelta, unitDelta, type Counters } from '../common/statistics-counters.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { crossUnitContext, recheckReusedPartners, UnitChecker, type CheckScope } from '../quality/unit-checks.js';
import { setUnitContent } from '../../db/units.repository.js';
import { forgetReplacedTranslation } from '../../db/memory.repository.js';

/** Where the unit lives, for the change record. */
export interface UnitPlace {
  translationId: number;
  componentId: number;
  projectId: number;
  languageId: number;
  /** The project's `autoclean_tm`: a replaced translation leaves its memory entry (a statement only then). */
  autocleanTm?: boolean;
}

export interface ContentUpdate {
  target: string[];
  state: number;
  /** Change action; by default derived from the state transition. */
  action?: number;
  /** Acting user and the author written to the change (uploads may name another author). */
  userId: number | null;
  authorId?: number | null;
  details?: Record<string, unknown>;
  /** Pending stamp shared by one operation's edits (see pendingStamp). */
  stamp?: number;
  /** Bulk operations collect the counter difference here and apply it once. */
  counters?: Counters;
  /** Bulk operations collect the change records here and write them with ChangesService.recordMany. */
  changeLog?: ChangeInput[];
  /** Bulk operations collect the ids of units that became translated here and pass them to rememberUnits once. */
  memoryLog?: number[];
  /**
   * Bulk operations check every unit with one UnitChecker of the translation and flush its rows
   * once; cross-unit checks (inconsistent, translated) then pass, as they would need a query per
   * unit. Without it the unit is checked alone, cross-unit checks included, and its rows written now.
   */
  checker?: UnitChecker;
  /** The check scope of the unit's translation from rows the caller has read already (single edits: see checkScopeOfRows), asked only if the unit changes. */
  checkScope?: () => Promise<CheckScope>;
}

/**
 * A non-zero value for `units.pending` that identifies one write operation. The file writer clears
 * only the stamps it has written, so an edit committed while a file is being written stays pending.
 */
export function pendingStamp(): number {
  return 1 + Math.floor(Math.random() * 0x7ffffffe);
}

/** The change action an edit from `before` to `after` state records when the caller names none. */
export function editAction(before: UnitRow, targetBefore: string[], state: number): number {
  if (state === STATE_APPROVED && before.state !== STATE_APPROVED) return 36; // Translation approved
  if (state === STATE_FUZZY && before.state !== STATE_FUZZY) return 37; // Marked for edit
  if (targetBefore.every((t) => t === '')) return 5; // Translation added
  return 2; // Translation changed
}

/**
 * Stores the new target and state (marking the unit pending so the file writer picks it up), moves
 * the translation's counters by the difference, and records the change. Returns the updated row, or
 * the row unchanged when target and state are already what was asked.
 */
export async function updateUnitContent(db: Executor, changes: ChangesService, unit: UnitRow, place: UnitPlace, update: ContentUpdate): Promise<UnitRow> {
  const target = joinPlurals(update.target);
  if (target === unit.target && update.state === unit.state) return unit;
  const now = nowIso();
  const pending = update.stamp ?? pendingStamp();
  // Quality checks of the new content; a failing enforced check turns a translated string into needs editing.
  const checked = { ...unit, target, state: update.state };
  const checker = update.checker ?? (await UnitChecker.forUnit(db, unit, await update.checkScope?.()));
  const cross = update.checker ? undefined : await crossUnitContext(db, checker.scope, checked, unit.target);
  const outcome = checker.check(checked, cross);
  const state = outcome.state;
  const has_failing_check = outcome.has_failing_check;
  const after: UnitRow = { ...unit, target, state, has_failing_check, pending, last_updated: now };
  await setUnitContent(db, unit.id, { target, state, has_failing_check, pending, last_updated: now });
  // The source's long_untranslated counts the languages that translate it: look again when that changes.
  if ((unit.state >= STATE_TRANSLATED) !== (state >= STATE_TRANSLATED)) checker.touchSource(unit.source_unit_id);
  // After the unit's row: the source checks the flush runs read it.
  if (!update.checker) {
    await checker.flush(db);
    // The strings that share the new (or shared the old) translation get or lose `reused` with this one.
    if (cross?.reusedPartners?.length) await recheckReusedPartners(db, checker.scope, { id: unit.id, source: unit.source, target, state }, cross.reusedPartners);
  }
  if (update.counters) {
    addUnit(update.counters, unit, -1);
    addUnit(update.counters, after, 1);
  } else if (update.changeLog) await applyCounterDelta(db, place.translationId, unitDelta(unit, after));
  const change: ChangeInput = {
    action: update.action ?? editAction(unit, splitPlurals(unit.target), update.state),
    userId: update.userId,
    authorId: update.authorId ?? update.userId,
    projectId: place.projectId,
    componentId: place.componentId,
    translationId: place.translationId,
    languageId: place.languageId,
    unitId: unit.id,
    target,
    old: unit.target,
    ...(update.details ? { details: update.details } : {}),
  };
  if (update.changeLog) update.changeLog.push(change);
  else {
    // Recording the change, step by step: the row, then what other tables keep from it.
    const timestamp = await changes.insert(db, [change]);
    if (update.counters) await changes.noteLastChanges(db, [change], timestamp);
    else {
      // The counters and the last change (as noteLastChanges sets it) in one write of the translation row.
      const lastChange = CONTENT_ACTIONS.has(change.action) ? { last_change: timestamp, last_author_id: change.authorId ?? change.userId ?? null } : undefined;
      await applyCounterDelta(db, place.translationId, unitDelta(unit, after), lastChange);
    }
    await changes.countTranslated(db, [change]);
  }
  // A translated string enters the translation memory.
  if (state >= STATE_TRANSLATED && !isBlank(update.target) && (target !== unit.target || unit.state < STATE_TRANSLATED)) {
    if (update.memoryLog) update.memoryLog.push(unit.id);
    else await rememberUnits(db, [unit.id], update.authorId ?? update.userId);
  }
  // The translation it replaces leaves the project's memory when the project cleans it.
  if (place.autocleanTm && target !== unit.target && unit.state >= STATE_TRANSLATED && unit.target !== '' && !update.memoryLog) await forgetReplacedTranslation(db, unit.id, unit.target);
  return after;
}

/** True when every form is empty: such a unit can only be in the empty state. */
export function isBlank(target: readonly string[]): boolean {
  return target.every((t) => t === '');
}
