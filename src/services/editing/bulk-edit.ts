// Bulk edit (state, flags, labels) and search and replace over the strings a search finds in one translation; large sets
// run as a background task.
import type { Db } from '../../db/database.js';
import type { ComponentWithRefs, TranslationWithRefs } from '../../db/places.js';
import type { UnitRow } from '../../db/schema.js';
import { userActor, type Actor } from '../../auth/actor.js';
import { userById } from '../../db/users.repository.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import type { AccessControl } from '../../auth/access.js';
import { lockUnitsInIdOrder } from '../../db/autotranslate.repository.js';
import { setUnitsExtraFlags } from '../../db/addons.repository.js';
import { flagsOfUnits, unitIdsOfSearch, unitsInOrder } from '../../db/bulk-edit.repository.js';
import { labelsOfProject, labelsOfUnit } from '../../db/labels.repository.js';
import { editFlags } from '../../addons/flags-support.js';
import { mergeFlags, parseFlags } from '../../checks/flags.js';
import { Action } from '../../domain/change-actions.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_EMPTY, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { msgid } from '../../shared/msgid.js';
import { AppError, NotAuthenticatedError, PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { ChangeInput, ChangesService } from '../activity/changes.service.js';
import { recheckTranslationsOfMany } from '../quality/unit-checks.js';
import { setUnitLabels } from '../units/labels.service.js';
import { ContentBatch, isBlank, type PlannedEdit, type UnitPlace } from '../units/unit-content.js';
import type { UnitEditsService } from '../units/unit-edits.service.js';
import type { UnitsService } from '../units/units.service.js';
import { ChangedUnits } from '../live/changed-units.js';
import type { LivePublisher } from '../live/live.service.js';

/** Units written per transaction: a big edit never holds the database for long, and a failure keeps earlier batches. */
export const BULK_BATCH = 200;
/** How many affected strings a search and replace preview lists. */
export const PREVIEW_LIMIT = 100;

/** The task name large bulk edits and replaces are queued under. */
export const BULK_EDIT_TASK = 'bulk-edit';
/** Searches finding more strings than this run as a background task. */
export const BULK_SYNC_LIMIT = 1000;

/** States a bulk edit may set (-1 keeps the state). */
export const BULK_STATES = [-1, STATE_FUZZY, STATE_TRANSLATED, STATE_APPROVED] as const;

export interface BulkEditRequest {
  q: string;
  /** A state from BULK_STATES; -1 or absent keeps the states. */
  state?: number | string;
  add_flags?: string | string[];
  remove_flags?: string | string[];
  /** Label ids of the translation's project. */
  add_labels?: (number | string)[];
  remove_labels?: (number | string)[];
}

export interface BulkEditResult {
  /** Strings the search found. */
  matched: number;
  /** Strings whose state, flags or labels changed. */
  changed: number;
}

export interface ReplaceResult {
  /** Translations replaced. */
  changed: number;
  /** Strings left as they were: no permission to change them. */
  skipped: number;
}

/** A large set queued as a background task instead of changed during the request. */
export interface BulkEditQueued {
  taskId: string;
  /** Strings the search found. */
  matched: number;
}

/** What the bulk edit task returns (and the task page words). */
export type BulkEditTaskResult = ({ operation: 'bulk' } & BulkEditResult) | ({ operation: 'replace' } & ReplaceResult);

/** What queuing and running the task needs besides the database: the queue, and a translation rebuilt in the task. */
export interface BulkEditBackground {
  tasks: Pick<TaskQueue, 'enqueue'>;
  repository: { refsById(componentId: number): Promise<ComponentWithRefs> };
  translations: { getVisible(actor: Actor, refs: ComponentWithRefs, languageCode: string): Promise<TranslationWithRefs> };
}

export interface ReplaceRequest {
  q: string;
  search: string;
  replacement: string;
  /** Only these units (the ones ticked in the preview); all matches when absent. */
  units?: number[];
  /** Not these units (listed in the preview and unticked), when `units` is absent. */
  exclude?: number[];
}

export interface ReplaceItem {
  id: number;
  source: string[];
  before: string[];
  after: string[];
}

export interface ReplacePreview {
  /** Strings whose translation contains the searched text. */
  total: number;
  /** The first PREVIEW_LIMIT of them. */
  items: ReplaceItem[];
}

type UnitFilter = ReturnType<UnitsService['filter']>;

/** The change actions these write (the reference's "Bulk status changed" and "Translation replaced"). */
const BULK_STATUS_CHANGED = 32;
const TRANSLATION_REPLACED = 27;

const list = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : (v ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);

const ids = (errors: FieldError[], attr: string, v: (number | string)[] | undefined): number[] => {
  const out: number[] = [];
  for (const x of v ?? []) {
    const n = typeof x === 'number' ? x : /^\d{1,15}$/.test(x) ? Number(x) : NaN;
    if (!Number.isSafeInteger(n)) errors.push({ code: 'invalid', attr, detail: msgid('Unknown label.') });
    else out.push(n);
  }
  return [...new Set(out)];
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * The max-length limit of each unit (null without one), as the checks merge the flags: project, component, the source
 * string's file flags, the unit's, the source string's extra flags, the unit's; one query for the source strings.
 */
export async function maxLengthsOf(
  db: Db,
  t: Pick<TranslationWithRefs, 'project' | 'component'>,
  units: readonly Pick<UnitRow, 'id' | 'source_unit_id' | 'flags' | 'extra_flags'>[],
): Promise<Map<number, number | null>> {
  const sourceIds = units.map((u) => u.source_unit_id).filter((id): id is number => id !== null);
  const sources = await flagsOfUnits(db, sourceIds);
  return new Map(
    units.map((u) => {
      const source = u.source_unit_id !== null && u.source_unit_id !== u.id ? sources.get(u.source_unit_id) : undefined;
      const flags = mergeFlags(t.project.check_flags, t.component.check_flags, source?.flags, u.flags, source?.extra_flags, u.extra_flags);
      return [u.id, flags.intValue('max-length') ?? null];
    }),
  );
}

export class BulkEditService {
  /** Searches finding more strings than this run as a background task (tests may lower it). */
  syncLimit = BULK_SYNC_LIMIT;

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly units: Pick<UnitsService, 'filter' | 'countInTranslation'>,
    private readonly unitEdits: Pick<UnitEditsService, 'stateEditDenial'>,
    private readonly background: BulkEditBackground,
    /** Tells the translation's viewers about the strings an edit changed. */
    private readonly live?: LivePublisher,
  ) {}

  /** Whether the actor may bulk edit strings of this translation (`unit.bulk_edit`). */
  canBulkEdit(actor: Actor, t: TranslationWithRefs): boolean {
    return actor.authenticated && this.access.canIn(actor, 'unit.bulk_edit', t.project, t.component, t.translation.language_id);
  }

  /** Whether the actor may search and replace in this translation (`unit.edit`, as saving one string). */
  canReplace(actor: Actor, t: TranslationWithRefs): boolean {
    return actor.authenticated && !t.translation.is_source && this.unitEdits.stateEditDenial(actor, t, null) === null;
  }

  private deny(actor: Actor, reason: string): never {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(reason);
  }

  private place(t: TranslationWithRefs): UnitPlace {
    return { translationId: t.translation.id, componentId: t.component.id, projectId: t.project.id, languageId: t.translation.language_id, autocleanTm: t.project.autoclean_tm === 1 };
  }

  private filterOf(q: string): UnitFilter {
    return q.trim() ? this.units.filter({ q }) : null;
  }

  /** The filter of a request's search: a bad query joins the request's other field errors, thrown together if there are any. */
  private validFilter(q: string, errors: FieldError[]): UnitFilter {
    let where: UnitFilter = null;
    try {
      where = this.filterOf(q);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      errors.push(...e.fieldErrors);
    }
    if (errors.length) throw new ValidationError(errors);
    return where;
  }

  /** The max-length limit of each unit, for the counters under the translation fields. */
  maxLengths(t: Pick<TranslationWithRefs, 'project' | 'component'>, units: readonly Pick<UnitRow, 'id' | 'source_unit_id' | 'flags' | 'extra_flags'>[]): Promise<Map<number, number | null>> {
    return maxLengthsOf(this.db, t, units);
  }

  /** The labels of the translation's project, which a bulk edit may add or remove. */
  async labels(t: TranslationWithRefs): Promise<{ id: number; name: string }[]> {
    return labelsOfProject(this.db, t.project.id);
  }

  /** How many strings a search finds in the translation; a bad query is a 400 on `q`. */
  async countMatching(t: TranslationWithRefs, q: string): Promise<number> {
    const where = this.filterOf(q);
    return where ? this.units.countInTranslation(t.translation.id, where) : t.translation.total;
  }

  // ---------------------------------------------------------------- bulk edit

  /**
   * Sets the state, adds and removes flags and labels of every string the search finds, a batch per transaction; when the
   * search finds more than `syncLimit` strings, queues the same edit as a task after the checks and the validation.
   */
  bulkEdit(actor: Actor, t: TranslationWithRefs, req: BulkEditRequest): Promise<BulkEditResult | BulkEditQueued> {
    return this.runBulkEdit(actor, t, req, null);
  }

  /** The place of a translation and who asked, in a task's payload: the task rebuilds both from it. */
  private taskPayload(actor: Actor, t: TranslationWithRefs): Record<string, unknown> {
    return { userId: actor.user?.id ?? null, browserSession: actor.browserSession === true, translationId: t.translation.id, componentId: t.component.id, language: t.language.code };
  }

  private enqueue(actor: Actor, t: TranslationWithRefs, payload: Record<string, unknown>): Promise<string> {
    return this.background.tasks.enqueue(BULK_EDIT_TASK, { ...this.taskPayload(actor, t), ...payload }, { projectId: t.project.id, componentId: t.component.id, userId: actor.user?.id ?? null });
  }

  /** Reports a task's progress after each batch (`done` of `total` strings). */
  private static progress(ctx: TaskContext | null, done: number, total: number): Promise<void> | undefined {
    return ctx?.progress(total ? Math.min(99, (100 * done) / total) : 99, `${done} / ${total}`);
  }

  private async runBulkEdit(actor: Actor, t: TranslationWithRefs, req: BulkEditRequest, ctx: TaskContext | null): Promise<BulkEditResult | BulkEditQueued> {
    if (!this.canBulkEdit(actor, t)) this.deny(actor, msgid('You do not have permission to bulk edit strings.'));
    const errors: FieldError[] = [];
    const stateRaw = req.state === undefined || req.state === '' ? -1 : Number(req.state);
    const state = BULK_STATES.includes(stateRaw as (typeof BULK_STATES)[number]) ? stateRaw : NaN;
    if (Number.isNaN(state)) errors.push({ code: 'invalid', attr: 'state', detail: msgid('Choose a state from the list.') });
    const review = (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
    if (state === STATE_APPROVED && !(review && this.access.canIn(actor, 'unit.review', t.project, t.component, t.translation.language_id))) {
      errors.push({ code: 'invalid', attr: 'state', detail: review ? msgid('Only reviewers can approve strings.') : msgid('Approving strings is turned off in this project.') });
    }
    const addFlags = list(req.add_flags);
    const removeFlags = list(req.remove_flags);
    for (const [attr, flags] of [['add_flags', addFlags], ['remove_flags', removeFlags]] as const) {
      try {
        parseFlags(flags.join(','), { strict: true });
      } catch (e) {
        errors.push({ code: 'invalid', attr, detail: e instanceof Error ? e.message : String(e) });
      }
    }
    const addLabels = ids(errors, 'add_labels', req.add_labels);
    const removeLabels = ids(errors, 'remove_labels', req.remove_labels);
    if (addLabels.length || removeLabels.length) {
      const known = new Set((await labelsOfProject(this.db, t.project.id)).map((l) => l.id));
      if (addLabels.some((id) => !known.has(id))) errors.push({ code: 'invalid', attr: 'add_labels', detail: msgid('Unknown label.') });
      if (removeLabels.some((id) => !known.has(id))) errors.push({ code: 'invalid', attr: 'remove_labels', detail: msgid('Unknown label.') });
    }
    if (!errors.length && state === -1 && !addFlags.length && !removeFlags.length && !addLabels.length && !removeLabels.length) {
      errors.push({ code: 'invalid', attr: 'state', detail: msgid('Nothing to change: choose a state, flags or labels.') });
    }
    const where = this.validFilter(req.q, errors);
    const matched = await unitIdsOfSearch(this.db, t.translation.id, where);
    if (!ctx && matched.length > this.syncLimit) {
      const payload = { operation: 'bulk', q: req.q, state, add_flags: addFlags, remove_flags: removeFlags, add_labels: addLabels, remove_labels: removeLabels };
      return { taskId: await this.enqueue(actor, t, payload), matched: matched.length };
    }
    const userId = actor.user?.id ?? null;
    const place = this.place(t);
    const refs = { projectId: place.projectId, componentId: place.componentId, translationId: place.translationId, languageId: place.languageId };
    const mayEditApproved = review && this.access.canIn(actor, 'unit.review', t.project, t.component, t.translation.language_id);
    const changed = new Set<number>();
    const editSource = addFlags.length || removeFlags.length || addLabels.length || removeLabels.length;
    // States the edit set, announced live once the last batch committed (flags and labels show in neither view).
    const live = new ChangedUnits();
    let done = 0;
    try {
      for (const batch of chunks(matched, BULK_BATCH)) {
        const edited: UnitRow[] = [];
        await this.db.transaction().execute(async (tx) => {
          await lockUnitsInIdOrder(tx, batch);
          const units = await unitsInOrder(tx, batch);
          if (state !== -1 && !t.translation.is_source) {
            // Read-only strings stay; approved ones change only for reviewers; an empty string cannot be translated.
            const edits = units
              .filter((u) => !(u.state === state || u.state === STATE_READONLY || (u.state === STATE_APPROVED && review && !mayEditApproved)))
              .map((unit) => ({ unit, target: splitPlurals(unit.target), state }))
              .filter((e) => !isBlank(e.target));
            const contents = await ContentBatch.start(tx, this.changes, place, edits);
            for (const { unit, target } of edits) {
              const after = await contents.update(tx, unit, { target, state, userId, action: BULK_STATUS_CHANGED });
              changed.add(unit.id);
              if (after !== unit) edited.push(after);
            }
            await contents.finish(tx, userId);
          }
          if (!editSource) return;
          // Flags and labels belong to the source string, which every language shares.
          const sourceIds = [...new Set(units.map((u) => u.source_unit_id ?? u.id))];
          const sources = await unitsInOrder(tx, sourceIds);
          const bySource = new Map<number, number[]>();
          for (const u of units) bySource.set(u.source_unit_id ?? u.id, [...(bySource.get(u.source_unit_id ?? u.id) ?? []), u.id]);
          // One edit of the flags gives few distinct results: each is written in one statement, the strings re-checked together.
          const byFlags = new Map<string, number[]>();
          const flagChanges: ChangeInput[] = [];
          for (const s of sources) {
            const flags = editFlags(s.extra_flags, addFlags, removeFlags);
            if (flags === s.extra_flags) continue;
            const ids = byFlags.get(flags);
            if (ids) ids.push(s.id);
            else byFlags.set(flags, [s.id]);
            flagChanges.push({ ...refs, translationId: s.translation_id, action: Action.EXTRA_FLAGS_UPDATED, userId, unitId: s.id, target: flags, old: s.extra_flags });
            for (const id of bySource.get(s.id) ?? []) changed.add(id);
          }
          for (const [flags, ids] of byFlags) await setUnitsExtraFlags(tx, ids, flags);
          await this.changes.recordMany(tx, flagChanges);
          await recheckTranslationsOfMany(tx, t.component.id, flagChanges.map((c) => c.unitId!));
          if (addLabels.length || removeLabels.length) {
            for (const s of sources) {
              const current = (await labelsOfUnit(tx, s.id)).map((l) => l.id);
              const wanted = [...new Set([...current, ...addLabels])].filter((id) => !removeLabels.includes(id));
              if (wanted.length === current.length && wanted.every((id) => current.includes(id))) continue;
              await setUnitLabels(tx, this.changes, { ...refs, translationId: s.translation_id }, s.id, wanted, userId);
              for (const id of bySource.get(s.id) ?? []) changed.add(id);
            }
          }
        });
        for (const u of edited) live.add(place.translationId, u.id, u.target, u.state);
        done += batch.length;
        await BulkEditService.progress(ctx, done, matched.length);
      }
    } finally {
      await live.publish(this.live, actor.user, 'bulk-edit');
    }
    return { matched: matched.length, changed: changed.size };
  }

  // ---------------------------------------------------------------- search and replace

  private parseReplace(req: ReplaceRequest): { where: UnitFilter; search: string; replacement: string } {
    const errors: FieldError[] = [];
    if (typeof req.search !== 'string' || req.search === '') errors.push({ code: 'required', attr: 'search', detail: msgid('This field is required.') });
    else if (req.search.length > 1000) errors.push({ code: 'max_length', attr: 'search', detail: msgid('Ensure this field has no more than 1000 characters.') });
    if (typeof req.replacement !== 'string') errors.push({ code: 'invalid', attr: 'replacement', detail: msgid('Not a valid string.') });
    else if (req.replacement.length > 1000) errors.push({ code: 'max_length', attr: 'replacement', detail: msgid('Ensure this field has no more than 1000 characters.') });
    const where = this.validFilter(req.q, errors);
    return { where, search: req.search, replacement: req.replacement };
  }

  private static replaced(u: UnitRow, search: string, replacement: string): { before: string[]; after: string[] } | null {
    if (!u.target.includes(search)) return null;
    const before = splitPlurals(u.target);
    const after = before.map((f) => f.split(search).join(replacement));
    return joinPlurals(after) === u.target ? null : { before, after };
  }

  private requireReplace(actor: Actor, t: TranslationWithRefs): void {
    if (t.translation.is_source) this.deny(actor, msgid('Search and replace works on translations, not on the source strings.'));
    const denied = this.unitEdits.stateEditDenial(actor, t, null);
    if (denied || !actor.authenticated) this.deny(actor, denied ?? msgid('Sign in to save translations.'));
  }

  /** The strings a search and replace would change, each with its translation before and after. */
  async replacePreview(actor: Actor, t: TranslationWithRefs, req: ReplaceRequest): Promise<ReplacePreview> {
    this.requireReplace(actor, t);
    const { where, search, replacement } = this.parseReplace(req);
    const matched = await unitIdsOfSearch(this.db, t.translation.id, where);
    const items: ReplaceItem[] = [];
    let total = 0;
    for (const batch of chunks(matched, 1000)) {
      for (const u of await unitsInOrder(this.db, batch)) {
        if (u.state === STATE_READONLY) continue;
        const change = BulkEditService.replaced(u, search, replacement);
        if (!change) continue;
        total++;
        if (items.length < PREVIEW_LIMIT) items.push({ id: u.id, source: splitPlurals(u.source), ...change });
      }
    }
    return { total, items };
  }

  /**
   * Replaces the text in the translations of the strings the search finds (or of those ticked), keeping their states; more
   * than `syncLimit` strings are queued as a task after the checks and the validation.
   */
  replace(actor: Actor, t: TranslationWithRefs, req: ReplaceRequest): Promise<ReplaceResult | BulkEditQueued> {
    return this.runReplace(actor, t, req, null);
  }

  private async runReplace(actor: Actor, t: TranslationWithRefs, req: ReplaceRequest, ctx: TaskContext | null): Promise<ReplaceResult | BulkEditQueued> {
    this.requireReplace(actor, t);
    const { where, search, replacement } = this.parseReplace(req);
    let matched = await unitIdsOfSearch(this.db, t.translation.id, where);
    if (req.units) {
      const only = new Set(req.units);
      matched = matched.filter((id) => only.has(id));
    } else if (req.exclude?.length) {
      const skip = new Set(req.exclude);
      matched = matched.filter((id) => !skip.has(id));
    }
    if (!ctx && matched.length > this.syncLimit) {
      const payload = { operation: 'replace', q: req.q, search, replacement, ...(req.units ? { units: req.units } : {}), ...(req.exclude?.length ? { exclude: req.exclude } : {}) };
      return { taskId: await this.enqueue(actor, t, payload), matched: matched.length };
    }
    const userId = actor.user?.id ?? null;
    const place = this.place(t);
    let changed = 0;
    let skipped = 0;
    let done = 0;
    // Announced live once the last batch committed (or the batches that did, when one fails).
    const live = new ChangedUnits();
    try {
      for (const batch of chunks(matched, BULK_BATCH)) {
        const edited: UnitRow[] = [];
        const counted = await this.db.transaction().execute(async (tx) => {
          let replaced = 0;
          let left = 0;
          await lockUnitsInIdOrder(tx, batch);
          const edits: PlannedEdit[] = [];
          for (const unit of await unitsInOrder(tx, batch)) {
            const change = BulkEditService.replaced(unit, search, replacement);
            if (!change) continue;
            // The same rule as saving one string: read-only strings, and approved ones for non-reviewers, stay.
            if (this.unitEdits.stateEditDenial(actor, t, unit.state) !== null) {
              left++;
              continue;
            }
            edits.push({ unit, target: change.after, state: isBlank(change.after) ? STATE_EMPTY : unit.state === STATE_EMPTY ? STATE_TRANSLATED : unit.state });
          }
          const contents = await ContentBatch.start(tx, this.changes, place, edits);
          for (const { unit, target, state } of edits) {
            const after = await contents.update(tx, unit, { target, state, userId, action: TRANSLATION_REPLACED });
            if (after !== unit) edited.push(after);
            replaced++;
          }
          await contents.finish(tx, userId);
          return { replaced, left };
        });
        changed += counted.replaced;
        skipped += counted.left;
        for (const u of edited) live.add(place.translationId, u.id, u.target, u.state);
        done += batch.length;
        await BulkEditService.progress(ctx, done, matched.length);
      }
    } finally {
      await live.publish(this.live, actor.user, 'replace');
    }
    return { changed, skipped };
  }

  // ---------------------------------------------------------------- the background task

  /**
   * The task handler: rebuilds the user who asked (their permissions now) and the translation, then runs the bulk edit or
   * the replace with the checks of a request, reporting progress per batch.
   */
  async runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<BulkEditTaskResult> {
    try {
      const user = payload.userId === null || payload.userId === undefined ? undefined : await userById(this.db, Number(payload.userId));
      if (!user || user.is_active !== 1) throw new Error('The account that asked for the change is no longer active.');
      const actor = await this.access.load(this.db, { ...userActor(user), browserSession: payload.browserSession === true });
      const refs = await this.background.repository.refsById(Number(payload.componentId));
      const t = await this.background.translations.getVisible(actor, refs, String(payload.language));
      if (t.translation.id !== Number(payload.translationId)) throw new Error('The translation no longer exists.');
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const texts = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
      const numbers = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter(Number.isSafeInteger) : undefined);
      await ctx.progress(0);
      if (payload.operation === 'replace') {
        const req: ReplaceRequest = { q: text(payload.q), search: text(payload.search), replacement: text(payload.replacement) };
        const units = numbers(payload.units);
        const exclude = numbers(payload.exclude);
        const result = (await this.runReplace(actor, t, { ...req, ...(units ? { units } : {}), ...(exclude ? { exclude } : {}) }, ctx)) as ReplaceResult;
        return { operation: 'replace', changed: result.changed, skipped: result.skipped };
      }
      const req: BulkEditRequest = {
        q: text(payload.q),
        state: Number(payload.state ?? -1),
        add_flags: texts(payload.add_flags),
        remove_flags: texts(payload.remove_flags),
        add_labels: numbers(payload.add_labels) ?? [],
        remove_labels: numbers(payload.remove_labels) ?? [],
      };
      const result = (await this.runBulkEdit(actor, t, req, ctx)) as BulkEditResult;
      return { operation: 'bulk', matched: result.matched, changed: result.changed };
    } catch (e) {
      // A refusal names its reasons by field; the task's error is one sentence for the page that follows it.
      if (e instanceof AppError && e.fieldErrors.length) throw new Error(e.fieldErrors.map((f) => f.detail).join(' '));
      throw e;
    }
  }
}
