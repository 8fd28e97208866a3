// Bulk edit and search and replace pages of a translation: the page, the bulk edit POST, and replace (preview, apply);
// large sets lead to the page of the task that changes them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import type { BulkEditService } from '../../services/editing/bulk-edit.js';
import { bulkEditPage, type BulkPageData } from '../../ui/bulk-edit-pages.js';
import { AppError, ValidationError } from '../../shared/errors.js';
import { errorText, formErrorsOf, sendHtml, statusOfError, str, type Body, type Q, type UiKit } from '../ui-kit.js';

type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type BulkEditDeps = Pick<Container, 'access' | 'bulkEdit'>;

/** The container's bulk edit service (the editor's routes reach it through this). */
export function bulkEditOf(c: BulkEditDeps): BulkEditService {
  return c.bulkEdit;
}

/** Every value of a form field that may repeat (checkboxes). */
const all = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);
const numbers = (v: unknown): number[] => all(v).flatMap((s) => s.split(',')).filter((s) => /^\d{1,15}$/.test(s)).map(Number);
const count = (v: unknown) => {
  const n = Number.parseInt(str(v), 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

export function bulkEditRoutes(app: FastifyInstance, c: BulkEditDeps, kit: UiKit): void {
  const { pageRoute, formConfig, redirect, translationOf, translationForm, hrefs, pageHeader } = kit;
  const bulk = c.bulkEdit;

  const render = async (request: TP, t: TranslationWithRefs, q: string, extra: Partial<BulkPageData> = {}): Promise<string> => {
    let matched: number | null = null;
    const qErrors: string[] = [];
    try {
      matched = await bulk.countMatching(t, q);
    } catch (e) {
      if (!(e instanceof AppError) || statusOfError(e) !== 400) throw e;
      qErrors.push(errorText(e).replace(/^q: /, ''));
    }
    const review = (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
    const withQ = <T extends { errors: Record<string, string[]> }>(form: T | undefined): T | undefined => (form && qErrors.length && !form.errors.q ? { ...form, errors: { ...form.errors, q: qErrors } } : form);
    const data: BulkPageData = {
      ...pageHeader(request, t),
      q,
      matched,
      labels: await bulk.labels(t),
      canBulk: bulk.canBulkEdit(request.actor, t),
      canReplace: bulk.canReplace(request.actor, t),
      canApprove: review && c.access.canIn(request.actor, 'unit.review', t.project, t.component, t.translation.language_id),
      ...extra,
    };
    data.bulk = withQ(data.bulk) ?? (qErrors.length ? { values: {}, errors: { q: qErrors }, addLabels: [], removeLabels: [] } : undefined);
    data.replace = withQ(data.replace);
    return bulkEditPage(data);
  };

  app.get(
    '/translate/:project/:component/:language/bulk/',
    pageRoute(async (request: TP, reply) => {
      const t = await translationOf(request);
      const query = request.query as Q;
      const done: 'bulk' | 'replace' | null = query.done === 'bulk' || query.done === 'replace' ? query.done : null;
      const result = done ? { kind: done, changed: count(query.changed), matched: count(query.matched), skipped: count(query.skipped) } : undefined;
      return sendHtml(reply, 200, await render(request, t, query.q ?? '', result ? { result } : {}));
    }),
  );

  const back = (t: TranslationWithRefs, q: string, params: Record<string, number | string>) =>
    `${hrefs(t, t.language.code).translate}bulk/?${new URLSearchParams({ ...(q ? { q } : {}), ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString()}`;

  app.post(
    '/translate/:project/:component/:language/bulk/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const q = str(body.q);
      const input = { q, state: str(body.state) || '-1', add_flags: str(body.add_flags), remove_flags: str(body.remove_flags), add_labels: all(body.add_labels), remove_labels: all(body.remove_labels) };
      try {
        const result = await bulk.bulkEdit(request.actor, t, input);
        if ('taskId' in result) return redirect(reply, `/tasks/${result.taskId}/`);
        return redirect(reply, back(t, q, { done: 'bulk', changed: result.changed, matched: result.matched }));
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        const values = { state: input.state, add_flags: input.add_flags, remove_flags: input.remove_flags };
        return sendHtml(reply, 400, await render(request, t, q, { bulk: { values, errors: formErrorsOf(e), addLabels: numbers(input.add_labels), removeLabels: numbers(input.remove_labels) } }));
      }
    }),
  );

  app.post(
    '/translate/:project/:component/:language/replace/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const q = str(body.q);
      const search = str(body.search);
      const replacement = str(body.replacement);
      const values = { search, replacement };
      try {
        if (str(body.action) === 'apply') {
          const ticked = numbers((body as Body).units);
          const listed = numbers(body.listed);
          const req = str(body.all) ? { q, search, replacement, exclude: listed.filter((id) => !ticked.includes(id)) } : { q, search, replacement, units: ticked };
          const result = await bulk.replace(request.actor, t, req);
          if ('taskId' in result) return redirect(reply, `/tasks/${result.taskId}/`);
          return redirect(reply, back(t, q, { done: 'replace', changed: result.changed, skipped: result.skipped }));
        }
        const preview = await bulk.replacePreview(request.actor, t, { q, search, replacement });
        return sendHtml(reply, 200, await render(request, t, q, { replace: { values, errors: {} }, preview }));
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return sendHtml(reply, 400, await render(request, t, q, { replace: { values, errors: formErrorsOf(e) } }));
      }
    }),
  );
}
