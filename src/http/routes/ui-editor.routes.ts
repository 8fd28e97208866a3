// The translation editor's routes: one string or the list view, saving, suggestions, comments, and the matches JSON.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pluralFormLabels, tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { splitPlurals } from '../../domain/plurals.js';
import { targetForms } from '../../services/units/new-string.js';
import { ruleOfTranslation } from '../../languages/plural-rule.js';
import { pluralRuleOf } from '../../services/files/parse-options.js';
import type { MachineryError } from '../../machinery/engine.js';
import { AppError, NotFoundError } from '../../shared/errors.js';
import { editorPage, listPage, type EditorData, type EditorPermissions } from '../../ui/editor.js';
import { editorContextRoutes, type EditorContextDeps } from './ui-editor-context.routes.js';
import { errorText, formId, offsetOf, searchFilter, sendHtml, statusOfError, str, unitOfTranslation, type Body, type Q, type UiKit } from '../ui-kit.js';
import { STATE_APPROVED } from '../../domain/unit-states.js';
import { canReview } from './ui-review.routes.js';
import { renderZenPage } from './ui-zen.routes.js';
import { bulkEditOf, type BulkEditDeps } from './ui-bulk-edit.routes.js';

const LIST_PAGE = 50;

type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;

/** What these routes use of the container. */
export type EditorDeps = Pick<Container, 'access' | 'comments' | 'fileSync' | 'machinery' | 'suggestions' | 'unitEdits' | 'units' | 'checkDismissal'> & EditorContextDeps & BulkEditDeps;

export function editorRoutes(app: FastifyInstance, c: EditorDeps, kit: UiKit): void {
  editorContextRoutes(app, c, kit);
  const { pageRoute, formConfig, redirect, translationOf, translationForm, hrefs, pageHeader } = kit;

  // ---------------------------------------------------------------- the editor

  /** The bulk edit page for the search, for those who may bulk edit or replace there. */
  const bulkHrefOf = (request: TP, t: TranslationWithRefs, q: string): string | null => {
    const bulk = bulkEditOf(c);
    if (!bulk.canBulkEdit(request.actor, t) && !bulk.canReplace(request.actor, t)) return null;
    return `${hrefs(t, t.language.code).translate}bulk/${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  };

  const editorLink = (translate: string, q: string, offset: number) => `${translate}?offset=${offset}${q ? `&q=${encodeURIComponent(q)}` : ''}`;

  interface EditorState {
    q: string;
    offset: number;
    unitId: number | null;
    notice?: unknown;
    saveError?: string | null;
    draft?: string[] | null;
  }

  const renderEditor = async (request: TP, t: TranslationWithRefs, st: EditorState): Promise<{ status: number; body: string }> => {
    const h = hrefs(t, t.language.code);
    const { where, error } = searchFilter(c.units, st.q);
    const sourceLang = t.sourceLanguage;
    const permissions = (unitState: number | null): EditorPermissions => {
      const can = (p: Parameters<Container['access']['can']>[1]) => c.access.canIn(request.actor, p, t.project, t.component, t.translation.language_id);
      const denied = c.unitEdits.stateEditDenial(request.actor, t, unitState);
      const authed = request.actor.authenticated;
      return {
        edit: authed && denied === null,
        editDenied: denied,
        suggest: authed && can('suggestion.add'),
        vote: authed && t.component.suggestion_voting === 1 && can('suggestion.vote'),
        accept: authed && can('suggestion.accept'),
        comment: authed && can('comment.add'),
        machinery: can('machinery.view'),
        dismiss: c.checkDismissal.canDismiss(request.actor, { project: t.project, component: t.component, languageId: t.translation.language_id }),
        review: canReview(c, request, t),
      };
    };
    const base = {
      ...pageHeader(request, t),
      notice: st.notice,
      pluralNames: [] as string[],
      sourcePluralNames: pluralFormLabels(pluralRuleOf(c.fileSync.formatOf(t.component), sourceLang)),
      q: st.q,
      searchError: error,
    };
    if (error) {
      return { status: 400, body: editorPage({ ...base, offset: 0, total: 0, unit: null, prevHref: null, nextHref: null, permissions: permissions(null), suggestions: [], comments: [], machineryUrl: null, saveError: null, draft: null }) };
    }
    const total = where ? await c.units.countInTranslation(t.translation.id, where) : t.translation.total;
    let offset = Math.max(0, Math.min(st.offset, Math.max(0, total - 1)));
    let unitRow = null;
    if (st.unitId !== null) {
      unitRow = (await unitOfTranslation(c.units, request, t, String(st.unitId))).unit;
      // Where the string stands in the (filtered) list, so that previous/next continue from it.
      const before = searchFilter(c.units, `${st.q.trim() ? `(${st.q}) AND ` : ''}position:<${unitRow.position}`);
      if (before.where) offset = await c.units.countInTranslation(t.translation.id, before.where);
    } else if (total > 0) {
      [unitRow] = await c.units.pageInTranslation(t.translation.id, 1, offset, where);
    }
    if (!unitRow) {
      return { status: 200, body: editorPage({ ...base, offset: 0, total, unit: null, prevHref: null, nextHref: null, permissions: permissions(null), suggestions: [], comments: [], machineryUrl: null, saveError: null, draft: null }) };
    }
    const perms = permissions(unitRow.state);
    const source = splitPlurals(unitRow.source);
    // One field per form the translation's plural rule has, however many forms the stored target holds.
    const stored = splitPlurals(unitRow.target);
    const count = source.length > 1 ? Math.max(targetForms(source, t.translation), stored.length) : targetForms(source, t.translation);
    const target = Array.from({ length: count }, (_, i) => stored[i] ?? '');
    const names = count > 1 ? pluralFormLabels(ruleOfTranslation(t.translation, t.language.code)) : [];
    // The unit's place is known: the discussion lists need not read it again.
    const place = { unit: unitRow, translation: t.translation, component: t.component, project: t.project, language: t.language };
    const [extras, suggestions, comments, maxLengths] = await Promise.all([
      c.units.extras(unitRow),
      c.suggestions.listOf(request.actor, place),
      c.comments.listOf(request.actor, place),
      bulkEditOf(c).maxLengths(t, [unitRow]),
    ]);
    const userId = request.actor.user?.id ?? null;
    const canDeleteAny = request.actor.authenticated && c.access.canIn(request.actor, 'suggestion.delete', t.project, t.component, t.translation.language_id);
    const data: EditorData = {
      ...base,
      pluralNames: names,
      offset,
      total,
      unit: {
        id: unitRow.id,
        source,
        target,
        context: unitRow.context,
        location: unitRow.location,
        note: unitRow.note,
        flags: unitRow.flags,
        explanation: unitRow.explanation,
        state: unitRow.state,
        previousSource: unitRow.previous_source,
        checks: c.checkDismissal.describe(extras.checks, t.component),
        screenshots: extras.screenshots,
        labels: (unitRow.labels ?? []).map((l) => l.name),
        maxLength: maxLengths.get(unitRow.id) ?? null,
      },
      prevHref: offset > 0 ? editorLink(h.translate, st.q, offset - 1) : null,
      nextHref: offset + 1 < total ? editorLink(h.translate, st.q, offset + 1) : null,
      permissions: perms,
      suggestions: suggestions.map((s) => ({
        id: s.suggestion.id,
        target: splitPlurals(s.suggestion.target),
        username: s.username,
        votes: s.votes,
        timestamp: s.suggestion.timestamp,
        canDelete: canDeleteAny || (userId !== null && s.suggestion.user_id === userId),
        own: userId !== null && s.suggestion.user_id === userId,
      })),
      comments: comments.map((v) => ({ id: v.comment.id, text: v.comment.comment, username: v.username, timestamp: v.comment.timestamp, scope: v.comment.scope })),
      machineryUrl: perms.machinery ? `${h.translate}machinery/?id=${unitRow.id}` : null,
      bulkHref: bulkHrefOf(request, t, st.q),
      saveError: st.saveError ?? null,
      draft: st.draft ?? null,
    };
    return { status: st.saveError ? 400 : 200, body: editorPage(data) };
  };


  app.get(
    '/translate/:project/:component/:language/',
    pageRoute(async (request: TP, reply) => {
      const t = await translationOf(request);
      const query = request.query as Q;
      const q = query.q ?? '';
      if (query.view === 'zen') return renderZenPage(c, kit, request, reply, t);
      if (query.view === 'list') {
        const { where, error } = searchFilter(c.units, q);
        const total = error ? 0 : where ? await c.units.countInTranslation(t.translation.id, where) : t.translation.total;
        const offset = offsetOf(query.offset);
        const rows = error ? [] : await c.units.pageInTranslation(t.translation.id, LIST_PAGE, offset, where);
        const body = listPage({
          ...pageHeader(request, t),
          pluralNames: [],
          sourcePluralNames: [],
          q,
          searchError: error,
          offset,
          total,
          permissions: { edit: false, editDenied: null, suggest: false, vote: false, accept: false, comment: false, machinery: false },
          rows: rows.map((u) => ({ id: u.id, source: splitPlurals(u.source), target: splitPlurals(u.target), state: u.state, context: u.context, failing: u.has_failing_check === 1 })),
          pageSize: LIST_PAGE,
          bulkHref: bulkHrefOf(request, t, q),
        });
        return sendHtml(reply, error ? 400 : 200, body);
      }
      const id = query.id && /^\d{1,15}$/.test(query.id) ? Number(query.id) : null;
      if (query.id && id === null) throw new NotFoundError();
      const out = await renderEditor(request, t, { q, offset: offsetOf(query.offset), unitId: id, notice: query.done });
      return sendHtml(reply, out.status, out.body);
    }),
  );

  app.post(
    '/translate/:project/:component/:language/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const found = await unitOfTranslation(c.units, request, t, body.id);
      const unitId = found.unit.id;
      const q = str(body.q);
      const offset = offsetOf(body.offset);
      const count = targetForms(splitPlurals(found.unit.source), t.translation);
      const forms = Array.from({ length: count }, (_, i) => str(body[`target_${i}`]).replace(/\r\n/g, '\n'));
      const action = str(body.action) || 'save';
      const h = hrefs(t, t.language.code);
      try {
        if (action === 'suggest') {
          await c.suggestions.add(request.actor, unitId, { target: forms });
          return redirect(reply, `${h.translate}?id=${unitId}${q ? `&q=${encodeURIComponent(q)}` : ''}&done=suggested`);
        }
        const empty = forms.every((f) => f === '');
        const review = (t.translation.is_source ? t.project.source_review : t.project.translation_review) === 1;
        const keepApproved = found.unit.state === STATE_APPROVED && review && c.access.canIn(request.actor, 'unit.review', t.project, t.component, t.translation.language_id);
        // Approve (reviewers) saves the text in the fields as approved; refusals come back here like those of Save.
        const state = action === 'approve' ? STATE_APPROVED : empty ? 0 : str(body.fuzzy) ? 10 : keepApproved ? 30 : 20;
        await c.unitEdits.patch(request.actor, unitId, { target: forms, state }, { partial: true });
      } catch (e) {
        // Refused edits are shown on the editor with what was typed, not on a separate error page.
        if (!(e instanceof AppError) || (statusOfError(e) !== 400 && statusOfError(e) !== 403)) throw e;
        const out = await renderEditor(request, t, { q, offset, unitId, saveError: errorText(e), draft: forms });
        return sendHtml(reply, statusOfError(e), out.body);
      }
      // A search for unfinished strings shrinks as strings get done: the next one then sits at the same offset.
      if (action === 'save-next') {
        const { where } = searchFilter(c.units, q);
        const total = where ? await c.units.countInTranslation(t.translation.id, where) : t.translation.total;
        const still = where ? (await c.units.pageInTranslation(t.translation.id, 1, offset, where))[0]?.id === unitId : true;
        const next = still ? offset + 1 : offset;
        if (next < total) return redirect(reply, `${editorLink(h.translate, q, next)}&done=saved`);
        return redirect(reply, `${h.translation}?done=saved`);
      }
      return redirect(reply, `${h.translate}?id=${unitId}${q ? `&q=${encodeURIComponent(q)}` : ''}&done=${action === 'approve' ? 'approved' : 'saved'}`);
    }),
  );

  const backToUnit = (translate: string, body: Body, unitId: number, done: string) => {
    const q = str(body.q);
    return `${translate}?id=${unitId}${q ? `&q=${encodeURIComponent(q)}` : ''}&done=${done}`;
  };

  /** The unit a discussion form names, checked to belong to the translation of the address. */
  const formUnit = async (request: TP, t: TranslationWithRefs, raw: unknown) => (await unitOfTranslation(c.units, request, t, raw)).unit.id;

  app.post(
    '/translate/:project/:component/:language/suggestions/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const unitId = await formUnit(request, t, body.unit);
      const suggestionId = formId(body.suggestion);
      const s = await c.suggestions.get(request.actor, suggestionId);
      if (s.suggestion.unit_id !== unitId) throw new NotFoundError();
      const action = str(body.action);
      let done: string;
      if (action === 'accept') {
        await c.suggestions.accept(request.actor, suggestionId, {});
        done = 'accepted';
      } else if (action === 'upvote' || action === 'downvote') {
        await c.suggestions.vote(request.actor, suggestionId, { value: action === 'upvote' ? 1 : -1 });
        done = 'voted';
      } else if (action === 'delete') {
        // Removing someone else's suggestion rejects it, with the reason given (kept in the change history).
        const own = request.actor.user?.id !== undefined && s.suggestion.user_id === request.actor.user.id;
        const reason = str(body.rejection_reason).trim();
        await c.suggestions.remove(request.actor, suggestionId, reason && !own ? { rejection_reason: reason } : {});
        done = own ? 'deleted' : 'rejected';
      } else throw new AppError('invalid', tr('Unknown suggestion action.'));
      return redirect(reply, backToUnit(hrefs(t, t.language.code).translate, body, unitId, done));
    }),
  );

  app.post(
    '/translate/:project/:component/:language/comments/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const unitId = await formUnit(request, t, body.unit);
      // A source string has no translation of its own: its comments default to the source string (global).
      const scope = str(body.scope) || (t.translation.is_source ? 'global' : 'translation');
      await c.comments.add(request.actor, unitId, { comment: str(body.comment), scope: t.translation.is_source && scope === 'translation' ? 'global' : scope });
      return redirect(reply, backToUnit(hrefs(t, t.language.code).translate, body, unitId, 'commented'));
    }),
  );

  // Machine translation and memory matches for one string, for the editor's script (JSON; errors in the usual body).
  app.get('/translate/:project/:component/:language/machinery/', async (request: TP, reply) => {
    const t = await translationOf(request);
    // String(): a repeated ?id= (an array) stays a 404 rather than naming its first value.
    const found = await unitOfTranslation(c.units, request, t, String((request.query as Q).id ?? ''));
    c.access.requireIn(request.actor, 'machinery.view', t.project, t.component, undefined, t.translation.language_id);
    const source = splitPlurals(found.unit.source)[0] ?? '';
    const engines = c.machinery.registry.engines.map((e) => e.id);
    const u = found.unit;
    const flags = [u.flags, u.extra_flags].filter(Boolean).join(',');
    const outcome = await c.machinery.translateStrings(t.project.id, engines, [{ text: source, context: u.context, explanation: u.explanation, flags }], { source: t.sourceLanguage, target: t.language });
    reply.header('Cache-Control', 'no-store');
    return {
      results: (outcome.results[0] ?? []).map((r) => ({ text: r.text, quality: r.quality, service: r.service, source: r.source })),
      // Engines nobody configured are not worth a message.
      errors: outcome.errors.filter((e: MachineryError) => e.kind !== 'not_configured').map((e) => ({ service: e.engine, detail: e.message })),
    };
  });
}
