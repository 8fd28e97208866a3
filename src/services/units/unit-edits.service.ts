// Unit writes: PATCH/PUT of one unit, DELETE of a source string, adding strings to a translation.
import type { Db, Executor } from '../../db/database.js';
import type { ComponentRow, LanguageRow, ProjectRow, TranslationRow, UnitRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import type { ObjectPermission } from '../../auth/permissions.js';
import { nowIso } from '../../shared/clock.js';
import { AppError, NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { AddonsService } from '../addons/addons.service.js';
import type { ChangesService } from '../activity/changes.service.js';
import { bilingualId, contentHash, monolingualId } from '../../domain/unit-identity.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { addCounters, applyCounterDelta, emptyCounters, unitDelta, type Counters } from '../common/statistics-counters.js';
import { STATE_APPROVED, STATE_EMPTY, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { countChars, countWords } from '../../domain/text-metrics.js';
import { insertNewString, targetForms } from './new-string.js';
import { isBlank, updateUnitContent, type UnitPlace } from './unit-content.js';
import { checkTargetLength, fixTarget } from './target-fixups.js';
import type { TranslationWithRefs } from '../../db/places.js';
import type { UnitWithRefs } from './units.service.js';
import { checkScopeOfRows, recheckTranslationsOf } from '../quality/unit-checks.js';
import { pyType } from '../common/validation.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { checkLabelIds, setUnitLabels, withLabels } from './labels.service.js';
import { Action } from '../../domain/change-actions.js';
import { ifMatchAdmits, unitEtag } from '../../domain/unit-version.js';
import type { LivePublisher } from '../live/live.service.js';
import {
  deleteUnit,
  hasUnitWithHash,
  lockUnit,
  otherUnitsOfString,
  setUnitSource,
  setUnitSourceFields,
  unitsOfStringWithLanguage,
} from '../../db/units.repository.js';
import { unitWithPlace } from '../../db/unit-lists.repository.js';
import { deleteUnits } from '../../db/unit-import.repository.js';
import { insertUnitRemoval } from '../../db/pending-units.repository.js';
import { translationsSourceFirst } from '../../db/translation-files.repository.js';

/** States a PATCH may set; 11/12 exist but cannot be set manually, 100 never. */
const EDITABLE_STATES = [STATE_EMPTY, STATE_FUZZY, STATE_TRANSLATED, STATE_APPROVED];
const MANUAL_ONLY_STATES = [11, 12];
/** States a new unit may be created with. */
const NEW_UNIT_STATES = [0, 10, 11, 12, 20, 30];

const MSG = {
  sourceOnly: 'Source strings properties can be set only on source strings',
  plurals: 'Number of plurals does not match',
  readOnly: 'The string is read-only.',
  both: 'Please provide both state and target for a partial update',
  manual: 'This state cannot be set manually.',
  invalidState: 'Invalid state',
  emptyState: 'Can not use empty state with non empty target',
  nonEmptyState: 'Can not use non empty state with empty target',
  approvedOnly: 'Only reviewers can change approved strings. Please add a suggestion if you think the string should be changed.',
  exists: 'This string seems to already exist.',
  toSource: 'Add the string to the source language instead.',
  disabled: 'Adding strings is disabled in the component configuration.',
  required: 'This field is required.',
} as const;

/** One unit with everything the rules look at. */
interface Place {
  unit: UnitRow;
  translation: TranslationRow;
  component: ComponentRow;
  project: ProjectRow;
  language: LanguageRow;
}

export interface WriteOptions {
  /** PATCH (true) or PUT (false): PUT requires `target` and `labels`. */
  partial: boolean;
  /**
   * The request's If-Match header: the write happens only while the unit's entity tag (unitEtag) is one it
   * lists (or it is `*`), compared under the unit's row lock; otherwise 412. Without it the last write wins.
   */
  ifMatch?: string;
  /** The change record's action for a new translation text (Translation reverted for a revert from the history). */
  action?: number;
}

/** 412: the unit changed since the client read the version it names in If-Match. */
export const UNIT_CHANGED = 'The string has changed since you read it (If-Match does not match its ETag): read it again and reapply your change.';

interface UnitWrite {
  target?: string[];
  state?: number;
  explanation?: string;
  extra_flags?: string;
  labels?: number[];
}

function fieldError(attr: string | null, detail: string, code = 'invalid'): FieldError {
  return { code, detail, attr };
}

/** DRF CharField coercion: strings as they are (whitespace kept), numbers as text, anything else rejected. */
function asText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** DRF IntegerField coercion: integers and integer strings. */
function asInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v.trim());
  return undefined;
}

/**
 * A list of plural strings. JSON bodies must send a list (`single` lets adding units take a plain
 * string, as the add-unit serializer does). Form bodies arrive already in this shape (see the HTTP body-shapes plugin).
 */
function readForms(errors: FieldError[], attr: string, value: unknown, opts: { single: boolean; blank: boolean }): string[] | undefined {
  if (value === null) {
    errors.push(fieldError(attr, 'This field may not be null.', 'null'));
    return undefined;
  }
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (opts.single && typeof value === 'string') list = [value];
  else {
    errors.push(fieldError(attr, `Expected a list of items but got type "${pyType(value)}".`, 'not_a_list'));
    return undefined;
  }
  if (list.length === 0 && !opts.blank) {
    errors.push(fieldError(attr, 'This list may not be empty.', 'empty'));
    return undefined;
  }
  const out: string[] = [];
  let ok = true;
  list.forEach((item, i) => {
    const text = asText(item);
    if (text === undefined) {
      errors.push(fieldError(`${attr}.${i}`, 'Not a valid string.'));
      ok = false;
    } else if (text === '' && !opts.blank) {
      errors.push(fieldError(`${attr}.${i}`, 'This field may not be blank.', 'blank'));
      ok = false;
    } else out.push(text);
  });
  return ok ? out : undefined;
}

function asObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError([fieldError('non_field_errors', `Invalid data. Expected a dictionary, but got ${pyType(body)}.`)]);
  }
  return body as Record<string, unknown>;
}

/** Field-level validation of the unit write serializer (before any state or permission rule runs). */
function parseWrite(raw: unknown, opts: WriteOptions): UnitWrite {
  const body = asObject(raw);
  const errors: FieldError[] = [];
  const out: UnitWrite = {};
  const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k) && body[k] !== undefined;

  if (has('target')) out.target = readForms(errors, 'target', body.target, { single: false, blank: true });
  else if (!opts.partial) errors.push(fieldError('target', MSG.required, 'required'));

  if (has('state')) {
    const v = body.state;
    if (v === null) errors.push(fieldError('state', 'This field may not be null.', 'null'));
    else {
      const n = asInt(v);
      if (n === undefined) errors.push(fieldError('state', 'A valid integer is required.'));
      else out.state = n;
    }
  }

  for (const name of ['explanation', 'extra_flags'] as const) {
    if (!has(name)) continue;
    const v = body[name];
    if (v === null) {
      errors.push(fieldError(name, 'This field may not be null.', 'null'));
      continue;
    }
    const text = asText(v);
    if (text === undefined) errors.push(fieldError(name, 'Not a valid string.'));
    else if (name === 'extra_flags' && text.length > 500) errors.push(fieldError(name, 'Ensure this field has no more than 500 characters.', 'max_length'));
    else out[name] = text;
  }

  if (has('labels')) {
    const v = body.labels;
    const list = Array.isArray(v) ? v : null;
    if (!list) errors.push(fieldError('labels', `Expected a list of items but got type "${pyType(v)}".`, 'not_a_list'));
    else {
      // Primary keys; whether they name labels of the unit's project is checked once the unit is loaded.
      const items = list;
      const bad = items.find((x) => asInt(x) === undefined || typeof x === 'boolean');
      if (bad !== undefined) errors.push(fieldError('labels', `Incorrect type. Expected pk value, received ${pyType(bad)}.`, 'incorrect_type'));
      else out.labels = [...new Set(items.map((x) => asInt(x)!))];
    }
  } else if (!opts.partial) errors.push(fieldError('labels', MSG.required, 'required'));

  if (errors.length) throw new ValidationError(errors);
  return out;
}

export class UnitEditsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly addons?: Pick<AddonsService, 'dispatch'>,
    private readonly live?: LivePublisher,
  ) {}

  // ---------------------------------------------------------------- loading and permissions

  /** The unit if the actor may see its project and component, else 404. */
  private async load(actor: Actor, unitId: number): Promise<Place> {
    const p = await unitWithPlace(this.db, unitId);
    if (!p) throw new NotFoundError();
    if (!this.access.canViewComponent(actor, p.project, p.component)) throw new NotFoundError();
    return p;
  }

  /** Re-reads the unit inside the transaction as it takes its row lock, so edits of one unit serialize. */
  private async lockUnit(tx: Executor, unitId: number): Promise<UnitRow> {
    const unit = await lockUnit(tx, unitId);
    if (!unit) throw new NotFoundError();
    return unit;
  }

  private static unitPlace(p: Pick<Place, 'translation' | 'component' | 'project'>): UnitPlace {
    return { translationId: p.translation.id, componentId: p.component.id, projectId: p.project.id, languageId: p.translation.language_id, autocleanTm: p.project.autoclean_tm === 1 };
  }

  private static refs(p: Pick<Place, 'project' | 'component' | 'language'>, unit: UnitRow): UnitWithRefs {
    return { unit, projectSlug: p.project.slug, componentSlug: componentPathSegment(p.component), languageCode: p.language.code };
  }

  private static isTemplate(t: TranslationRow, c: ComponentRow): boolean {
    return t.is_source === 1 && c.template !== '';
  }

  private static reviewEnabled(t: TranslationRow, project: ProjectRow): boolean {
    return (t.is_source ? project.source_review : project.translation_review) === 1;
  }

  /** Denies anonymous callers with 401, everybody else with 403 and the reason. */
  private deny(actor: Actor, reason: string): never {
    if (!actor.authenticated) throw new NotAuthenticatedError();
    throw new PermissionDeniedError(reason);
  }

  /** check_can_edit: why the actor may not do `permission` in this translation, or null. */
  private editDenial(actor: Actor, permission: ObjectPermission, p: Pick<Place, 'translation' | 'component' | 'project'>): string | null {
    if (actor.authenticated && actor.user && !actor.user.email) return 'Can not perform this operation without an e-mail address.';
    if (p.component.locked) return 'This translation is currently locked.';
    if (!this.access.canIn(actor, permission, p.project, p.component, p.translation.language_id)) {
      if (!actor.authenticated) return 'Sign in to save translations.';
      const what = permission === 'unit.review' ? 'approving' : 'saving';
      return p.component.restricted ? `Insufficient privileges for ${what} translations in a restricted component.` : `Insufficient privileges for ${what} translations.`;
    }
    if (UnitEditsService.isTemplate(p.translation, p.component) && !this.access.canIn(actor, 'unit.template', p.project, p.component, p.translation.language_id)) {
      return 'Insufficient privileges for editing source strings.';
    }
    if (p.component.suggestion_voting && p.component.suggestion_autoaccept > 0 && !this.access.canIn(actor, 'unit.override', p.project, p.component, p.translation.language_id)) {
      return 'This translation only accepts suggestions, in turn approved by voting.';
    }
    return null;
  }

  /** check_unit_review on the translation. */
  private reviewDenial(actor: Actor, p: Pick<Place, 'translation' | 'component' | 'project'>): string | null {
    if (!UnitEditsService.reviewEnabled(p.translation, p.project)) {
      return p.translation.is_source ? 'Source-string reviews are turned off.' : 'Translation reviews are turned off.';
    }
    return this.editDenial(actor, 'unit.review', p);
  }

  /** check_edit_approved (unit.edit on a unit). */
  private unitEditDenial(actor: Actor, p: Place): string | null {
    return this.stateEditDenial(actor, p, p.unit.state);
  }

  /**
   * Why the actor may not save a unit in `state` of this translation, or null (null state: any unit).
   * The same answer saving gives; the web UI asks it to show or hide its forms.
   */
  stateEditDenial(actor: Actor, p: Pick<Place, 'translation' | 'component' | 'project'>, state: number | null): string | null {
    if (state === STATE_READONLY) return MSG.readOnly;
    if (state === STATE_APPROVED && UnitEditsService.reviewEnabled(p.translation, p.project) && this.editDenial(actor, 'unit.review', p) !== null) {
      return MSG.approvedOnly;
    }
    return this.editDenial(actor, 'unit.edit', p);
  }

  /** check_manage_units: strings are added to and removed from the source, when the component allows it. */
  private static manageDenial(t: TranslationRow, c: ComponentRow, adding: boolean): string | null {
    const template = c.template !== '';
    if (!t.is_source && template) return MSG.toSource;
    // Adding to a bilingual source needs no "manage strings" (the reference requires it for other languages only).
    const needsManage = !(adding && !template && t.is_source);
    if ((needsManage && !c.manage_units) || (template && !c.edit_template)) return MSG.disabled;
    return null;
  }

  // ---------------------------------------------------------------- PATCH / PUT

  async patch(actor: Actor, unitId: number, body: unknown, opts: WriteOptions): Promise<UnitWithRefs> {
    const p = await this.load(actor, unitId);
    const data = parseWrite(body, opts);
    if (data.labels) await checkLabelIds(this.db, p.project.id, data.labels);
    const doTranslate = data.target !== undefined || data.state !== undefined;
    const doSource = data.explanation !== undefined || data.extra_flags !== undefined || data.labels !== undefined;
    const isSource = p.translation.is_source === 1;

    // 1. Source-group fields only on source strings, with source.edit.
    if (doSource && (!isSource || !this.access.canIn(actor, 'source.edit', p.project, p.component, p.translation.language_id))) this.deny(actor, MSG.sourceOnly);

    // 2. Target and state.
    if (doTranslate) {
      const target = data.target ?? [];
      if (data.target !== undefined && target.length !== targetForms(splitPlurals(p.unit.source), p.translation)) {
        throw ValidationError.field('target', MSG.plurals);
      }
      if (p.unit.state === STATE_READONLY) this.deny(actor, MSG.readOnly);
      if (target.length === 0 || data.state === undefined) {
        throw new ValidationError([fieldError('state', MSG.both), fieldError('target', MSG.both)]);
      }
      const state = data.state;
      if (MANUAL_ONLY_STATES.includes(state)) throw ValidationError.field('state', MSG.manual);
      if (!EDITABLE_STATES.includes(state)) throw ValidationError.field('state', MSG.invalidState);
      if (state === STATE_EMPTY && !isBlank(target)) throw ValidationError.field('state', MSG.emptyState);
      if (state !== STATE_EMPTY && isBlank(target)) throw ValidationError.field('state', MSG.nonEmptyState);
      const denied = this.unitEditDenial(actor, p);
      if (denied) this.deny(actor, denied);
      if (state === STATE_APPROVED) {
        const reason = this.reviewDenial(actor, p);
        if (reason) throw ValidationError.field('state', reason);
      }
    }

    const userId = actor.user?.id ?? null;
    // Whitespace around the translation follows the source (not around a monolingual template's text, which is the source).
    if (doTranslate) await checkTargetLength(this.db, p, data.target!);
    const fixedTarget = doTranslate && !UnitEditsService.isTemplate(p.translation, p.component) ? await fixTarget(this.db, p, data.target!) : data.target;
    let contentChanged = false;
    const unit = await this.db.transaction().execute(async (tx) => {
      let unit = await this.lockUnit(tx, p.unit.id);
      // Under the row lock: no other write of the unit can come between this comparison and this write.
      if (opts.ifMatch !== undefined) {
        const [labeled] = await withLabels(tx, [unit]);
        if (!ifMatchAdmits(opts.ifMatch, unitEtag(unit, labeled!.labels.map((l) => l.id)))) throw new AppError('precondition_failed', UNIT_CHANGED);
      }
      const place = UnitEditsService.unitPlace(p);
      // 3. Source-group fields.
      if (data.labels !== undefined) await setUnitLabels(tx, this.changes, this.changeRefs(place), unit.id, data.labels, userId);
      if (doSource) {
        const set: Partial<Pick<UnitRow, 'explanation' | 'extra_flags'>> = {};
        for (const [name, action] of [['explanation', Action.EXPLANATION_UPDATED], ['extra_flags', Action.EXTRA_FLAGS_UPDATED]] as const) {
          const value = data[name];
          if (value === undefined || value === unit[name]) continue;
          set[name] = value;
          await this.changes.record(tx, { ...this.changeRefs(place), action, userId, unitId: unit.id, target: value, old: unit[name] });
        }
        if (Object.keys(set).length) {
          await setUnitSourceFields(tx, unit.id, set);
          unit = { ...unit, ...set };
          // A source string's extra flags configure the checks of its translations.
          if (set.extra_flags !== undefined) await recheckTranslationsOf(tx, unit.id);
        }
      }
      // 4. The translation itself.
      if (doTranslate) {
        const target = fixedTarget!;
        const monolingualSource = UnitEditsService.isTemplate(p.translation, p.component);
        const before = unit;
        unit = await updateUnitContent(tx, this.changes, unit, place, {
          target,
          state: data.state!,
          userId,
          // The checks' scope from the rows read above, not read again.
          checkScope: () => checkScopeOfRows(tx, p),
          ...(monolingualSource && joinPlurals(target) !== before.target ? { action: Action.SOURCE_STRING_CHANGED } : opts.action !== undefined ? { action: opts.action } : {}),
        });
        contentChanged = unit !== before;
        if (monolingualSource && unit.target !== before.target) unit = await this.propagateSource(tx, unit, before, p);
      }
      return unit;
    });
    // Those following the translation live see the save (after the commit: they may read it at once).
    if (contentChanged) await this.live?.unitSaved({ translationId: p.translation.id, unitId: unit.id, user: actor.user, target: splitPlurals(unit.target), state: unit.state });
    // unit-saved add-ons (flags …) run in the background; the edit itself is already saved.
    if (doTranslate) await this.addons?.dispatch('unit-saved', p.component, { unitIds: [unit.id] }).catch(() => undefined);
    return UnitEditsService.refs(p, (await withLabels(this.db, [unit]))[0]!);
  }

  private changeRefs(place: UnitPlace) {
    return { projectId: place.projectId, componentId: place.componentId, translationId: place.translationId, languageId: place.languageId };
  }

  /**
   * A monolingual template's text is every translation's source: store it as the source unit's source
   * and in its translations, where translated strings now need editing (previous_source keeps the old text).
   */
  private async propagateSource(tx: Executor, unit: UnitRow, before: UnitRow, p: Place): Promise<UnitRow> {
    const source = splitPlurals(unit.target);
    const fields = { source: unit.target, num_words: countWords(source), num_chars: countChars(source), content_hash: contentHash(source, unit.context) };
    const own: UnitRow = { ...unit, ...fields };
    await setUnitSource(tx, unit.id, fields);
    await applyCounterDelta(tx, p.translation.id, unitDelta(unit, own));
    const linked = await otherUnitsOfString(tx, p.component.id, unit.id_hash, unit.id);
    const now = nowIso();
    for (const u of linked) {
      const stale = u.state >= STATE_TRANSLATED && u.state < STATE_READONLY && !isBlank(splitPlurals(u.target));
      const after: UnitRow = {
        ...u,
        ...fields,
        state: stale ? STATE_FUZZY : u.state,
        previous_source: stale ? before.source : u.previous_source,
        pending: stale ? 1 : u.pending,
        last_updated: stale ? now : u.last_updated,
      };
      await setUnitSource(tx, u.id, { ...fields, state: after.state, previous_source: after.previous_source, pending: after.pending, last_updated: after.last_updated });
      await applyCounterDelta(tx, u.translation_id, unitDelta(u, after));
    }
    // The translations now check against the new source text.
    await recheckTranslationsOf(tx, unit.id);
    return own;
  }

  // ---------------------------------------------------------------- DELETE

  async remove(actor: Actor, unitId: number): Promise<void> {
    const p = await this.load(actor, unitId);
    if (!p.translation.is_source) this.deny(actor, p.component.template ? MSG.toSource : 'You do not have permission to perform this action.');
    const manage = UnitEditsService.manageDenial(p.translation, p.component, false);
    if (manage) this.deny(actor, manage);
    const denied = this.editDenial(actor, 'unit.delete', p);
    if (denied) this.deny(actor, denied);

    const userId = actor.user?.id ?? null;
    await this.db.transaction().execute(async (tx) => {
      const source = await this.lockUnit(tx, p.unit.id);
      const units = await unitsOfStringWithLanguage(tx, p.component.id, source.id_hash);
      const deltas = new Map<number, Counters>();
      for (const { t_language_id: languageId, ...u } of units) {
        let delta = deltas.get(u.translation_id);
        if (!delta) deltas.set(u.translation_id, (delta = emptyCounters()));
        addCounters(delta, unitDelta(u, null));
        await insertUnitRemoval(tx, u.translation_id, u.id_hash);
        await this.changes.record(tx, {
          action: Action.STRING_REMOVED,
          userId,
          projectId: p.project.id,
          componentId: p.component.id,
          translationId: u.translation_id,
          languageId,
          unitId: null,
          target: u.source,
          old: u.target,
          details: { id_hash: u.id_hash, unit_id: u.id },
        });
      }
      // Translations first, the source unit last (everything links to it).
      const ids = units.map((u) => u.id).filter((id) => id !== source.id);
      for (let i = 0; i < ids.length; i += 400) await deleteUnits(tx, ids.slice(i, i + 400));
      await deleteUnit(tx, source.id);
      for (const [translationId, delta] of deltas) await applyCounterDelta(tx, translationId, delta);
    });
  }

  // ---------------------------------------------------------------- POST …/units/

  async add(actor: Actor, t: TranslationWithRefs, raw: unknown): Promise<UnitWithRefs> {
    const { component, project, translation } = t;
    const place = { translation, component, project };
    const manage = UnitEditsService.manageDenial(translation, component, true);
    if (manage) this.deny(actor, manage);
    const denied = this.editDenial(actor, 'unit.add', place);
    if (denied) this.deny(actor, denied);

    const monolingual = component.template !== '';
    const isSource = translation.is_source === 1;
    const body = asObject(raw);
    const errors: FieldError[] = [];
    const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k) && body[k] !== undefined;
    const text = (attr: string, required: boolean, blank: boolean): string | undefined => {
      if (!has(attr)) {
        if (required) errors.push(fieldError(attr, MSG.required, 'required'));
        return undefined;
      }
      const v = body[attr];
      if (v === null) {
        errors.push(fieldError(attr, 'This field may not be null.', 'null'));
        return undefined;
      }
      const s = asText(v);
      if (s === undefined) errors.push(fieldError(attr, 'Not a valid string.'));
      else if (s === '' && !blank) errors.push(fieldError(attr, 'This field may not be blank.', 'blank'));
      return s;
    };
    const forms = (attr: string, required: boolean, blank: boolean): string[] | undefined => {
      if (!has(attr)) {
        if (required) errors.push(fieldError(attr, MSG.required, 'required'));
        return undefined;
      }
      return readForms(errors, attr, body[attr], { single: true, blank });
    };

    let context: string | undefined;
    let source: string[] | undefined;
    let target: string[] | undefined;
    if (monolingual) {
      context = text('key', true, false);
      source = forms('value', true, false);
    } else {
      context = text('context', false, true) ?? '';
      source = forms('source', true, false);
      target = forms('target', !isSource, true);
    }
    let state: number | undefined;
    if (has('state')) {
      const v = body.state;
      const n = asInt(v);
      if (n === undefined || !NEW_UNIT_STATES.includes(n)) errors.push(fieldError('state', `"${String(v)}" is not a valid choice.`, 'invalid_choice'));
      else state = n;
    }
    if (errors.length) throw new ValidationError(errors);
    // A target given with the empty state would be stored as untranslated text.
    if (state === STATE_EMPTY && target !== undefined && !isBlank(target)) throw ValidationError.field('state', MSG.emptyState);
    if (state === STATE_APPROVED) {
      const reason = this.reviewDenial(actor, place);
      if (reason) throw ValidationError.field('state', reason);
    }
    const src = source!;
    const ctx = context!;
    if (target !== undefined && target.length !== targetForms(src, translation)) throw ValidationError.field('target', MSG.plurals);

    const idHash = monolingual ? monolingualId(ctx) : bilingualId({ source: src, context: ctx });
    const userId = actor.user?.id ?? null;
    const duplicate = () => new ValidationError([fieldError('non_field_errors', MSG.exists)]);
    if (await hasUnitWithHash(this.db, translation.id, idHash)) throw duplicate();

    try {
      const created = await this.db.transaction().execute(async (tx) => {
        const all = await translationsSourceFirst(tx, component.id);
        const unit = await insertNewString(
          tx,
          this.changes,
          { project, component, translations: all, postedTo: translation, userId, action: Action.STRING_ADDED },
          { context: ctx, source: src, target, state },
        );
        if (!unit) throw duplicate();
        return unit;
      });
      return UnitEditsService.refs(t, created);
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicate();
      throw e;
    }
  }
}
