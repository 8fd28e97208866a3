// The editor's quality and review forms: dismiss/restore a failing check, Approve, and the review queue page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED } from '../../domain/unit-states.js';
import { AppError } from '../../shared/errors.js';
import { msgid } from '../../shared/msgid.js';
import { REVIEW_QUERY, reviewQueuePage } from '../../ui/editor-review.js';
import { errorText, offsetOf, sendHtml, statusOfError, str, unitOfTranslation, type Body, type Q, type UiKit } from '../ui-kit.js';

const QUEUE_PAGE = 50;

type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type ReviewDeps = Pick<Container, 'checkDismissal' | 'unitEdits' | 'units'>;

/** Review is turned on for the translation (source review for the source language, translation review otherwise). */
export function reviewEnabled(t: TranslationWithRefs): boolean {
  return (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
}

/** Whether the actor may approve strings of this translation: review on, and saving an approved string allowed (the service's rule). */
export function canReview(c: Pick<Container, 'unitEdits'>, request: FastifyRequest, t: TranslationWithRefs): boolean {
  return request.actor.authenticated && reviewEnabled(t) && c.unitEdits.stateEditDenial(request.actor, t, STATE_APPROVED) === null;
}

export function reviewRoutes(app: FastifyInstance, c: ReviewDeps, kit: UiKit): void {
  const { pageRoute, formConfig, redirect, translationOf, translationForm, hrefs, pageHeader } = kit;

  const unitIn = async (request: TP, t: TranslationWithRefs, raw: unknown) => (await unitOfTranslation(c.units, request, t, raw)).unit;

  const backToUnit = (t: TranslationWithRefs, body: Body, unitId: number, done: string) => {
    const q = str(body.q);
    return `${hrefs(t, t.language.code).translate}?id=${unitId}${q ? `&q=${encodeURIComponent(q)}` : ''}&done=${done}`;
  };

  // Dismiss or restore one failing check of a string (unit.check; the service refuses the others).
  app.post(
    '/translate/:project/:component/:language/checks/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const unit = await unitIn(request, t, body.unit);
      const action = str(body.action);
      if (action !== 'dismiss' && action !== 'restore') throw new AppError('invalid', msgid('Unknown check action.'));
      await c.checkDismissal.setDismissed(request.actor, unit.id, str(body.check), action === 'dismiss');
      return redirect(reply, backToUnit(t, body, unit.id, action === 'dismiss' ? 'check_dismissed' : 'check_restored'));
    }),
  );

  // Approve from the queue (the text as it stands), through the API's rules; the editor's Approve posts to the editor.
  app.post(
    '/translate/:project/:component/:language/review/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const action = str(body.action);
      if (action === 'approve-queued') {
        const unit = await unitIn(request, t, body.unit);
        try {
          await c.unitEdits.patch(request.actor, unit.id, { target: splitPlurals(unit.target), state: STATE_APPROVED }, { partial: true });
        } catch (e) {
          // A refusal is shown on the queue, with its status.
          if (!(e instanceof AppError) || (statusOfError(e) !== 400 && statusOfError(e) !== 403)) throw e;
          const out = await renderQueue(request, t, offsetOf(body.offset), errorText(e));
          return sendHtml(reply, statusOfError(e), out);
        }
        return redirect(reply, `${hrefs(t, t.language.code).translate}review/?done=approved${offsetOf(body.offset) ? `&offset=${offsetOf(body.offset)}` : ''}`);
      }
      throw new AppError('invalid', msgid('Unknown review action.'));
    }),
  );

  const renderQueue = async (request: TP, t: TranslationWithRefs, offset: number, error: string | null, done?: unknown): Promise<string> => {
    const enabled = reviewEnabled(t);
    const where = c.units.filter({ q: REVIEW_QUERY });
    const total = enabled ? await c.units.countInTranslation(t.translation.id, where) : 0;
    const rows = enabled && total > 0 ? await c.units.pageInTranslation(t.translation.id, QUEUE_PAGE, Math.min(offset, Math.max(0, total - 1)), where) : [];
    return reviewQueuePage({
      ...pageHeader(request, t),
      notice: done,
      reviewEnabled: enabled,
      canReview: canReview(c, request, t),
      rows: rows.map((u) => ({ id: u.id, source: splitPlurals(u.source), target: splitPlurals(u.target), context: u.context, state: u.state })),
      total,
      offset,
      pageSize: QUEUE_PAGE,
      error,
    });
  };

  // The review queue: translated strings not approved yet, each with a one-click Approve for reviewers.
  app.get(
    '/translate/:project/:component/:language/review/',
    pageRoute(async (request: TP) => {
      const t = await translationOf(request);
      const query = request.query as Q;
      return renderQueue(request, t, offsetOf(query.offset), null, query.done);
    }),
  );
}
