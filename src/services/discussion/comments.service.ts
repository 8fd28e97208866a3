// Comments on units: add, list, resolve, delete; has_comment counts unresolved comments.
import type { Db } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { CommentRow } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { nowIso } from '../../shared/clock.js';
import { NotFoundError, ValidationError, type FieldError } from '../../shared/errors.js';
import type { ChangesService } from '../activity/changes.service.js';
import { bodyObject, changeIds, deny, lockUnit, placeOf, refreshUnitFlags, requireSignedIn, visiblePlace, type DiscussionPlace } from './unit-discussion.js';
import { bumpUserStat } from '../common/user-stats.js';
import { Action } from '../../domain/change-actions.js';
import { commentsWithUsernames, deleteComment, insertComment, markCommentResolved, type CommentsWhere } from '../../db/comments.repository.js';

/** translation: on the translated string; global: on the source string (all languages see it); report: a source string issue. */
export const COMMENT_SCOPES = ['translation', 'global', 'report'] as const;
const MAX_LENGTH = 1000;
/** An e-mail address as forms check it: one @, a dotted domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An ISO 8601 date and time (extended or basic form, seconds and fraction optional, a Z or offset
 * zone, UTC when none) as an ISO string in UTC; undefined when it is not one.
 */
function parseIsoDateTime(text: string): string | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})[T ](\d{2}):?(\d{2})(?::?(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec = '00', frac = '', zone = 'Z'] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}${frac.slice(0, 4)}${offset}`);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString();
}

export interface CommentView {
  comment: CommentRow;
  username: string | null;
}

export class CommentsService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
    private readonly changes: ChangesService,
  ) {}

  private async views(where: CommentsWhere): Promise<CommentView[]> {
    const rows = await commentsWithUsernames(this.db, where);
    return rows.map(({ username, ...comment }) => ({ comment, username: username ?? null }));
  }

  /** The unit's comments and its source string's comments, oldest first. */
  async list(actor: Actor, unitId: number): Promise<CommentView[]> {
    return this.listOf(actor, await visiblePlace(this.db, this.access, actor, unitId));
  }

  /** The same for a unit whose place the caller has read already (the editor). */
  async listOf(actor: Actor, p: DiscussionPlace): Promise<CommentView[]> {
    if (!this.access.canViewComponent(actor, p.project, p.component)) throw new NotFoundError();
    const ids = [p.unit.id];
    if (p.unit.source_unit_id && p.unit.source_unit_id !== p.unit.id) ids.push(p.unit.source_unit_id);
    return this.views({ unitIds: ids });
  }

  private async load(actor: Actor, id: number): Promise<{ place: DiscussionPlace; view: CommentView }> {
    const [view] = await this.views({ id });
    if (!view) throw new NotFoundError();
    return { place: await visiblePlace(this.db, this.access, actor, view.comment.unit_id), view };
  }

  async get(actor: Actor, id: number): Promise<CommentView> {
    return (await this.load(actor, id)).view;
  }

  /** POST /api/units/<id>/comments/ {comment, scope?}: comment.add in the unit's language. */
  async add(actor: Actor, unitId: number, raw: unknown): Promise<CommentView> {
    const p = await visiblePlace(this.db, this.access, actor, unitId);
    requireSignedIn(actor);
    if (!this.access.canIn(actor, 'comment.add', p.project, p.component, p.translation.language_id)) deny(actor, 'You do not have permission to add comments.');
    const body = bodyObject(raw);
    const errors: FieldError[] = [];
    let text = '';
    if (body.comment === undefined) errors.push({ code: 'required', detail: msgid('This field is required.'), attr: 'comment' });
    else if (body.comment === null) errors.push({ code: 'null', detail: msgid('This field may not be null.'), attr: 'comment' });
    else if (typeof body.comment !== 'string') errors.push({ code: 'invalid', detail: msgid('Not a valid string.'), attr: 'comment' });
    else if (body.comment.trim() === '') errors.push({ code: 'blank', detail: msgid('This field may not be blank.'), attr: 'comment' });
    else if (body.comment.length > MAX_LENGTH) errors.push({ code: 'max_length', detail: `Ensure this field has no more than ${MAX_LENGTH} characters.`, attr: 'comment' });
    else text = body.comment;
    // A source string has no translation to discuss: its comments are global (or reports).
    const isSource = p.translation.is_source === 1;
    let scope: (typeof COMMENT_SCOPES)[number] = isSource ? 'global' : 'translation';
    if (body.scope !== undefined) {
      if (typeof body.scope !== 'string' || !(COMMENT_SCOPES as readonly string[]).includes(body.scope)) {
        errors.push({ code: 'invalid_choice', detail: `"${String(body.scope)}" is not a valid choice.`, attr: 'scope' });
      } else if (body.scope === 'translation' && isSource) {
        errors.push({ code: 'invalid', detail: msgid('"translation" is not a valid choice for source units.'), attr: 'scope' });
      } else if (body.scope === 'report' && !p.project.source_review) {
        errors.push({ code: 'invalid', detail: msgid('"report" is not a valid choice as source review is disabled.'), attr: 'scope' });
      } else scope = body.scope as typeof scope;
    }
    // Importing comments from elsewhere: the original author's e-mail and time.
    if (body.user_email !== undefined && body.user_email !== null && (typeof body.user_email !== 'string' || !EMAIL.test(body.user_email))) {
      errors.push({ code: 'invalid', detail: msgid('Enter a valid email address.'), attr: 'user_email' });
    }
    let timestamp: string | undefined;
    if (body.timestamp !== undefined && body.timestamp !== null) {
      timestamp = typeof body.timestamp === 'string' ? parseIsoDateTime(body.timestamp) : undefined;
      if (timestamp === undefined) {
        errors.push({ code: 'invalid', detail: msgid('Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'), attr: 'timestamp' });
      }
    }
    if (errors.length) throw new ValidationError(errors);
    const importing = (typeof body.user_email === 'string' && body.user_email !== '') || timestamp !== undefined;
    if (importing && !this.access.canIn(actor, 'project.edit', p.project, p.component)) deny(actor, 'You do not have permission to perform this action.');

    // Source-string comments live on the source unit (every language shows them).
    const target = scope === 'translation' ? p : ((await placeOf(this.db, p.unit.source_unit_id ?? p.unit.id)) ?? p);
    const userId = actor.user?.id ?? null;
    const id = await this.db.transaction().execute(async (tx) => {
      await lockUnit(tx, target.unit.id);
      const created = await insertComment(tx, { unit_id: target.unit.id, user_id: userId, comment: text, scope, resolved: 0, timestamp: timestamp ?? nowIso() });
      await refreshUnitFlags(tx, target.unit.id);
      await this.changes.record(tx, { action: Action.COMMENT_ADDED, userId, ...changeIds(target), unitId: target.unit.id, target: text, details: { comment_id: created, scope } });
      await bumpUserStat(tx, userId, 'stat_commented');
      return created;
    });
    return (await this.views({ id }))[0]!;
  }

  /** POST /api/comments/<id>/resolve/: comment.resolve. */
  async resolve(actor: Actor, id: number): Promise<CommentView> {
    const { place: p, view } = await this.load(actor, id);
    requireSignedIn(actor);
    if (!this.access.canIn(actor, 'comment.resolve', p.project, p.component, p.translation.language_id)) deny(actor, 'You do not have permission to resolve comments.');
    if (view.comment.resolved) throw ValidationError.field(null, 'The comment is already resolved.');
    await this.db.transaction().execute(async (tx) => {
      await lockUnit(tx, p.unit.id);
      await markCommentResolved(tx, id);
      await refreshUnitFlags(tx, p.unit.id);
      await this.changes.record(tx, { action: Action.COMMENT_RESOLVED, userId: actor.user?.id ?? null, ...changeIds(p), unitId: p.unit.id, target: view.comment.comment, details: { comment_id: id } });
    });
    return (await this.views({ id }))[0]!;
  }

  /** DELETE /api/comments/<id>/: the author or comment.delete. */
  async remove(actor: Actor, id: number): Promise<void> {
    const { place: p, view } = await this.load(actor, id);
    requireSignedIn(actor);
    const own = view.comment.user_id !== null && view.comment.user_id === actor.user?.id;
    if (!own && !this.access.canIn(actor, 'comment.delete', p.project, p.component, p.translation.language_id)) deny(actor, 'You do not have permission to delete this comment.');
    await this.db.transaction().execute(async (tx) => {
      await lockUnit(tx, p.unit.id);
      if (!(await deleteComment(tx, id))) throw new NotFoundError();
      await refreshUnitFlags(tx, p.unit.id);
      await this.changes.record(tx, { action: Action.COMMENT_REMOVED, userId: actor.user?.id ?? null, ...changeIds(p), unitId: p.unit.id, target: view.comment.comment, details: { comment_id: id } });
    });
  }
}
