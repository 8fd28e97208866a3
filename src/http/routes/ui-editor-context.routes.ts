// The editor's context panels as HTML fragments (for editor-context.js) or pages (without JavaScript), and reverting from history.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { Action } from '../../domain/change-actions.js';
import { splitPlurals } from '../../domain/plurals.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import { contextBase, contextPage, glossaryFragment, historyFragment, isContextPanel, languagesFragment, nearbyFragment, type ContextPanel, type ContextPlace } from '../../ui/editor-context.js';
import type { SafeHtml } from '../../ui/html.js';
import { formId, sendHtml, str, type Q, type UiKit } from '../ui-kit.js';
import { languageName } from '../../ui/language-names.js';

type UP = FastifyRequest<{ Params: { project: string; component: string; language: string; unit: string; panel: string } }>;

/** What these routes use of the container. */
export type EditorContextDeps = Pick<Container, 'glossary' | 'unitContext' | 'unitEdits'>;

export function editorContextRoutes(app: FastifyInstance, c: EditorContextDeps, kit: UiKit): void {
  const { viewerOf, pageRoute, formConfig, redirect, translationOf, translationForm, hrefs, pageHeader } = kit;

  const direction = (d: string) => (d === 'rtl' ? 'rtl' : 'ltr');
  const placeOf = (t: TranslationWithRefs): ContextPlace => ({
    translateHref: hrefs(t, t.language.code).translate,
    languageCode: t.language.code,
    direction: direction(t.language.direction),
    sourceCode: t.sourceLanguage.code,
    sourceDirection: direction(t.sourceLanguage.direction),
  });

  /** Whether the viewer may save the string (and so revert it): the editor's own question to the unit edit service. */
  const mayEdit = (request: UP, t: TranslationWithRefs, state: number) => request.actor.authenticated && c.unitEdits.stateEditDenial(request.actor, t, state) === null;

  const render = async (request: UP, t: TranslationWithRefs, unitId: number, panel: ContextPanel): Promise<{ body: SafeHtml; source: string }> => {
    const place = placeOf(t);
    const actor = request.actor;
    const translationId = t.translation.id;
    switch (panel) {
      case 'nearby': {
        const n = await c.unitContext.nearby(actor, translationId, unitId);
        return { body: nearbyFragment({ ...place, ...n }), source: n.unit.source };
      }
      case 'languages': {
        const [unit, rows] = await Promise.all([c.unitContext.unitIn(actor, translationId, unitId), c.unitContext.otherLanguages(actor, translationId, unitId)]);
        const translate = (code: string) => hrefs(t, code).translate;
        const languages = rows.map((r) => ({ id: r.id, code: r.code, name: languageName(r.code, r.name), direction: r.direction, target: r.target, state: r.state, secondary: r.secondary, href: `${translate(r.code)}?id=${r.id}` }));
        return { body: languagesFragment({ languages }), source: unit.source };
      }
      case 'glossary': {
        const unit = await c.unitContext.unitIn(actor, translationId, unitId);
        const terms = await c.glossary.forUnit(actor, unitId);
        return { body: glossaryFragment({ ...place, terms }), source: unit.source };
      }
      case 'history': {
        const { unit, entries } = await c.unitContext.history(actor, translationId, unitId);
        const canRevert = mayEdit(request, t, unit.state);
        const revertHref = `${contextBase(place.translateHref, unit.id)}revert/`;
        return { body: historyFragment({ ...place, entries, current: unit.target, canRevert, viewer: viewerOf(request), revertHref }), source: unit.source };
      }
    }
  };

  app.get(
    '/translate/:project/:component/:language/context/:unit/:panel/',
    pageRoute(async (request: UP, reply) => {
      const panel = request.params.panel;
      if (!isContextPanel(panel)) throw new NotFoundError();
      const t = await translationOf(request);
      const unitId = formId(request.params.unit);
      const { body, source } = await render(request, t, unitId, panel);
      // The script asks for the fragment alone; a browser without it gets a page with the editor's navigation.
      if ((request.query as Q).fragment === '1') return sendHtml(reply, 200, body.value);
      return contextPage({
        ...pageHeader(request, t),
        unitId,
        panel,
        source: splitPlurals(source)[0] ?? '',
        body,
      });
    }),
  );

  // Revert from the history: the unit edit service checks the permissions and runs the checks as for a save.
  app.post(
    '/translate/:project/:component/:language/context/:unit/revert/',
    formConfig,
    pageRoute(async (request: UP, reply) => {
      const { t, body } = await translationForm(request);
      const unitId = formId(request.params.unit);
      const to = str(body.to) || 'target';
      if (to !== 'target' && to !== 'old') throw ValidationError.field('to', 'Choose the text of the change ("target") or the text before it ("old").');
      const edit = await c.unitContext.revertEdit(request.actor, t, unitId, formId(body.change), to);
      // The same call as saving in the editor: its permission checks, quality checks and change record.
      if (edit) await c.unitEdits.patch(request.actor, unitId, edit, { partial: true, action: Action.TRANSLATION_REVERTED });
      return redirect(reply, `${hrefs(t, t.language.code).translate}?id=${unitId}&done=reverted`);
    }),
  );
}
