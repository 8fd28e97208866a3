// Machine translation settings in the browser: /settings/<project>/machinery/ (project editors) and /manage/machinery/
// (machinery.edit, site-wide) configure, remove and test engines through the same MachineryService calls as
// /api/projects/<project>/machinery/ and /api/machinery/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ProjectRow } from '../../db/schema.js';
import { NotFoundError, PermissionDeniedError, type ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { machineryEnginePage, machineryListPage, type EngineSummary, type MachineryPlace, type TestOutcome } from '../../ui/machinery-pages.js';
import { seg } from '../../ui/widgets.js';
import { refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type MachineryAdminDeps = Pick<Container, 'components' | 'machinery' | 'projects' | 'sessions' | 'stats' | 'translations'>;

type R = FastifyRequest<{ Params: { project?: string; engine?: string }; Querystring: Record<string, string | undefined> }>;

const SAMPLE_DEFAULTS = { sample_text: 'Hello, world!', sample_source: 'en', sample_target: 'de' };

/** A refusal by field of the form (`keyOf` names the field of an error's attr; "" is the form as a whole). */
function formErrorsBy(e: ValidationError, keyOf: (attr: string) => string): FormErrors {
  const out: FormErrors = {};
  for (const f of e.fieldErrors) (out[keyOf(f.attr ?? '')] ??= []).push(f.detail);
  if (e.fieldErrors.length === 0) out[''] = [e.message];
  return out;
}

export function machineryAdminRoutes(app: FastifyInstance, c: MachineryAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);
  const bodyOf = (request: R) => (request.body ?? {}) as Body;

  /** The project of the address (null site-wide) and its settings; the service's list checks the right to manage them. */
  const scopeOf = async (request: R): Promise<{ project: ProjectRow | null; place: MachineryPlace; engines: EngineSummary[] }> => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to configure machine translation.'));
    const project = request.params.project === undefined ? null : await c.projects.getVisible(request.actor, request.params.project);
    const settings = await c.machinery.list(request.actor, project);
    const byEngine = new Map(settings.map((s) => [s.engine, s.configuration]));
    const engines = c.machinery.engines().map((e) => ({ id: e.id, name: e.name, fields: e.fields, configuration: byEngine.get(e.id) ?? null }));
    const place: MachineryPlace = project
      ? {
          kind: 'project',
          name: project.name,
          base: `/settings/${seg(project.slug)}/machinery/`,
          crumbs: [{ label: tr('Dashboard'), href: '/' }, { label: project.name, href: `/projects/${seg(project.slug)}/` }, { label: tr('Settings'), href: `/settings/${seg(project.slug)}/` }],
        }
      : { kind: 'site', name: 'the site', base: '/manage/machinery/', crumbs: [{ label: tr('Dashboard'), href: '/' }, { label: tr('Manage'), href: '/manage/' }] };
    return { project, place, engines };
  };

  /** The engine of the address, by id or alias; 404 for one Parla does not have. */
  const engineOf = (request: R, engines: EngineSummary[]): EngineSummary => {
    const known = c.machinery.registry.get(request.params.engine ?? '');
    const engine = known && engines.find((e) => e.id === known.id);
    if (!engine) throw new NotFoundError(tr('Parla has no machine translation engine of that name.'));
    return engine;
  };

  const enginePage = (request: R, scope: Awaited<ReturnType<typeof scopeOf>>, engine: EngineSummary, state: { values?: Record<string, string>; errors?: FormErrors; test?: { values: Record<string, string>; errors?: FormErrors; outcome?: TestOutcome } } = {}) =>
    machineryEnginePage({
      viewer: viewerOf(request),
      place: scope.place,
      engine,
      // Secrets are never shown back: the form's password fields stay empty.
      values: state.values ?? Object.fromEntries(engine.fields.filter((f) => !f.secret).map((f) => [f.name, engine.configuration?.[f.name] === undefined ? '' : String(engine.configuration[f.name])])),
      errors: state.errors,
      test: state.test ?? { values: SAMPLE_DEFAULTS },
    });

  const list = pageRoute(async (request: R) => {
    const scope = await scopeOf(request);
    return machineryListPage({ viewer: viewerOf(request), place: scope.place, engines: scope.engines, notice: request.query.done });
  });

  const show = pageRoute(async (request: R) => {
    const scope = await scopeOf(request);
    return enginePage(request, scope, engineOf(request, scope.engines));
  });

  const configure = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const scope = await scopeOf(request);
    const engine = engineOf(request, scope.engines);
    const body = bodyOf(request);
    const values: Record<string, string> = {};
    const configuration: Record<string, unknown> = {};
    for (const f of engine.fields) {
      const v = str(body[f.name]).trim();
      if (!f.secret) values[f.name] = v;
      // An empty secret keeps the stored one; another empty field is removed (its default applies).
      if (v !== '') configuration[f.name] = v;
      else if (engine.configuration && !f.secret) configuration[f.name] = null;
    }
    try {
      if (engine.configuration) await c.machinery.update(request.actor, scope.project, engine.id, { configuration });
      else await c.machinery.create(request.actor, scope.project, { engine: engine.id, configuration });
      return redirect(reply, `${scope.place.base}?done=engine_configured`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => enginePage(request, scope, engine, { values, errors: formErrorsBy(refusal, (attr) => (attr.startsWith('configuration.') ? attr.slice('configuration.'.length) : '')) }));
    }
  });

  const remove = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const scope = await scopeOf(request);
    const engine = engineOf(request, scope.engines);
    await c.machinery.remove(request.actor, scope.project, engine.id);
    return redirect(reply, `${scope.place.base}?done=engine_removed`);
  });

  const test = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const scope = await scopeOf(request);
    const engine = engineOf(request, scope.engines);
    const body = bodyOf(request);
    const values = { sample_text: str(body.sample_text), sample_source: str(body.sample_source).trim(), sample_target: str(body.sample_target).trim() };
    try {
      const outcome = await c.machinery.testConnection(request.actor, scope.project, engine.id, { text: values.sample_text, source: values.sample_source, target: values.sample_target });
      const shown: TestOutcome = { results: outcome.results.map((r) => ({ text: r.text, quality: r.quality, service: r.service })), error: outcome.error?.message ?? null };
      return sendHtml(reply, 200, enginePage(request, scope, engine, { test: { values, outcome: shown } }));
    } catch (e) {
      return refusedForm(reply, e, (refusal) => enginePage(request, scope, engine, { test: { values, errors: formErrorsBy(refusal, (attr) => (['text', 'source', 'target'].includes(attr) ? `sample_${attr}` : '')) } }));
    }
  });

  for (const prefix of ['/settings/:project/machinery/', '/manage/machinery/']) {
    app.get(prefix, list);
    app.get(`${prefix}:engine/`, show);
    app.post(`${prefix}:engine/`, formConfig, configure);
    app.post(`${prefix}:engine/delete/`, formConfig, remove);
    app.post(`${prefix}:engine/test/`, formConfig, test);
  }
}
