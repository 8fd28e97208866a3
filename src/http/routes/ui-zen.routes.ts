// Zen mode's routes: the page (the editor's ?view=zen), the next rows as a fragment, and saving one row (JSON for zen.js,
// a redirect back for a plain form post), through the same UnitEditsService.patch as the editor.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { splitPlurals } from '../../domain/plurals.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { ruleOfTranslation } from '../../languages/plural-rule.js';
import { pluralRuleOf } from '../../services/files/parse-options.js';
import { targetForms } from '../../services/units/new-string.js';
import { AppError, NotFoundError } from '../../shared/errors.js';
import { stateBadge } from '../../ui/editor.js';
import { zenPage, zenRowsFragment, type ZenData, type ZenRow } from '../../ui/editor-zen.js';
import { pluralFormLabels, tr } from '../../ui/i18n.js';
import { errorText, offsetOf, searchFilter, sendHtml, statusOfError, str, type Q, type UiKit } from '../ui-kit.js';

/** Strings per page (and per fragment loaded while scrolling). */
export const ZEN_PAGE = 20;

type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type ZenDeps = Pick<Container, 'access' | 'bulkEdit' | 'fileSync' | 'unitEdits' | 'units'>;


/** The zen page's data for a search and an offset; row errors and drafts after a refused save without JavaScript. */
export function zenView(c: ZenDeps, kit: UiKit) {
  const { pageHeader } = kit;
  return async (request: TP, t: TranslationWithRefs, q: string, offset: number, refused?: { id: number; error: string; draft: string[] }): Promise<{ status: number; data: ZenData }> => {
    const { where, error: searchError } = searchFilter(c.units, q);
    const total = searchError ? 0 : where ? await c.units.countInTranslation(t.translation.id, where) : t.translation.total;
    const rows = searchError ? [] : await c.units.pageInTranslation(t.translation.id, ZEN_PAGE, offset, where);
    const sourceLabels = pluralFormLabels(pluralRuleOf(c.fileSync.formatOf(t.component), t.sourceLanguage));
    const targetLabels = pluralFormLabels(ruleOfTranslation(t.translation, t.language.code));
    const signedIn = request.actor.authenticated;
    const limits = await c.bulkEdit.maxLengths(t, rows);
    const zenRows: ZenRow[] = rows.map((u) => {
      const source = splitPlurals(u.source);
      const stored = splitPlurals(u.target);
      const count = source.length > 1 ? Math.max(targetForms(source, t.translation), stored.length) : targetForms(source, t.translation);
      const denied = signedIn ? c.unitEdits.stateEditDenial(request.actor, t, u.state) : tr('Sign in to translate.');
      const mine = refused && refused.id === u.id ? refused : null;
      return {
        id: u.id,
        source,
        target: Array.from({ length: count }, (_, i) => stored[i] ?? ''),
        sourceLabels: source.length > 1 ? sourceLabels : [],
        targetLabels: count > 1 ? targetLabels : [],
        context: u.context,
        state: u.state,
        fuzzy: u.state >= STATE_FUZZY && u.state < STATE_TRANSLATED,
        maxLength: limits.get(u.id) ?? null,
        denied,
        error: mine?.error ?? null,
        draft: mine?.draft ?? null,
      };
    });
    return {
      status: searchError || refused ? 400 : 200,
      data: {
        ...pageHeader(request, t),
        q,
        searchError,
        offset,
        total,
        pageSize: ZEN_PAGE,
        rows: zenRows,
      },
    };
  };
}

/** The page for GET /translate/…/?view=zen (the editor's route hands it over). */
export async function renderZenPage(c: ZenDeps, kit: UiKit, request: TP, reply: FastifyReply, t: TranslationWithRefs): Promise<FastifyReply> {
  const query = request.query as Q;
  const out = await zenView(c, kit)(request, t, query.q ?? '', offsetOf(query.offset));
  return sendHtml(reply, out.status, zenPage(out.data));
}

export function zenRoutes(app: FastifyInstance, c: ZenDeps, kit: UiKit): void {
  const { pageRoute, formConfig, redirect, translationOf, translationForm, hrefs } = kit;
  const view = zenView(c, kit);

  app.get(
    '/translate/:project/:component/:language/zen/rows/',
    pageRoute(async (request: TP, reply) => {
      const t = await translationOf(request);
      const query = request.query as Q;
      const out = await view(request, t, query.q ?? '', offsetOf(query.offset));
      return sendHtml(reply, out.status, zenRowsFragment(out.data));
    }),
  );

  const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

  app.post('/translate/:project/:component/:language/zen/', formConfig, async (request: TP, reply) => {
    let t: TranslationWithRefs | null = null;
    let unitId = 0;
    let forms: string[] = [];
    const body = (request.body ?? {}) as Record<string, unknown>;
    const q = str(body.q);
    const offset = offsetOf(body.offset);
    try {
      const form = await translationForm(request);
      t = form.t;
      unitId = /^\d{1,15}$/.test(str(body.id)) ? Number(str(body.id)) : NaN;
      if (!Number.isSafeInteger(unitId)) throw new NotFoundError();
      const found = await c.units.getVisible(request.actor, unitId);
      if (found.unit.translation_id !== t.translation.id) throw new NotFoundError();
      const count = targetForms(splitPlurals(found.unit.source), t.translation);
      forms = Array.from({ length: count }, (_, i) => str(body[`target_${i}`]).replace(/\r\n/g, '\n'));
      // The same state rules as the editor's Save: empty → not translated, the checkbox → needs editing, reviewers keep approval.
      const empty = forms.every((f) => f === '');
      const review = (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
      const keepApproved = found.unit.state === STATE_APPROVED && review && c.access.canIn(request.actor, 'unit.review', t.project, t.component, t.translation.language_id);
      const state = empty ? 0 : str(body.fuzzy) ? 10 : keepApproved ? 30 : 20;
      const saved = await c.unitEdits.patch(request.actor, unitId, { target: forms, state }, { partial: true });
      if (wantsJson(request)) {
        return reply.header('Cache-Control', 'no-store').send({ id: unitId, state: saved.unit.state, target: splitPlurals(saved.unit.target), stateHtml: stateBadge(saved.unit.state).value });
      }
      return redirect(reply, `${hrefs(t, t.language.code).translate}?view=zen&offset=${offset}${q ? `&q=${encodeURIComponent(q)}` : ''}#zen-${unitId}`);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = statusOfError(e);
      if (wantsJson(request)) return reply.code(status).header('Cache-Control', 'no-store').send({ detail: errorText(e) });
      // Without JavaScript: the zen page again, the refusal next to the row and what was typed kept.
      if (t && (status === 400 || status === 403) && unitId) {
        const out = await view(request, t, q, offset, { id: unitId, error: errorText(e), draft: forms });
        return sendHtml(reply, status, zenPage(out.data));
      }
      return pageRoute(async () => {
        throw e;
      })(request, reply);
    }
  });
}
