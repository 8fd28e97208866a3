// Automatic translation: fills the units a query selects from other components' translations or machine translation.
import type { Db, DialectName, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import {
  componentWithAccessById,
  componentWithAccessByPath,
  countSelectedUnits,
  lockUnitsInIdOrder,
  markAutomaticallyTranslated,
  selectedUnitsAfter,
  translatedWithSources,
  translationForRun,
  unitsByIdsInIdOrder,
  type AutotranslateSelection,
} from '../../db/autotranslate.repository.js';
import { insertSuggestions, suggestionTargetsOf } from '../../db/suggestions.repository.js';
import { markHasSuggestion } from '../../db/unit-discussion.repository.js';
import type { UnitFilter } from '../../db/unit-lists.repository.js';
import type { ComponentRow, UnitRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { mergeFlags } from '../../checks/flags.js';
import type { MachineryService, StringFacts } from '../memory/machinery.service.js';
import { asSearchError, legacyFilterQuery, searchCondition } from '../../db/unit-search/index.js';
import { nowIso } from '../../shared/clock.js';
import { PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { TaskContext, TaskQueue } from '../../tasks/task-queue.js';
import type { ChangesService } from '../activity/changes.service.js';
import { splitComponentPath } from '../../domain/component-paths.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { unitDelta } from '../common/statistics-counters.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { ContentBatch, type PlannedEdit, type UnitPlace } from './unit-content.js';
import { bumpUserStat } from '../common/user-stats.js';
import { lastValue, pyType } from '../common/validation.js';
import { searchContext } from './units.service.js';
import { Action } from '../../domain/change-actions.js';
import { ChangedUnits } from '../live/changed-units.js';
import type { LivePublisher } from '../live/live.service.js';

import { AUTO_MODES, AUTO_SOURCES, type AutotranslateJob } from '../../domain/automatic-translation.js';

export type { AutotranslateJob };
export const AUTOTRANSLATE_TASK = 'autotranslate';
/** Units handled per transaction (and per machine-translation request round). */
const CHUNK = 500;
/** Keys per `lower(source) IN (…)` lookup. */
const KEYS_PER_QUERY = 400;

export interface AutotranslateResult {
  details: string;
  /** Strings changed (synchronous runs). */
  updated?: number;
  /** UUID of the background task (big translations). */
  taskId?: string;
}

export function completedMessage(n: number): string {
  return n === 0 ? 'Automatic translation completed, no strings were updated.' : `Automatic translation completed, ${n} string${n === 1 ? ' was' : 's were'} updated.`;
}

/** Target forms of `count` plural forms from a candidate's forms (missing forms repeat the last one). */
function fit(forms: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(forms[Math.min(i, forms.length - 1)] ?? '');
  return out;
}

/** SQLite's lower() folds ASCII only; looking up both spellings finds what either database folds. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

export class AutotranslateService {
  /** Runs selecting more units than this go to the task queue (tests lower it). */
  syncLimit = 1000;

  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly machinery: MachineryService,
    private readonly tasks: TaskQueue,
    private readonly dialect: DialectName = 'sqlite',
    /** Tells the translation's viewers about the strings a run changed. */
    private readonly live?: LivePublisher,
  ) {}

  /**
   * The POST …/autotranslate/ request: checks, validation, then a synchronous run or a queued task; `background`
   * queues it whatever its size (the web UI follows the task's progress).
   */
  async request(actor: Actor, t: TranslationWithRefs, raw: unknown, options: { background?: boolean } = {}): Promise<AutotranslateResult> {
    const languageId = t.translation.language_id;
    this.access.requireIn(actor, 'translation.auto', t.project, t.component, 'Can not auto translate', languageId);
    if (t.component.locked) throw new PermissionDeniedError(msgid('Component is locked'));
    const canReview = this.access.canIn(actor, 'unit.review', t.project, t.component, languageId);
    const job = await this.parse(actor, t, raw, canReview);
    if (job.mode !== 'suggest' && !this.access.canIn(actor, 'unit.edit', t.project, t.component, languageId)) {
      throw new PermissionDeniedError(msgid('Can not auto translate: you may only add suggestions in this translation.'));
    }
    if (t.translation.is_source) throw new PermissionDeniedError(msgid('Can not auto translate the source language.'));
    const where = this.condition(job.q);
    const selected = await this.countSelected(job, where);
    if (options.background || selected > this.syncLimit) {
      const taskId = await this.tasks.enqueue(AUTOTRANSLATE_TASK, { ...job }, { projectId: t.project.id, componentId: t.component.id, userId: job.userId });
      return { details: `Automatic translation queued, ${selected} strings selected.`, taskId };
    }
    const updated = await this.execute(job);
    return { details: completedMessage(updated), updated };
  }

  /** The task handler: the same run in the background, with progress per chunk. */
  async runTask(payload: Record<string, unknown>, ctx: TaskContext): Promise<{ details: string; updated: number }> {
    const job = payload as unknown as AutotranslateJob;
    const total = await this.countSelected(job, this.condition(job.q));
    const updated = await this.execute(job, async (done) => ctx.progress(total ? Math.min(99, (100 * done) / total) : 99));
    return { details: completedMessage(updated), updated };
  }

  // ---------------------------------------------------------------- validation

  private async parse(actor: Actor, t: TranslationWithRefs, raw: unknown, canReview: boolean): Promise<AutotranslateJob> {
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
      throw ValidationError.field('non_field_errors', `Invalid data. Expected a dictionary, but got ${pyType(raw)}.`);
    }
    const body = (raw ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    const text = (name: string): string | undefined => {
      const v = lastValue(body[name]);
      if (v === undefined || v === null) return undefined;
      return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : `\u0000${pyType(v)}`;
    };
    const choice = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
      const v = text(name);
      if (v === undefined || v === '') {
        errors.push({ code: 'required', detail: msgid('This field is required.'), attr: name });
        return undefined;
      }
      if (!(allowed as readonly string[]).includes(v)) {
        errors.push({ code: 'invalid_choice', detail: `Select a valid choice. ${v.replace('\u0000', '')} is not one of the available choices.`, attr: name });
        return undefined;
      }
      return v as T;
    };

    const mode = choice('mode', canReview ? AUTO_MODES : AUTO_MODES.filter((m) => m !== 'approved'));
    const autoSource = choice('auto_source', AUTO_SOURCES);

    let threshold = 80;
    const th = text('threshold');
    if (th !== undefined && th !== '') {
      if (!/^-?\d+$/.test(th)) errors.push({ code: 'invalid', detail: msgid('Enter a whole number.'), attr: 'threshold' });
      else if (Number(th) < 1) errors.push({ code: 'min_value', detail: msgid('Ensure this value is greater than or equal to 1.'), attr: 'threshold' });
      else if (Number(th) > 100) errors.push({ code: 'max_value', detail: msgid('Ensure this value is less than or equal to 100.'), attr: 'threshold' });
      else threshold = Number(th);
    }

    // q wins; without it the legacy filter_type; without both the UI default (untranslated strings).
    let q = 'state:<translated';
    const qText = typeof lastValue(body.q) === 'string' ? (lastValue(body.q) as string) : undefined;
    const filterType = text('filter_type');
    try {
      if (qText !== undefined && qText.trim() !== '') q = qText;
      else if (filterType !== undefined && filterType !== '') q = legacyFilterQuery(filterType);
      this.condition(q);
    } catch (e) {
      if (e instanceof ValidationError) errors.push(...e.fieldErrors);
      else throw e;
    }

    let engines: string[] = [];
    let componentId: number | null = null;
    if (autoSource === 'mt') {
      const v = body.engines;
      const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined || v === null ? [] : null;
      if (list === null) errors.push({ code: 'not_a_list', detail: `Expected a list of items but got type "${pyType(v)}".`, attr: 'engines' });
      else {
        engines = list.filter((e): e is string => typeof e === 'string').map((e) => e.trim()).filter((e) => e !== '');
        const unknown = list.find((e) => typeof e !== 'string' || (e.trim() !== '' && !this.machinery.registry.get(e.trim())));
        if (unknown !== undefined) errors.push({ code: 'invalid_choice', detail: `Select a valid choice. ${String(unknown)} is not one of the available choices.`, attr: 'engines' });
        else if (engines.length === 0) errors.push({ code: 'required', detail: msgid('This field is required.'), attr: 'engines' });
      }
    } else if (autoSource === 'others') {
      const c = text('component');
      if (c !== undefined && c !== '') {
        try {
          componentId = await this.sourceComponent(actor, t, c);
        } catch (e) {
          if (e instanceof ValidationError) errors.push(...e.fieldErrors);
          else throw e;
        }
      }
    }
    if (errors.length) throw new ValidationError(errors);
    return {
      translationId: t.translation.id,
      userId: actor.user?.id ?? null,
      mode: mode!,
      q,
      autoSource: autoSource!,
      componentId,
      engines,
      threshold,
      touchApproved: mode === 'approved',
    };
  }

  /**
   * The `component` of an `others` run: an id, a component path of this project or `project/path`,
   * where a categorized component's path is `cat/app` (or `cat%2Fapp`). It must share the source
   * language; a component of another project must be visible and allow translation propagation
   * (Parla's stand-in for the reference's "contribute to shared translation memory").
   */
  private async sourceComponent(actor: Actor, t: TranslationWithRefs, value: string): Promise<number> {
    const byPath = (project: { slug: string } | { id: number }, componentPath: string) => {
      const { categoryPath, slug } = splitComponentPath(componentPath);
      return componentWithAccessByPath(this.db, project, categoryPath, slug);
    };
    const parts = value.replace(/%2f/gi, '/').split('/').filter((s) => s !== '');
    let row;
    if (/^\d+$/.test(value)) row = await componentWithAccessById(this.db, Number(value));
    // `a/b` names component b of project a before category a of this project.
    else if (parts.length >= 2) row = (await byPath({ slug: parts[0]! }, parts.slice(1).join('/'))) ?? (await byPath({ id: t.project.id }, parts.join('/')));
    else if (parts.length === 1) row = await byPath({ id: t.project.id }, parts[0]!);
    const invalid = (detail: string) => ValidationError.field('component', detail);
    if (!row || !this.access.canViewComponent(actor, { id: row.project_id, access_control: row.access_control }, row)) {
      throw invalid(`Select a valid choice. ${value} is not one of the available choices.`);
    }
    if (row.source_language_id !== t.component.source_language_id) throw invalid('The source languages of the components do not match.');
    if (row.project_id !== t.project.id && !row.allow_translation_propagation) {
      throw invalid('The component does not allow its translations to be used in other projects.');
    }
    return row.id;
  }

  private condition(q: string): UnitFilter {
    return searchCondition({ q }, searchContext(this.db, this.dialect));
  }

  // ---------------------------------------------------------------- selection

  /** The units a run fills: not read-only, without a suggestion for `suggest` runs, approved ones only for `approved` runs. */
  private selection(job: AutotranslateJob, where: UnitFilter): AutotranslateSelection {
    return { translationId: job.translationId, withoutSuggestion: job.mode === 'suggest', touchApproved: job.touchApproved, where };
  }

  private async countSelected(job: AutotranslateJob, where: UnitFilter): Promise<number> {
    try {
      return await countSelectedUnits(this.db, this.selection(job, where));
    } catch (e) {
      throw asSearchError(e);
    }
  }

  // ---------------------------------------------------------------- the run

  /** Walks the selected units in id order, CHUNK at a time, one transaction each; returns the strings changed. */
  /**
   * Fills a new translation from components that have the language (translation creation with
   * `from_component`): their translated strings with the same source, the first component first.
   */
  async fillFrom(userId: number | null, translationId: number, componentIds: readonly number[]): Promise<number> {
    let updated = 0;
    for (const componentId of componentIds) {
      updated += await this.execute({ translationId, userId, mode: 'translate', q: 'state:<translated', autoSource: 'others', componentId, engines: [], threshold: 100, touchApproved: false });
    }
    return updated;
  }

  async execute(job: AutotranslateJob, progress?: (done: number) => Promise<void>): Promise<number> {
    const t = await translationForRun(this.db, job.translationId);
    if (!t) return 0;
    const component: ComponentRow = t;
    const place: UnitPlace = { translationId: t.tid, componentId: component.id, projectId: component.project_id, languageId: t.language_id };
    const state = job.mode === 'fuzzy' ? STATE_FUZZY : job.mode === 'approved' && t.translation_review ? STATE_APPROVED : STATE_TRANSLATED;
    const selection = this.selection(job, this.condition(job.q));
    let afterId = 0;
    let updated = 0;
    let done = 0;
    // One live event for the run, after its last chunk committed (or after the chunks that did, when one fails).
    const changed = new ChangedUnits();
    try {
      for (;;) {
        let units: UnitRow[];
        try {
          units = await selectedUnitsAfter(this.db, selection, afterId, CHUNK);
        } catch (e) {
          throw asSearchError(e);
        }
        if (units.length === 0) break;
        afterId = units[units.length - 1]!.id;
        const found = job.autoSource === 'others' ? await this.fromOthers(job, component, t.language_id, units) : await this.fromMachinery(job, component.project_id, { id: component.source_language_id, code: t.source_code }, { id: t.language_id, code: t.target_code }, units);
        if (found.size) updated += await this.apply(job, place, component, state, found, changed);
        done += units.length;
        await progress?.(done);
        if (units.length < CHUNK) break;
      }
    } finally {
      await changed.publish(this.live, job.userId, 'autotranslate');
    }
    return updated;
  }

  /**
   * Translated, non-empty targets of units with the same source (compared case-insensitively) in the
   * same language of the chosen component(s), best component priority first: one query per KEYS_PER_QUERY sources.
   */
  private async fromOthers(job: AutotranslateJob, component: ComponentRow, languageId: number, units: UnitRow[]): Promise<Map<number, string[]>> {
    const lowered = new Map<string, UnitRow[]>();
    for (const u of units) {
      const key = u.source.toLowerCase();
      const list = lowered.get(key);
      if (list) list.push(u);
      else lowered.set(key, [u]);
    }
    const keys = [...new Set([...lowered.keys(), ...units.map((u) => asciiLower(u.source))])];
    const best = new Map<string, string>();
    const from = { languageId, exceptTranslationId: job.translationId, sourceLanguageId: component.source_language_id, componentId: job.componentId, projectId: component.project_id };
    for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
      const rows = await translatedWithSources(this.db, this.dialect, keys.slice(i, i + KEYS_PER_QUERY), from);
      for (const r of rows) {
        const key = r.source.toLowerCase();
        if (!best.has(key) && lowered.has(key) && splitPlurals(r.target).some((f) => f !== '')) best.set(key, r.target);
      }
    }
    const out = new Map<number, string[]>();
    for (const [key, target] of best) {
      for (const u of lowered.get(key)!) out.set(u.id, fit(splitPlurals(target), splitPlurals(u.target).length));
    }
    return out;
  }

  /** The best machinery result of every source form, when each reaches the threshold. */
  private async fromMachinery(job: AutotranslateJob, projectId: number, source: { id: number; code: string }, target: { id: number; code: string }, units: UnitRow[]): Promise<Map<number, string[]>> {
    const strings: StringFacts[] = [];
    const spans: [UnitRow, number, number][] = [];
    for (const u of units) {
      const forms = splitPlurals(u.source);
      spans.push([u, strings.length, forms.length]);
      const flags = [u.flags, u.extra_flags].filter(Boolean).join(',');
      for (const text of forms) strings.push({ text, context: u.context, explanation: u.explanation, flags });
    }
    const { results } = await this.machinery.translateStrings(projectId, job.engines, strings, { source, target });
    const out = new Map<number, string[]>();
    for (const [u, start, count] of spans) {
      const forms: string[] = [];
      for (let i = 0; i < count; i++) {
        const top = results[start + i]?.[0];
        if (!top || top.quality < job.threshold || top.text === '') break;
        forms.push(top.text);
      }
      if (forms.length === count) out.set(u.id, fit(forms, splitPlurals(u.target).length));
    }
    return out;
  }

  /** Writes one chunk in one transaction: edits (action 6) or suggestions, counters once, changes in one batch. */
  private async apply(job: AutotranslateJob, place: UnitPlace, component: ComponentRow, state: number, found: Map<number, string[]>, live: ChangedUnits): Promise<number> {
    // Collected apart and added once the chunk committed: a chunk that rolls back announces nothing.
    const edited: UnitRow[] = [];
    const updated = await this.db.transaction().execute(async (tx) => {
      const ids = [...found.keys()];
      // Lock the rows first (in id order), then read them as they are now.
      await lockUnitsInIdOrder(tx, ids);
      const rows = await unitsByIdsInIdOrder(tx, ids);
      const automatic: number[] = [];
      const suggestions: { unit: UnitRow; target: string }[] = [];
      const edits: PlannedEdit[] = [];
      for (const unit of rows) {
        if (unit.state === STATE_READONLY || (unit.state === STATE_APPROVED && !job.touchApproved)) continue;
        const forms = found.get(unit.id)!;
        const target = joinPlurals(forms);
        if (job.mode === 'suggest' || this.tooLong(component, unit, forms)) {
          if (target !== unit.target && !(job.mode === 'suggest' && unit.has_suggestion)) suggestions.push({ unit, target });
          continue;
        }
        edits.push({ unit, target: forms, state });
      }
      // One batch for the chunk: quality checks run on every edit as on a single one, their rows are written once.
      const contents = await ContentBatch.start(tx, this.changes, place, edits);
      let updated = 0;
      for (const { unit, target } of edits) {
        const after = await contents.update(tx, unit, { target, state, action: Action.AUTOMATICALLY_TRANSLATED, userId: job.userId });
        if (after !== unit) {
          updated++;
          automatic.push(unit.id);
          edited.push(after);
        }
      }
      if (suggestions.length) updated += await this.suggest(tx, job, place, suggestions, contents);
      for (let i = 0; i < automatic.length; i += KEYS_PER_QUERY) {
        await markAutomaticallyTranslated(tx, automatic.slice(i, i + KEYS_PER_QUERY));
      }
      await contents.finish(tx, null);
      return updated;
    });
    for (const u of edited) live.add(place.translationId, u.id, u.target, u.state);
    return updated;
  }

  /** Adds suggestions (never twice the same text on a unit); keeps has_suggestion and the counter right. */
  private async suggest(tx: Executor, job: AutotranslateJob, place: UnitPlace, list: { unit: UnitRow; target: string }[], contents: ContentBatch): Promise<number> {
    const existing = new Set(
      (await suggestionTargetsOf(tx, list.map((s) => s.unit.id))).map((r) => `${r.unit_id}\u0000${r.target}`),
    );
    const fresh = list.filter((s) => !existing.has(`${s.unit.id}\u0000${s.target}`));
    if (fresh.length === 0) return 0;
    const now = nowIso();
    const details = JSON.stringify({ auto: true });
    for (let i = 0; i < fresh.length; i += KEYS_PER_QUERY) {
      await insertSuggestions(tx, fresh.slice(i, i + KEYS_PER_QUERY).map((s) => ({ unit_id: s.unit.id, target: s.target, user_id: job.userId, timestamp: now, details })));
    }
    const flagged = fresh.filter((s) => !s.unit.has_suggestion).map((s) => s.unit);
    for (let i = 0; i < flagged.length; i += KEYS_PER_QUERY) {
      await markHasSuggestion(tx, flagged.slice(i, i + KEYS_PER_QUERY).map((u) => u.id));
    }
    for (const u of flagged) contents.count(unitDelta(u, { ...u, has_suggestion: 1 }));
    await bumpUserStat(tx, job.userId, 'stat_suggested', fresh.length); // the profile's "suggested" counter
    for (const s of fresh) {
      contents.record({ action: Action.SUGGESTION_ADDED, userId: job.userId, ...place, unitId: s.unit.id, target: s.target, details: { auto: true } });
    }
    return fresh.length;
  }

  /** A translation longer than the max-length flag allows becomes a suggestion instead. */
  private tooLong(component: ComponentRow, unit: UnitRow, forms: string[]): boolean {
    if (!/max-length/.test(component.check_flags + unit.flags + unit.extra_flags)) return false;
    const limit = mergeFlags(component.check_flags, unit.flags, unit.extra_flags).intValue('max-length');
    return limit !== undefined && forms.some((f) => [...f].length > limit);
  }
}
