// /screenshots/<project>/<component>/: a component's screenshots in the browser, uploaded, renamed, replaced, deleted and given
// their strings (found with the search query language) through the same service calls as the screenshots API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ComponentWithRefs } from '../../db/places.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { splitPlurals } from '../../domain/plurals.js';
import type { Actor } from '../../auth/actor.js';
import type { Upload } from '../../services/common/upload.js';
import type { Screenshot } from '../../services/screenshots/screenshots.service.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { screenshotListPage, screenshotPage, type ScreenshotPageData, type ScreenshotSearch, type ScreenshotView, type StringView } from '../../ui/screenshot-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { languageName } from '../../ui/language-names.js';

/** What these routes use of the container. */
export type ScreenshotAdminDeps = Pick<Container, 'access' | 'components' | 'screenshots' | 'sessions' | 'stats' | 'translations' | 'units'>;

type Q = Record<string, string | undefined>;
type CP = FastifyRequest<{ Params: { project: string; component: string }; Querystring: Q }>;
type SP = FastifyRequest<{ Params: { project: string; component: string; id: string }; Querystring: Q }>;

const LIST_PAGE = 20;
const SEARCH_PAGE = 50;

const NOTICES: Record<string, string> = {
  screenshot_added: msgid('The screenshot is uploaded. Assign the strings it shows below.'),
  screenshot_saved: msgid('The screenshot is saved.'),
  screenshot_replaced: msgid('The image is replaced.'),
  screenshot_deleted: msgid('The screenshot is deleted.'),
  strings_assigned: msgid('The strings are assigned.'),
  string_removed: msgid('The string is removed from the screenshot.'),
};

/** A file field the browser sent empty (nothing chosen) is no upload. */
function chosen(upload: Upload | undefined): Upload | undefined {
  return upload && (upload.filename || upload.data.length) ? upload : undefined;
}

const offsetOf = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

export function screenshotAdminRoutes(app: FastifyInstance, c: ScreenshotAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, hrefs } = uiKit(c);

  const baseOf = (refs: ComponentWithRefs) => `/screenshots/${seg(refs.project.slug)}/${seg(componentPathSegment(refs.component))}/`;
  const noticeOf = (request: CP | SP) => NOTICES[request.query.done ?? ''] ?? null;
  const componentOf = (request: CP | SP) => c.components.getVisible(request.actor, request.params.project, request.params.component);

  /** The screenshot of the address, within the component of the address (the same 404 as the API for any other). */
  const screenshotOf = async (request: SP) => {
    const refs = await componentOf(request);
    const shot = await c.screenshots.getVisible(request.actor, request.params.id);
    if (shot.componentId !== refs.component.id) throw new NotFoundError(tr('No Screenshot matches the given query.'));
    return { refs, shot };
  };

  /** Whether the actor holds a screenshot right where the service checks it: the screenshot's project, component and language. */
  const may = (actor: Actor, permission: 'screenshot.edit' | 'screenshot.delete', s: Screenshot) =>
    actor.authenticated && c.access.canIn(actor, permission, { id: s.projectId, access_control: s.accessControl }, { id: s.componentId, restricted: s.componentRestricted }, s.languageId);

  /** Source strings by id, read as the units API reads them (`id:` of the query language, the actor's visibility). */
  const stringsById = async (actor: Actor, ids: readonly number[]): Promise<Map<number, StringView>> => {
    const unique = [...new Set(ids)];
    const out = new Map<number, StringView>();
    // A few hundred ids at a time keep the query under the query language's length limit.
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      for (const { unit } of await c.units.pageVisible(actor, chunk.length, 0, c.units.filter({ q: `id:${chunk.join(',')}` }))) {
        out.set(unit.id, { id: unit.id, forms: splitPlurals(unit.source), context: unit.context });
      }
    }
    return out;
  };

  const languageNames = async (actor: Actor, refs: ComponentWithRefs) => {
    const rows = await c.translations.expand(await c.translations.visibleOfComponent(actor, refs.component.id));
    return rows.map((t) => ({ code: t.language.code, name: languageName(t.language.code, t.language.name) }));
  };

  const viewOf = (base: string, s: Screenshot, strings: Map<number, StringView>, names: Map<string, string>): ScreenshotView => ({
    id: s.screenshot.id,
    name: s.screenshot.name,
    repositoryFilename: s.screenshot.repository_filename,
    languageName: names.get(s.languageCode) ?? s.languageCode,
    href: `${base}${String(s.screenshot.id)}/`,
    imageHref: `${base}${String(s.screenshot.id)}/image/`,
    strings: s.unitIds.flatMap((id) => strings.get(id) ?? []),
  });

  // ---------------------------------------------------------------- the list and the upload form
  const renderList = async (request: CP, refs: ComponentWithRefs, upload: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    const offset = offsetOf(request.query.offset);
    const [total, rows] = await Promise.all([c.screenshots.count(request.actor, refs.component.id), c.screenshots.page(request.actor, LIST_PAGE, offset, refs.component.id)]);
    const languages = await languageNames(request.actor, refs);
    const names = new Map(languages.map((l) => [l.code, l.name]));
    const strings = await stringsById(request.actor, rows.flatMap((s) => s.unitIds));
    const base = baseOf(refs);
    const mayAdd = request.actor.authenticated && c.access.canIn(request.actor, 'screenshot.add', refs.project, refs.component);
    return screenshotListPage({
      viewer: viewerOf(request),
      here: request.url,
      project: { name: refs.project.name, href: hrefs(refs).project },
      component: { name: refs.component.name, href: hrefs(refs).component },
      base,
      notice: upload.errors ? null : noticeOf(request),
      screenshots: rows.map((s) => viewOf(base, s, strings, names)),
      total,
      offset,
      limit: LIST_PAGE,
      upload: mayAdd ? { viewer: viewerOf(request), languages, values: upload.values ?? { language_code: refs.sourceLanguage.code }, errors: upload.errors } : null,
    });
  };

  app.get('/screenshots/:project/:component/', pageRoute(async (request: CP) => renderList(request, await componentOf(request))));

  app.post(
    '/screenshots/:project/:component/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const refs = await componentOf(request);
      const body = (request.body ?? {}) as Body;
      const values = { name: str(body.name), language_code: str(body.language_code) };
      const input = { ...values, project_slug: refs.project.slug, component_slug: componentPathSegment(refs.component) };
      try {
        const created = await c.screenshots.create(request.actor, input, chosen(request.uploads.image));
        return redirect(reply, `${baseOf(refs)}${String(created.screenshot.id)}/?done=screenshot_added`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => {
          const errors = formErrorsOf(refusal);
          // The project and component come from the address: an unknown translation is the language's fault.
          delete errors.project_slug;
          delete errors.component_slug;
          return renderList(request, refs, { values, errors });
        });
      }
    }),
  );

  // ---------------------------------------------------------------- one screenshot
  const searchOf = async (request: SP, refs: ComponentWithRefs, assigned: readonly number[], query: Q): Promise<ScreenshotSearch> => {
    const q = (query.q ?? '').trim();
    const offset = offsetOf(query.offset);
    const none = { q, error: null, total: 0, offset, limit: SEARCH_PAGE, results: [] };
    if (!q) return none;
    try {
      // The search of the units API in the component's source strings (/api/translations/<p>/<c>/<source>/units/?q=).
      const source = await c.translations.getVisible(request.actor, refs, refs.sourceLanguage.code);
      const where = c.units.filter({ q });
      const [total, rows] = await Promise.all([c.units.countInTranslation(source.translation.id, where), c.units.pageInTranslation(source.translation.id, SEARCH_PAGE, offset, where)]);
      const linked = new Set(assigned);
      return { ...none, total, results: rows.map((u) => ({ id: u.id, forms: splitPlurals(u.source), context: u.context, assigned: linked.has(u.id) })) };
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      return { ...none, error: e.fieldErrors.map((f) => f.detail).join(' ') || e.message };
    }
  };

  /** The page of one screenshot; `query` is the search it shows (the address's, or the one an assignment form carried). */
  const renderShot = async (request: SP, refs: ComponentWithRefs, shot: Screenshot, extra: Partial<Pick<ScreenshotPageData, 'edit' | 'replaceErrors' | 'deleteErrors' | 'assign'>> = {}, query: Q = request.query) => {
    const base = baseOf(refs);
    const names = new Map((await languageNames(request.actor, refs)).map((l) => [l.code, l.name]));
    const view = viewOf(base, shot, await stringsById(request.actor, shot.unitIds), names);
    const mayEdit = may(request.actor, 'screenshot.edit', shot);
    const search = mayEdit ? await searchOf(request, refs, shot.unitIds, query) : null;
    const refused = Object.keys(extra).length > 0 || Boolean(search?.error);
    return {
      status: refused ? 400 : 200,
      html: screenshotPage({
        viewer: viewerOf(request),
        here: request.url,
        project: { name: refs.project.name, href: hrefs(refs).project },
        component: { name: refs.component.name, href: hrefs(refs).component },
        base,
        listHref: base,
        notice: refused ? null : noticeOf(request),
        screenshot: view,
        mayEdit,
        mayDelete: may(request.actor, 'screenshot.delete', shot),
        search,
        ...extra,
      }),
    };
  };
  const send = (reply: FastifyReply, page: { status: number; html: string }) => sendHtml(reply, page.status, page.html);

  app.get(
    '/screenshots/:project/:component/:id/',
    pageRoute(async (request: SP, reply) => {
      const { refs, shot } = await screenshotOf(request);
      return send(reply, await renderShot(request, refs, shot));
    }),
  );

  /** The image, as GET /api/screenshots/<id>/file/ gives it, shown inline and outside the API's rate limits. */
  app.get(
    '/screenshots/:project/:component/:id/image/',
    pageRoute(async (request: SP, reply) => {
      await screenshotOf(request);
      const file = await c.screenshots.file(request.actor, request.params.id);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Content-Security-Policy', "default-src 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(file.data);
    }),
  );

  app.post(
    '/screenshots/:project/:component/:id/',
    formConfig,
    pageRoute(async (request: SP, reply) => {
      requireFormWrite(request);
      const { refs, shot } = await screenshotOf(request);
      const body = (request.body ?? {}) as Body;
      const values = { name: str(body.name), repository_filename: str(body.repository_filename) };
      try {
        // The form sends every field, as PUT does.
        await c.screenshots.update(request.actor, request.params.id, values, false);
        return redirect(reply, `${baseOf(refs)}${String(shot.screenshot.id)}/?done=screenshot_saved`);
      } catch (e) {
        return refusedForm(reply, e, async (refusal) => (await renderShot(request, refs, shot, { edit: { viewer: viewerOf(request), values, errors: formErrorsOf(refusal) } })).html);
      }
    }),
  );

  app.post(
    '/screenshots/:project/:component/:id/file/',
    formConfig,
    pageRoute(async (request: SP, reply) => {
      requireFormWrite(request);
      const { refs, shot } = await screenshotOf(request);
      try {
        await c.screenshots.replaceFile(request.actor, request.params.id, chosen(request.uploads.image));
        return redirect(reply, `${baseOf(refs)}${String(shot.screenshot.id)}/?done=screenshot_replaced`);
      } catch (e) {
        return refusedForm(reply, e, async (refusal) => (await renderShot(request, refs, shot, { replaceErrors: formErrorsOf(refusal) })).html);
      }
    }),
  );

  app.post(
    '/screenshots/:project/:component/:id/delete/',
    formConfig,
    pageRoute(async (request: SP, reply) => {
      requireFormWrite(request);
      const { refs, shot } = await screenshotOf(request);
      if (!str(((request.body ?? {}) as Body).confirm)) {
        // The right first: a viewer who may not delete gets the 403, not a question.
        c.access.requireIn(request.actor, 'screenshot.delete', { id: shot.projectId, access_control: shot.accessControl }, { id: shot.componentId, restricted: shot.componentRestricted }, undefined, shot.languageId);
        return send(reply, await renderShot(request, refs, shot, { deleteErrors: { confirm: [tr('Tick this box to confirm that the screenshot is to be deleted.')] } }));
      }
      await c.screenshots.remove(request.actor, request.params.id);
      return redirect(reply, `${baseOf(refs)}?done=screenshot_deleted`);
    }),
  );

  /** Assigns the ticked strings one by one, as POST /api/screenshots/<id>/units/ does each; a refusal shows the search again with the ticks kept. */
  app.post(
    '/screenshots/:project/:component/:id/units/',
    formConfig,
    pageRoute(async (request: SP, reply) => {
      requireFormWrite(request);
      const { refs, shot } = await screenshotOf(request);
      const body = (request.body ?? {}) as Body;
      const ids = listOf(body.unit_id);
      const q = str(body.q);
      const offset = String(offsetOf(str(body.offset)));
      const back = `${baseOf(refs)}${String(shot.screenshot.id)}/?q=${encodeURIComponent(q)}&offset=${offset}`;
      try {
        // Nothing ticked is the API's refusal of a missing unit_id.
        for (const id of ids.length ? ids : [undefined]) await c.screenshots.addUnit(request.actor, request.params.id, id);
        return redirect(reply, `${back}&done=strings_assigned#assign`);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        // The form's search again, with what was assigned before the refusal.
        const now = await c.screenshots.getVisible(request.actor, request.params.id);
        const selected = ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
        return send(reply, await renderShot(request, refs, now, { assign: { errors: formErrorsOf(e), selected } }, { q, offset }));
      }
    }),
  );

  app.post(
    '/screenshots/:project/:component/:id/units/remove/',
    formConfig,
    pageRoute(async (request: SP, reply) => {
      requireFormWrite(request);
      const { refs, shot } = await screenshotOf(request);
      await c.screenshots.removeUnit(request.actor, request.params.id, str(((request.body ?? {}) as Body).unit_id));
      return redirect(reply, `${baseOf(refs)}${String(shot.screenshot.id)}/?done=string_removed`);
    }),
  );
}
