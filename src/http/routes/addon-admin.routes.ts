// Add-ons in the browser: /settings/<project>/<component>/addons/ and /settings/<project>/addons/ list, install (with the
// add-on's options form), configure and uninstall through the same AddonsService calls as /api/…/addons/ and /api/addons/<id>/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { ProjectRow } from '../../db/schema.js';
import { describeOptions, type AddonOption } from '../../addons/options.js';
import { getAddon, listAddons } from '../../addons/registry.js';
import type { AnyAddonDefinition } from '../../addons/types.js';
import type { AddonView } from '../../services/addons/addons.service.js';
import { NotFoundError, PermissionDeniedError, type ValidationError } from '../../shared/errors.js';
import { addonFormPage, addonListPage, addonUninstallPage, shownValue, type AddonLogEntry, type AddonPlace } from '../../ui/addon-pages.js';
import type { FormErrors } from '../../ui/forms.js';
import { seg } from '../../ui/widgets.js';
import { refusedForm, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type AddonAdminDeps = Pick<Container, 'access' | 'addons' | 'components' | 'projects' | 'sessions' | 'stats' | 'translations'>;

type Params = { project: string; component?: string; name?: string; id?: string };
type R = FastifyRequest<{ Params: Params; Querystring: Record<string, string | undefined> }>;

/** The object of an add-on page: a component or a project, where the add-ons are listed and installed. */
type Target = { place: AddonPlace; refs: ComponentWithRefs; project: ProjectRow } | { place: AddonPlace; refs: null; project: ProjectRow };

/** Log entries shown per installed add-on on its configuration page. */
const LOG_LIMIT = 20;

/**
 * The configuration a form sends, as the API takes it: an option left empty or at its default is not given (the
 * add-on's default applies, and a required one is refused as missing), lists become arrays, whole numbers numbers.
 */
export function configurationOf(options: AddonOption[], body: Body): { values: Record<string, string>; configuration: Record<string, unknown> } {
  const values: Record<string, string> = {};
  const configuration: Record<string, unknown> = {};
  for (const o of options) {
    const raw = o.kind === 'checkbox' ? (str(body[o.name]) ? 'true' : '') : str(body[o.name]);
    values[o.name] = raw;
    if (o.kind === 'checkbox') {
      if (raw !== o.default) configuration[o.name] = raw === 'true';
      continue;
    }
    if (raw.trim() === '' || raw === o.default) continue;
    if (o.kind === 'list') configuration[o.name] = raw.split(',').map((v) => v.trim()).filter(Boolean);
    else if (o.kind === 'number' && /^-?\d+$/.test(raw.trim())) configuration[o.name] = Number(raw.trim());
    else configuration[o.name] = raw;
  }
  return { values, configuration };
}

/** A refusal by field: the add-ons name an option as "option: message" on `configuration`. */
export function addonFormErrors(e: ValidationError, options: AddonOption[]): FormErrors {
  const names = new Set(options.map((o) => o.name));
  const out: FormErrors = {};
  for (const f of e.fieldErrors) {
    const m = f.attr === 'configuration' ? /^(\w+): ([\s\S]*)$/.exec(f.detail) : null;
    const key = m && names.has(m[1]!) ? m[1]! : '';
    (out[key] ??= []).push(m && key ? m[2]! : f.detail);
  }
  if (e.fieldErrors.length === 0) out[''] = [e.message];
  return out;
}

export function addonAdminRoutes(app: FastifyInstance, c: AddonAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, hrefs } = uiKit(c);
  const bodyOf = (request: R) => (request.body ?? {}) as Body;

  /** The component or project of the address, for a signed-in user who may manage its add-ons (the install's own rule). */
  const targetOf = async (request: R): Promise<Target> => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to manage add-ons.'));
    const { project: p, component } = request.params;
    if (component === undefined) {
      const project = await c.projects.getVisible(request.actor, p);
      c.access.require(request.actor, 'project.edit', project);
      const settings = `/settings/${seg(project.slug)}/`;
      const crumbs = [{ label: tr('Dashboard'), href: '/' }, { label: project.name, href: `/projects/${seg(project.slug)}/` }, { label: tr('Settings'), href: settings }];
      return { project, refs: null, place: { kind: 'project', name: project.name, base: `${settings}addons/`, crumbs } };
    }
    const refs = await c.components.getVisible(request.actor, p, component);
    c.access.requireIn(request.actor, 'component.edit', refs.project, refs.component);
    const h = hrefs(refs);
    const settings = `/settings/${seg(refs.project.slug)}/${h.component.split('/')[3]}/`;
    const crumbs = [{ label: tr('Dashboard'), href: '/' }, { label: refs.project.name, href: h.project }, { label: refs.component.name, href: h.component }, { label: tr('Settings'), href: settings }];
    return { project: refs.project, refs, place: { kind: 'component', name: refs.component.name, base: `${settings}addons/`, crumbs } };
  };

  const installedHere = async (t: Target): Promise<AddonView[]> => (t.refs ? c.addons.listForComponent(t.refs.component.id) : c.addons.listForProject(t.project.id));

  /** An installed add-on of this component or project (404 for any other), by the id in the address. */
  const installedOf = async (request: R, t: Target): Promise<{ view: AddonView; def: AnyAddonDefinition }> => {
    const view = await c.addons.get(request.actor, request.params.id ?? '');
    const here = t.refs ? view.row.component_id === t.refs.component.id : view.row.component_id === null && view.row.project_id === t.project.id;
    const def = getAddon(view.row.name);
    if (!here || !def) throw new NotFoundError(tr('No add-on of that number is installed here.'));
    return { view, def };
  };

  /** The add-ons that may be installed here: of this scope, compatible, and not installed yet unless several may be. */
  const availableHere = (t: Target, installed: AddonView[]): AnyAddonDefinition[] =>
    listAddons().filter((d) => d.scope.includes(t.refs ? 'component' : 'project') && !(t.refs && d.incompatible?.(t.refs)) && (d.multiple || !installed.some((a) => a.row.name === d.name)));

  const logOf = async (id: number, limit: number): Promise<AddonLogEntry[]> =>
    (await c.addons.log(id, limit)).map((l) => ({ event: l.event, success: l.success === 1, message: l.message, timestamp: String(l.timestamp) }));

  const list = pageRoute(async (request: R) => {
    const t = await targetOf(request);
    const installed = await installedHere(t);
    return addonListPage({
      viewer: viewerOf(request),
      place: t.place,
      notice: request.query.done,
      installed: await Promise.all(
        installed.map(async (a) => {
          const def = getAddon(a.row.name);
          return { id: a.row.id, name: a.row.name, verbose: def?.verbose ?? a.row.name, description: def?.description ?? '', configuration: a.configuration, log: await logOf(a.row.id, 1) };
        }),
      ),
      available: availableHere(t, installed).map((d) => ({ name: d.name, verbose: d.verbose, description: d.description })),
    });
  });

  /** The add-on named in an install address; 404 for a name Parla does not know. */
  const definitionOf = (request: R): AnyAddonDefinition => {
    const def = getAddon(request.params.name ?? '');
    if (!def) throw new NotFoundError(tr('Parla has no add-on of that name.'));
    return def;
  };

  const installForm = (request: R, t: Target, def: AnyAddonDefinition, state: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    const options = describeOptions(def);
    return addonFormPage({
      viewer: viewerOf(request),
      place: t.place,
      addon: { name: def.name, verbose: def.verbose, description: def.description },
      options,
      values: state.values ?? Object.fromEntries(options.map((o) => [o.name, o.default])),
      errors: state.errors,
    });
  };

  const installPage = pageRoute(async (request: R) => {
    const t = await targetOf(request);
    return installForm(request, t, definitionOf(request));
  });

  const install = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const t = await targetOf(request);
    const def = definitionOf(request);
    const options = describeOptions(def);
    const { values, configuration } = configurationOf(options, bodyOf(request));
    const body = { name: def.name, configuration };
    try {
      if (t.refs) await c.addons.installOnComponent(request.actor, t.refs, body);
      else await c.addons.installOnProject(request.actor, t.project, body);
      return redirect(reply, `${t.place.base}?done=addon_installed`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => installForm(request, t, def, { values, errors: addonFormErrors(refusal, options) }));
    }
  });

  const configureForm = async (request: R, t: Target, found: { view: AddonView; def: AnyAddonDefinition }, state: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    const options = describeOptions(found.def);
    const current = Object.fromEntries(options.map((o) => [o.name, o.name in found.view.configuration ? shownValue(found.view.configuration[o.name]) : o.default]));
    return addonFormPage({
      viewer: viewerOf(request),
      place: t.place,
      addon: { name: found.def.name, verbose: found.def.verbose, description: found.def.description },
      options,
      installed: { id: found.view.row.id, log: await logOf(found.view.row.id, LOG_LIMIT) },
      values: state.values ?? current,
      errors: state.errors,
    });
  };

  const configurePage = pageRoute(async (request: R) => {
    const t = await targetOf(request);
    return configureForm(request, t, await installedOf(request, t));
  });

  const configure = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const t = await targetOf(request);
    const found = await installedOf(request, t);
    const options = describeOptions(found.def);
    const { values, configuration } = configurationOf(options, bodyOf(request));
    try {
      // The whole configuration, as PUT /api/addons/<id>/ replaces it.
      await c.addons.update(request.actor, String(found.view.row.id), { configuration }, false);
      return redirect(reply, `${t.place.base}?done=addon_configured`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => configureForm(request, t, found, { values, errors: addonFormErrors(refusal, options) }));
    }
  });

  const uninstallPage = pageRoute(async (request: R) => {
    const t = await targetOf(request);
    const { view, def } = await installedOf(request, t);
    return addonUninstallPage({ viewer: viewerOf(request), place: t.place, addon: { id: view.row.id, verbose: def.verbose, name: def.name } });
  });

  const uninstall = pageRoute(async (request: R, reply) => {
    requireFormWrite(request);
    const t = await targetOf(request);
    const { view } = await installedOf(request, t);
    await c.addons.remove(request.actor, String(view.row.id));
    return redirect(reply, `${t.place.base}?done=addon_uninstalled`);
  });

  for (const prefix of ['/settings/:project/:component/addons/', '/settings/:project/addons/']) {
    app.get(prefix, list);
    app.get(`${prefix}install/:name/`, installPage);
    app.post(`${prefix}install/:name/`, formConfig, install);
    app.get(`${prefix}:id/`, configurePage);
    app.post(`${prefix}:id/`, formConfig, configure);
    app.get(`${prefix}:id/delete/`, uninstallPage);
    app.post(`${prefix}:id/delete/`, formConfig, uninstall);
  }
}
