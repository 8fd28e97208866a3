// /glossary/<project>/<component>/…: a glossary component's terms in the browser. Adding, editing and deleting a term call the
// same unit services as POST …/units/, PATCH and DELETE /api/units/<id>/; importing is the API's file upload.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ntr, tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { TranslationWithRefs } from '../../db/places.js';
import { Flags } from '../../checks/flags.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { Upload } from '../../services/common/upload.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { glossaryLanguagesPage, glossaryTermPage, glossaryTermsPage, type GlossaryPlace, type TermView } from '../../ui/glossary-admin-pages.js';
import { seg } from '../../ui/widgets.js';
import { refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { languageName } from '../../ui/language-names.js';

/** What these routes use of the container. */
export type GlossaryAdminDeps = Pick<Container, 'access' | 'components' | 'sessions' | 'stats' | 'translations' | 'units' | 'unitEdits' | 'uploads'>;

type CR = FastifyRequest<{ Params: { project: string; component: string }; Querystring: Record<string, string | undefined> }>;
type TR = FastifyRequest<{ Params: { project: string; component: string; language: string; id?: string }; Querystring: Record<string, string | undefined> }>;

const PAGE = 50;
const STATE_EMPTY = 0;
const STATE_TRANSLATED = 20;

/** The unit write's attributes as the term form names its fields ("source.0" → source, a duplicate → source). */
const FIELD_OF: Record<string, string> = { source: 'source', target: 'target', state: 'target', non_field_errors: 'source', extra_flags: 'forbidden', file: 'file', method: 'method', q: 'q' };

/** A refusal as the term forms show it: next to the field, in words. */
function termErrors(e: ValidationError): FormErrors {
  const out: FormErrors = {};
  for (const f of e.fieldErrors) {
    const name = FIELD_OF[(f.attr ?? '').replace(/\.\d+$/, '')] ?? '';
    const detail = name === 'source' && (f.code === 'blank' || f.code === 'required') ? 'Enter the term.' : f.detail;
    (out[name] ??= []).push(detail);
  }
  if (e.fieldErrors.length === 0) out[''] = [e.message];
  return out;
}

/** extra_flags with the two term flags set as asked; the other flags stay as they are. */
function withTermFlags(extra: string, want: { forbidden: boolean; readOnly: boolean }): string {
  const flags = Flags.parse(extra);
  for (const [name, on] of [['forbidden', want.forbidden], ['read-only', want.readOnly]] as const) {
    if (on) {
      if (!flags.has(name)) flags.set(name);
    } else flags.delete(name);
  }
  return flags.toString();
}

/** A file field the browser sent empty (nothing chosen) is no upload. */
function chosen(upload: Upload | undefined): Upload | undefined {
  return upload && (upload.filename || upload.data.length) ? upload : undefined;
}

const checked = (body: Body, name: string) => ['true', 'on', '1'].includes(str(body[name]));

export function glossaryAdminRoutes(app: FastifyInstance, c: GlossaryAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, hrefs } = uiKit(c);

  /** The component of the address when it is a glossary the actor may see. */
  const glossaryOf = async (request: CR | TR) => {
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    if (refs.component.is_glossary !== 1) throw new NotFoundError(tr('This component is not a glossary.'));
    return refs;
  };
  const placeOf = (refs: Awaited<ReturnType<typeof glossaryOf>>): GlossaryPlace => ({
    project: { name: refs.project.name, href: hrefs(refs).project },
    glossary: { name: refs.component.name, href: hrefs(refs).component },
    base: `/glossary/${seg(refs.project.slug)}/${seg(componentPathSegment(refs.component))}/`,
  });
  const translationOf = async (request: TR): Promise<TranslationWithRefs> => c.translations.getVisible(request.actor, await glossaryOf(request), request.params.language);
  const can = (request: TR, t: TranslationWithRefs, permission: Parameters<typeof c.access.canIn>[1]) =>
    request.actor.authenticated && c.access.canIn(request.actor, permission, t.project, t.component, t.translation.language_id);

  /** The term of a unit: its source unit's flags (where the API keeps a term's flags). */
  const termOf = async (request: TR, unit: { id: number; source: string; target: string; source_unit_id: number | null; flags: string; extra_flags: string }, isSource: boolean) => {
    const source = isSource || unit.source_unit_id === null ? unit : (await c.units.getVisible(request.actor, unit.source_unit_id)).unit;
    const flags = Flags.parse([source.flags, source.extra_flags].filter(Boolean).join(','));
    const view: TermView = { id: unit.id, source: splitPlurals(unit.source)[0] ?? '', target: isSource ? '' : (splitPlurals(unit.target)[0] ?? ''), forbidden: flags.has('forbidden'), readOnly: flags.has('read-only') };
    return { view, sourceUnit: source };
  };

  const renderTerms = async (request: TR, t: TranslationWithRefs, extra: { addForm?: { values: Record<string, string>; errors?: FormErrors }; importForm?: { values: Record<string, string>; errors?: FormErrors } } = {}) => {
    const search = (request.query.q ?? '').trim();
    const offset = Math.max(0, Number.parseInt(request.query.offset ?? '0', 10) || 0);
    let where = null;
    let searchError: string[] | undefined;
    try {
      where = search ? c.units.filter({ q: search }) : null;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      searchError = e.fieldErrors.map((f) => f.detail);
    }
    const isSource = t.translation.is_source === 1;
    const total = searchError ? 0 : await c.units.countInTranslation(t.translation.id, where);
    const units = searchError ? [] : await c.units.pageInTranslation(t.translation.id, PAGE, offset, where);
    const terms: TermView[] = [];
    for (const u of units) terms.push((await termOf(request, u, isSource)).view);
    const accepted = Number.parseInt(request.query.accepted ?? '', 10);
    const totalIn = Number.parseInt(request.query.total ?? '', 10);
    const html = glossaryTermsPage({
      ...placeOf(t),
      viewer: viewerOf(request),
      here: request.url,
      language: { name: languageName(t.language.code, t.language.name), code: t.language.code, isSource, sourceCode: t.sourceLanguage.code },
      notice: request.query.done,
      noticeExtra: request.query.done === 'imported' && Number.isFinite(accepted) && Number.isFinite(totalIn) ? ntr('{accepted} of {n} term in the file was taken.', '{accepted} of {n} terms in the file were taken.', totalIn, { accepted }) : undefined,
      search,
      searchError,
      terms,
      total,
      offset,
      limit: PAGE,
      mayAdd: can(request, t, 'unit.add'),
      mayEdit: can(request, t, 'unit.edit'),
      mayUpload: can(request, t, 'upload.perform'),
      downloadHref: c.access.canIn(request.actor, 'translation.download', t.project, t.component, t.translation.language_id)
        ? `/api/translations/${seg(t.project.slug)}/${seg(componentPathSegment(t.component))}/${seg(t.language.code)}/file/`
        : null,
      ...extra,
    });
    return { html, status: searchError ? 400 : 200 };
  };

  const signInFirst = (request: CR | TR, reply: FastifyReply) => redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);

  app.get(
    '/glossary/:project/:component/',
    pageRoute(async (request: CR) => {
      const refs = await glossaryOf(request);
      const place = placeOf(refs);
      const rows = await c.translations.expand(await c.translations.visibleOfComponent(request.actor, refs.component.id));
      return glossaryLanguagesPage({
        ...place,
        viewer: viewerOf(request),
        here: request.url,
        languages: rows.map((t) => ({ name: languageName(t.language.code, t.language.name), code: t.language.code, href: `${place.base}${seg(t.language.code)}/`, source: t.translation.is_source === 1 })),
      });
    }),
  );

  app.get(
    '/glossary/:project/:component/:language/',
    pageRoute(async (request: TR, reply) => {
      const { html, status } = await renderTerms(request, await translationOf(request));
      return sendHtml(reply, status, html);
    }),
  );

  app.post(
    '/glossary/:project/:component/:language/add/',
    formConfig,
    pageRoute(async (request: TR, reply) => {
      requireFormWrite(request);
      const t = await translationOf(request);
      const body = (request.body ?? {}) as Body;
      const isSource = t.translation.is_source === 1;
      const values = { source: str(body.source).trim(), target: str(body.target).trim(), forbidden: checked(body, 'forbidden') ? 'true' : '', read_only: checked(body, 'read_only') ? 'true' : '' };
      const flags = { forbidden: values.forbidden !== '', readOnly: values.read_only !== '' };
      const refused = async (e: unknown) => refusedForm(reply, e, async (refusal) => (await renderTerms(request, t, { addForm: { values, errors: termErrors(refusal) } })).html);
      // Flags are set on the source string afterwards (PATCH extra_flags, source.edit): asked first, so a refusal adds nothing.
      if ((flags.forbidden || flags.readOnly) && !c.access.canIn(request.actor, 'source.edit', t.project, t.component, t.component.source_language_id)) {
        return refused(ValidationError.field('extra_flags', tr('You may not set flags on terms of this glossary.')));
      }
      try {
        const created = await c.unitEdits.add(request.actor, t, isSource ? { source: [values.source] } : { source: [values.source], target: [values.target] });
        if (flags.forbidden || flags.readOnly) {
          const sourceId = created.unit.source_unit_id ?? created.unit.id;
          await c.unitEdits.patch(request.actor, sourceId, { extra_flags: withTermFlags('', flags) }, { partial: true });
        }
        return redirect(reply, `${placeOf(t).base}${seg(t.language.code)}/?done=term_added`);
      } catch (e) {
        return refused(e);
      }
    }),
  );

  /** The term of the address: a unit of this glossary language. */
  const termOfRequest = async (request: TR) => {
    const t = await translationOf(request);
    const id = request.params.id ?? '';
    if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
    const { unit } = await c.units.getVisible(request.actor, Number(id));
    if (unit.translation_id !== t.translation.id) throw new NotFoundError();
    return { t, unit, ...(await termOf(request, unit, t.translation.is_source === 1)) };
  };

  const renderTerm = (request: TR, found: Awaited<ReturnType<typeof termOfRequest>>, values?: Record<string, string>, errors?: FormErrors) =>
    glossaryTermPage({
      ...placeOf(found.t),
      viewer: viewerOf(request),
      here: request.url,
      language: { name: languageName(found.t.language.code, found.t.language.name), code: found.t.language.code, isSource: found.t.translation.is_source === 1 },
      term: found.view,
      values: values ?? { target: found.view.target, forbidden: found.view.forbidden ? 'true' : '', read_only: found.view.readOnly ? 'true' : '' },
      errors,
      mayDelete: can(request, found.t, 'unit.delete'),
    });

  app.get(
    '/glossary/:project/:component/:language/term/:id/',
    pageRoute(async (request: TR, reply) => {
      if (!request.actor.authenticated) return signInFirst(request, reply);
      const found = await termOfRequest(request);
      if (!can(request, found.t, 'unit.edit') && !can(request, found.t, 'source.edit')) throw new PermissionDeniedError(tr('You may not edit the terms of this glossary.'));
      return renderTerm(request, found);
    }),
  );

  app.post(
    '/glossary/:project/:component/:language/term/:id/',
    formConfig,
    pageRoute(async (request: TR, reply) => {
      requireFormWrite(request);
      const found = await termOfRequest(request);
      const body = (request.body ?? {}) as Body;
      const values = { target: str(body.target).trim(), forbidden: checked(body, 'forbidden') ? 'true' : '', read_only: checked(body, 'read_only') ? 'true' : '' };
      try {
        // The translation (PATCH target and state) when it changed, then the flags of the source string (PATCH extra_flags).
        if (found.t.translation.is_source !== 1 && values.target !== found.view.target) {
          await c.unitEdits.patch(request.actor, found.unit.id, { target: [values.target], state: values.target ? STATE_TRANSLATED : STATE_EMPTY }, { partial: true });
        }
        const extra = withTermFlags(found.sourceUnit.extra_flags, { forbidden: values.forbidden !== '', readOnly: values.read_only !== '' });
        if (extra !== Flags.parse(found.sourceUnit.extra_flags).toString()) await c.unitEdits.patch(request.actor, found.sourceUnit.id, { extra_flags: extra }, { partial: true });
        return redirect(reply, `${placeOf(found.t).base}${seg(found.t.language.code)}/?done=term_saved`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderTerm(request, found, values, termErrors(refusal)));
      }
    }),
  );

  app.post(
    '/glossary/:project/:component/:language/term/:id/delete/',
    formConfig,
    pageRoute(async (request: TR, reply) => {
      requireFormWrite(request);
      const found = await termOfRequest(request);
      // DELETE /api/units/<id>/ of the source string: the term goes in every language.
      await c.unitEdits.remove(request.actor, found.sourceUnit.id);
      return redirect(reply, `${placeOf(found.t).base}${seg(found.t.language.code)}/?done=term_deleted`);
    }),
  );

  app.post(
    '/glossary/:project/:component/:language/import/',
    formConfig,
    pageRoute(async (request: TR, reply) => {
      requireFormWrite(request);
      const t = await translationOf(request);
      const method = str(((request.body ?? {}) as Body).method) || 'add';
      try {
        const result = await c.uploads.upload(request.actor, t, { file: chosen(request.uploads.file), method });
        return redirect(reply, `${placeOf(t).base}${seg(t.language.code)}/?done=imported&accepted=${result.accepted}&total=${result.total}`);
      } catch (e) {
        return refusedForm(reply, e, async (refusal) => (await renderTerms(request, t, { importForm: { values: { method }, errors: termErrors(refusal) } })).html);
      }
    }),
  );
}
