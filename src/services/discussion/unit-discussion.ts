// What suggestions and comments share: the unit with its translation/component/project/language, the
// has_suggestion/has_comment flags kept exact (with the translation's counters) and the user statistics.
import type { Db, Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { UnitRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { applyCounterDelta, unitDelta } from '../common/statistics-counters.js';
import { unitWithPlace, type UnitPlace } from '../../db/unit-lists.repository.js';
import { unitHasSuggestion } from '../../db/suggestions.repository.js';
import { unitHasUnresolvedComment } from '../../db/comments.repository.js';
import { setUnitDiscussionFlags } from '../../db/unit-discussion.repository.js';
import { lockUnit as lockUnitRow } from '../../db/units.repository.js';

export type DiscussionPlace = UnitPlace;

/** The unit and where it lives, or undefined when there is no such unit. */
export function placeOf(db: Executor, unitId: number): Promise<DiscussionPlace | undefined> {
  return unitWithPlace(db, unitId);
}

/** The unit if the actor may see its project and component; 404 otherwise (private projects and restricted components are not disclosed). */
export async function visiblePlace(db: Db, access: AccessControl, actor: Actor, unitId: number): Promise<DiscussionPlace> {
  const p = await placeOf(db, unitId);
  if (!p || !access.canViewComponent(actor, p.project, p.component)) throw new NotFoundError();
  return p;
}

/** Anonymous callers get 401 (writes need an account), everybody else 403 with the reason. */
export function deny(actor: Actor, reason: string): never {
  if (!actor.authenticated) throw new NotAuthenticatedError();
  throw new PermissionDeniedError(reason);
}

/** Writes need a signed-in caller (the reference's API is IsAuthenticatedOrReadOnly). */
export function requireSignedIn(actor: Actor): void {
  if (!actor.authenticated) throw new NotAuthenticatedError();
}

/** The request body as an object, or 400 like the DRF serializers. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw ValidationError.field('non_field_errors', msgid('Invalid data. Expected a dictionary.'));
  return body as Record<string, unknown>;
}

/** Takes the unit's row lock (a no-op UPDATE … RETURNING, one statement) so flag updates of one unit serialize, and reads it as it is then. */
export async function lockUnit(tx: Executor, unitId: number): Promise<UnitRow> {
  const unit = await lockUnitRow(tx, unitId);
  if (!unit) throw new NotFoundError();
  return unit;
}

/**
 * Recomputes has_suggestion (any suggestion) and has_comment (any unresolved comment) of one unit from
 * the tables and moves the translation's counters by the difference, in the caller's transaction.
 */
export async function refreshUnitFlags(tx: Executor, unitId: number): Promise<UnitRow> {
  const unit = await lockUnit(tx, unitId);
  const hasSuggestion = (await unitHasSuggestion(tx, unitId)) ? 1 : 0;
  const hasComment = (await unitHasUnresolvedComment(tx, unitId)) ? 1 : 0;
  if (hasSuggestion === unit.has_suggestion && hasComment === unit.has_comment) return unit;
  const after: UnitRow = { ...unit, has_suggestion: hasSuggestion, has_comment: hasComment };
  await setUnitDiscussionFlags(tx, unitId, hasSuggestion, hasComment);
  await applyCounterDelta(tx, unit.translation_id, unitDelta(unit, after));
  return after;
}

export function changeIds(p: Pick<DiscussionPlace, 'project' | 'component' | 'translation'>) {
  return { projectId: p.project.id, componentId: p.component.id, translationId: p.translation.id, languageId: p.translation.language_id, autocleanTm: p.project.autoclean_tm === 1 };
}
