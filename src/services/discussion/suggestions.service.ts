// Suggestions: add, list, delete (reject), accept, vote with automatic acceptance.
import type { Db, Executor } from '../../db/database.js';
import type { SuggestionRow, UnitRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { ChangesService } from '../activity/changes.service.js';
import { targetForms } from '../units/new-string.js';
import { joinPlurals, splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { isBlank, updateUnitContent } from '../units/unit-content.js';
import { checkTargetLength, fixTarget } from '../units/target-fixups.js';
import { Action } from '../../domain/change-actions.js';
import {
  bodyObject,
  changeIds,
  deny,
  lockUnit,
  placeOf,
  refreshUnitFlags,
  requireSignedIn,
  visiblePlace,
  type DiscussionPlace,
} from './unit-discussion.js';
import { bumpUserStat } from '../common/user-stats.js';
import type { LivePublisher } from '../live/live.service.js';
import {
  deleteSuggestion,
  deleteSuggestionVote,
  insertSuggestion,
  insertSuggestionVote,
  suggestionById,
  suggestionsWithVotes,
  suggestionWithTarget,
  unitIdOfSuggestion,
  type SuggestionsWhere,
} from '../../db/suggestions.repository.js';

const MSG = {
  disabled: 'Suggestions are turned off in the component configuration.',
  votingDisabled: 'Suggestion voting is disabled.',
  locked: 'This translation is currently locked.',
  readOnly: 'The string is read-only.',
  add: 'You do not have permission to add suggestions.',
  accept: 'You do not have permission to accept suggestions.',
  remove: 'You do not have permission to delete this suggestion.',
  vote: 'You do not have permission to vote for suggestions.',
  approvedOnly: 'Only reviewers can change approved strings. Please add a suggestion if you think the string should be changed.',
  identical: 'Your suggestion is similar to the current translation!',
  duplicate: 'Your suggestion already exists!',
  plurals: 'Number of plurals does not match',
} as const;

/** One suggestion with what its API object shows. */
export interface SuggestionView {
  suggestion: SuggestionRow;
  username: string | null;
  votes: number;
}

export interface VoteResult {
  result: 'voted' | 'accepted';
  suggestion: SuggestionView | null;
}

export type AddResult = { created: SuggestionView } | { voted: VoteResult };

function fieldError(attr: string, detail: string, code = 'invalid'): FieldError {
  return { code, detail, attr };
}

/** DRF BooleanField spellings. */
function asBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
  if (typeof v === 'string') {
    if (/^(true|yes|on|1)$/i.test(v)) return true;
    if (/^(false|no|off|0)$/i.test(v)) return false;
  }
  return undefined;
}

const reviewEnabled = (p: DiscussionPlace) => (p.translation.is_source ? p.project.source_review : p.project.translation_review) === 1;

export class SuggestionsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
    private readonly live?: LivePublisher,
  ) {}

  // ---------------------------------------------------------------- reading

  private async views(db: Executor, where: SuggestionsWhere): Promise<SuggestionView[]> {
    const rows = await suggestionsWithVotes(db, where);
    return rows.map(({ username, votes, ...suggestion }) => ({ suggestion, username: username ?? null, votes: Number(votes ?? 0) }));
  }

  /** The unit's suggestions, newest first; 404 when the unit's project is invisible. */
  async list(actor: Actor, unitId: number): Promise<{ place: DiscussionPlace; suggestions: SuggestionView[] }> {
    const place = await visiblePlace(this.db, this.access, actor, unitId);
    return { place, suggestions: await this.views(this.db, { unitId }) };
  }

  /** The same for a unit whose place the caller has read already (the editor): one query instead of six. */
  async listOf(actor: Actor, place: DiscussionPlace): Promise<SuggestionView[]> {
    if (!this.access.canViewComponent(actor, place.project, place.component)) throw new NotFoundError();
    return this.views(this.db, { unitId: place.unit.id });
  }

  private async load(actor: Actor, id: number): Promise<{ place: DiscussionPlace; view: SuggestionView }> {
    const [view] = await this.views(this.db, { id });
    if (!view) throw new NotFoundError();
    return { place: await visiblePlace(this.db, this.access, actor, view.suggestion.unit_id), view };
  }

  async get(actor: Actor, id: number): Promise<SuggestionView> {
    return (await this.load(actor, id)).view;
  }

  // ---------------------------------------------------------------- adding

  private can(actor: Actor, permission: 'suggestion.add' | 'suggestion.accept' | 'suggestion.delete' | 'suggestion.vote' | 'unit.review', p: DiscussionPlace): boolean {
    return this.access.canIn(actor, permission, p.project, p.component, p.translation.language_id);
  }

  private parseTarget(raw: unknown, p: DiscussionPlace): string[] {
    const body = bodyObject(raw);
    const value = body.target;
    if (value === undefined) throw ValidationError.field('target', 'This field is required.', 'required');
    if (value === null) throw ValidationError.field('target', 'This field may not be null.', 'null');
    if (!Array.isArray(value)) throw ValidationError.field('target', `Expected a list of items but got type "${typeof value === 'string' ? 'str' : typeof value}".`, 'not_a_list');
    const errors: FieldError[] = [];
    value.forEach((item, i) => {
      if (typeof item !== 'string') errors.push(fieldError(`target.${i}`, 'Not a valid string.'));
    });
    if (errors.length) throw new ValidationError(errors);
    const target = value as string[];
    if (target.length !== targetForms(splitPlurals(p.unit.source), p.translation)) throw ValidationError.field('target', MSG.plurals);
    if (isBlank(target)) throw ValidationError.field('target', 'Please provide a suggestion', 'blank');
    return target;
  }

  /** POST /api/units/<id>/suggestions/: 201 with the suggestion, or (same text by another user, voting on) 200 with the vote. */
  async add(actor: Actor, unitId: number, raw: unknown): Promise<AddResult> {
    const p = await visiblePlace(this.db, this.access, actor, unitId);
    requireSignedIn(actor);
    if (!p.component.enable_suggestions) deny(actor, MSG.disabled);
    if (!this.can(actor, 'suggestion.add', p)) deny(actor, MSG.add);
    if (p.component.locked) deny(actor, MSG.locked);
    if (p.unit.state === STATE_READONLY) deny(actor, MSG.readOnly);
    // The length limit and the whitespace of translations apply to suggestions too.
    const typed = this.parseTarget(raw, p);
    await checkTargetLength(this.db, p, typed);
    const target = joinPlurals(await fixTarget(this.db, p, typed));
    const userId = actor.user?.id ?? null;

    const existing = await suggestionWithTarget(this.db, unitId, target);
    if (existing) {
      if (existing.user_id !== userId && p.component.suggestion_voting && this.can(actor, 'suggestion.vote', p)) {
        return { voted: await this.castVote(actor, existing.id, 1) };
      }
      throw ValidationError.field('target', MSG.duplicate, 'unique');
    }

    const id = await this.db.transaction().execute(async (tx) => {
      const unit = await lockUnit(tx, unitId);
      if (unit.target === target) throw ValidationError.field('target', MSG.identical);
      const created = await insertSuggestion(tx, { unit_id: unitId, target, user_id: userId, timestamp: nowIso(), details: '{}' });
      await refreshUnitFlags(tx, unitId);
      await this.changes.record(tx, { action: Action.SUGGESTION_ADDED, userId, ...changeIds(p), unitId, target });
      await bumpUserStat(tx, userId, 'stat_suggested');
      // With voting on, the author's own suggestion starts with the author's vote.
      if (p.component.suggestion_voting && userId) await insertSuggestionVote(tx, created, userId, 1);
      return created;
    });
    if (p.component.suggestion_voting) {
      const accepted = await this.autoAccept(actor, id);
      if (accepted) return { voted: accepted };
    }
    return { created: (await this.views(this.db, { id }))[0]! };
  }

  // ---------------------------------------------------------------- deleting

  /** DELETE /api/suggestions/<id>/: the author or suggestion.delete; body may name a `rejection_reason`. */
  async remove(actor: Actor, id: number, raw: unknown): Promise<void> {
    const { place: p, view } = await this.load(actor, id);
    requireSignedIn(actor);
    const own = view.suggestion.user_id !== null && view.suggestion.user_id === actor.user?.id;
    if (!own && !this.can(actor, 'suggestion.delete', p)) deny(actor, MSG.remove);
    const body = bodyObject(raw);
    const reason = body.rejection_reason;
    if (reason !== undefined && reason !== null && typeof reason !== 'string') throw ValidationError.field('rejection_reason', 'Not a valid string.');
    await this.db.transaction().execute(async (tx) => {
      await lockUnit(tx, p.unit.id);
      if (!(await deleteSuggestion(tx, id))) throw new NotFoundError();
      await refreshUnitFlags(tx, p.unit.id);
      await this.changes.record(tx, {
        action: Action.SUGGESTION_REMOVED,
        userId: actor.user?.id ?? null,
        ...changeIds(p),
        unitId: p.unit.id,
        target: view.suggestion.target,
        ...(typeof reason === 'string' && reason ? { details: { rejection_reason: reason } } : {}),
      });
    });
  }

  // ---------------------------------------------------------------- accepting

  /** POST /api/suggestions/<id>/accept/ {approve?}: the unit takes the suggestion's text. */
  async accept(actor: Actor, id: number, raw: unknown): Promise<{ result: 'accepted' }> {
    const { place: p } = await this.load(actor, id);
    requireSignedIn(actor);
    if (!this.can(actor, 'suggestion.accept', p)) deny(actor, MSG.accept);
    const body = bodyObject(raw);
    let approve = false;
    if (body.approve !== undefined) {
      const b = asBool(body.approve);
      if (b === undefined) throw ValidationError.field('approve', 'Must be a valid boolean.');
      approve = b;
    }
    this.checkEditable(actor, p);
    if (approve) {
      if (!reviewEnabled(p)) throw ValidationError.field('approve', p.translation.is_source ? 'Source-string reviews are turned off.' : 'Translation reviews are turned off.');
      if (!this.can(actor, 'unit.review', p)) throw ValidationError.field('approve', 'Insufficient privileges for approving translations.');
    }
    await this.accepted(actor, p, await this.db.transaction().execute((tx) => this.acceptIn(tx, actor, id, p, approve ? STATE_APPROVED : STATE_TRANSLATED)));
    return { result: 'accepted' };
  }

  /** Those following the translation live see the accepted text (after the commit). */
  private async accepted(actor: Actor, p: DiscussionPlace, unit: UnitRow): Promise<void> {
    await this.live?.unitSaved({ translationId: p.translation.id, unitId: unit.id, user: actor.user, target: splitPlurals(unit.target), state: unit.state });
  }

  /** Locked components, read-only strings and approved strings (for non-reviewers) cannot take a suggestion. */
  private checkEditable(actor: Actor, p: DiscussionPlace): void {
    if (p.component.locked) deny(actor, MSG.locked);
    if (p.unit.state === STATE_READONLY) deny(actor, MSG.readOnly);
    if (p.unit.state === STATE_APPROVED && reviewEnabled(p) && !this.can(actor, 'unit.review', p)) deny(actor, MSG.approvedOnly);
  }

  private async acceptIn(tx: Executor, actor: Actor, id: number, p: DiscussionPlace, state: number): Promise<UnitRow> {
    const unit = await lockUnit(tx, p.unit.id);
    const suggestion = await suggestionById(tx, id);
    if (!suggestion) throw new NotFoundError();
    const userId = actor.user?.id ?? null;
    const place = changeIds(p);
    const updated = await updateUnitContent(tx, this.changes, unit, place, {
      target: splitPlurals(suggestion.target),
      state,
      action: Action.SUGGESTION_ACCEPTED,
      userId,
      authorId: suggestion.user_id ?? userId,
    });
    // Nothing changed (the unit already says this): the acceptance is still recorded.
    if (updated === unit) await this.changes.record(tx, { action: Action.SUGGESTION_ACCEPTED, userId, authorId: suggestion.user_id ?? userId, ...place, unitId: unit.id, target: suggestion.target, old: unit.target });
    await deleteSuggestion(tx, id);
    return refreshUnitFlags(tx, unit.id);
  }

  // ---------------------------------------------------------------- voting

  /** POST /api/suggestions/<id>/vote/ {value: 1 | -1 | 0}: one vote per user; 0 takes the vote back. */
  async vote(actor: Actor, id: number, raw: unknown): Promise<VoteResult> {
    const { place: p } = await this.load(actor, id);
    requireSignedIn(actor);
    if (!p.component.suggestion_voting) deny(actor, MSG.votingDisabled);
    if (!this.can(actor, 'suggestion.vote', p)) deny(actor, MSG.vote);
    const body = bodyObject(raw);
    const v = body.value;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
    if (v === undefined) throw ValidationError.field('value', 'This field is required.', 'required');
    if (![1, -1, 0].includes(n)) throw ValidationError.field('value', `"${String(v)}" is not a valid choice.`, 'invalid_choice');
    return this.castVote(actor, id, n);
  }

  private async castVote(actor: Actor, id: number, value: number): Promise<VoteResult> {
    const userId = actor.user!.id;
    await this.db.transaction().execute(async (tx) => {
      const unitId = await unitIdOfSuggestion(tx, id);
      if (unitId === undefined) throw new NotFoundError();
      await lockUnit(tx, unitId);
      await deleteSuggestionVote(tx, id, userId);
      if (value !== 0) await insertSuggestionVote(tx, id, userId, value);
    });
    const accepted = await this.autoAccept(actor, id);
    if (accepted) return accepted;
    return { result: 'voted', suggestion: (await this.views(this.db, { id }))[0] ?? null };
  }

  /** Accepts the suggestion once its votes reach the component's suggestion_autoaccept (when that is set). */
  private async autoAccept(actor: Actor, id: number): Promise<VoteResult | null> {
    const [view] = await this.views(this.db, { id });
    if (!view) return null;
    const p = await placeOf(this.db, view.suggestion.unit_id);
    if (!p) return null;
    const needed = p.component.suggestion_autoaccept;
    if (!p.component.suggestion_voting || needed <= 0 || view.votes < needed) return null;
    if (p.component.locked || p.unit.state === STATE_READONLY) return null;
    await this.accepted(actor, p, await this.db.transaction().execute((tx) => this.acceptIn(tx, actor, id, p, STATE_TRANSLATED)));
    return { result: 'accepted', suggestion: null };
  }
}
