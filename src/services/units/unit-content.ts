// Changes one unit's target and state inside the caller's transaction: checks, counters, pending flag, change record and memory.
import type { Executor } from '../../db/database.js';
import type { UnitRow } from '../../db/schema.js';
import { nowIso } from '../../shared/clock.js';
import type { ChangeInput, ChangesService } from '../activity/changes.service.js';
import { rememberUnits } from '../memory/memory.service.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { addCounters, addUnit, applyCounterDelta, emptyCounters, unitDelta, type Counters } from '../common/statistics-counters.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { CONTENT_ACTIONS } from '../../domain/change-actions.js';
import { crossUnitContext, crossUnitContexts, recheckReusedPartners, recheckReusedPartnersOfBatch, UnitChecker, type CheckScope, type CrossUnitContext } from '../quality/unit-checks.js';
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
  /** With `checker`: the unit's cross-unit facts, read for the whole batch (crossUnitContexts); without them those checks pass. */
  cross?: CrossUnitContext;
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
  const single = update.checker ? undefined : await crossUnitContext(db, checker.scope, checked, unit.target);
  const cross = single ?? update.cross;
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
    if (single?.reusedPartners?.length) await recheckReusedPartners(db, checker.scope, [{ id: unit.id, source: unit.source, target, state }], single.reusedPartners);
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

/** One edit of a batch: the unit as read, its new translation and state. */
export interface PlannedEdit {
  unit: UnitRow;
  target: string[];
  state: number;
}

/** What a batch of edits fills in itself (ContentBatch). */
type BatchedFields = 'stamp' | 'counters' | 'changeLog' | 'memoryLog' | 'checker' | 'checkScope' | 'cross';

/**
 * Edits of many units of one translation inside one transaction, written the bulk way: one checker for all of
 * them (its rows flushed once), the cross-unit facts of the checks read for all of them (start), the counters
 * moved once, the change records and the memory entries written in multi-row statements, one pending stamp. A
 * unit costs one statement instead of a dozen round trips, and the batch is checked as its edits would be one
 * by one. Call finish() before the transaction commits.
 */
export class ContentBatch {
  private readonly counters = emptyCounters();
  private readonly changeLog: ChangeInput[] = [];
  private readonly memoryLog: number[] = [];
  private readonly stamp = pendingStamp();
  /** Units whose replaced translation may leave the project's memory (autoclean_tm), with that translation. */
  private readonly replaced: { id: number; target: string }[] = [];
  /** The edits made, for the strings that shared their old or share their new translation (`reused`). */
  private readonly edits: { id: number; source: string; target: string; state: number; oldTarget: string }[] = [];

  private constructor(
    private readonly changes: ChangesService,
    private readonly place: UnitPlace,
    private readonly checker: UnitChecker,
    /** The cross-unit facts of the planned edits, by unit id. */
    private readonly contexts: ReadonlyMap<number, CrossUnitContext>,
  ) {}

  /**
   * A batch for `edits` of the units of `place`'s translation: its checker (three queries: the check scope, stored
   * checks and source flags) and what the checks across strings need for the edits (`inconsistent`, `translated`,
   * `reused`: three statements for the whole batch), so that they are checked as single edits are.
   */
  static async start(db: Executor, changes: ChangesService, place: UnitPlace, edits: readonly PlannedEdit[]): Promise<ContentBatch> {
    const checker = await UnitChecker.forTranslation(db, place.translationId);
    const planned = edits.map((e) => ({ id: e.unit.id, source: e.unit.source, target: joinPlurals(e.target), state: e.state }));
    await checker.prepareReused(db, planned);
    return new ContentBatch(changes, place, checker, await crossUnitContexts(db, checker.scope, planned));
  }

  /** updateUnitContent inside the batch; returns the updated row (the same row when nothing changed). */
  async update(db: Executor, unit: UnitRow, update: Omit<ContentUpdate, BatchedFields>): Promise<UnitRow> {
    const cross = this.contexts.get(unit.id);
    const after = await updateUnitContent(db, this.changes, unit, this.place, {
      ...update,
      stamp: this.stamp,
      counters: this.counters,
      changeLog: this.changeLog,
      memoryLog: this.memoryLog,
      checker: this.checker,
      ...(cross ? { cross } : {}),
    });
    if (this.place.autocleanTm && after.target !== unit.target && unit.state >= STATE_TRANSLATED && unit.target !== '') this.replaced.push({ id: unit.id, target: unit.target });
    if (after !== unit) this.edits.push({ id: unit.id, source: unit.source, target: after.target, state: after.state, oldTarget: unit.target });
    return after;
  }

  /** A change record written with the batch's (what a batch does beside its edits). */
  record(change: ChangeInput): void {
    this.changeLog.push(change);
  }

  /** A move of the translation's counters written with the batch's. */
  count(delta: Counters): void {
    addCounters(this.counters, delta);
  }

  /** Writes what the edits collected; `authorId` also gets the new translations in their own memory. */
  async finish(db: Executor, authorId: number | null): Promise<void> {
    await this.checker.flush(db);
    await recheckReusedPartnersOfBatch(db, this.checker.scope, this.edits);
    await this.changes.recordMany(db, this.changeLog);
    await applyCounterDelta(db, this.place.translationId, this.counters);
    await rememberUnits(db, this.memoryLog, authorId);
    for (const r of this.replaced) await forgetReplacedTranslation(db, r.id, r.target);
  }
}

/** True when every form is empty: such a unit can only be in the empty state. */
export function isBlank(target: readonly string[]): boolean {
  return target.every((t) => t === '');
}
