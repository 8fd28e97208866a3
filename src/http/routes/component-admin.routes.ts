// /create/component/: adding a component to a project from the browser, through the same service call as the API's creation,
// and the repository discovery that proposes its file layout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import { formats } from '../../formats/registry.js';
import type { ComponentInput } from '../../services/catalog/components.service.js';
import type { Upload } from '../../services/common/upload.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { LANGUAGE_CODE_STYLES, VCS_CHOICES } from '../../services/catalog/components.service.js';
import { componentSettingsPage, createComponentPage, discoveryPage, settingsGroups, type SettingsChoices } from '../../ui/component-admin-pages.js';
import type { FormErrors } from '../../ui/forms.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';
import { languageLabel } from '../../ui/language-names.js';

/** What these routes use of the container. */
export type ComponentAdminDeps = Pick<Container, 'access' | 'categories' | 'components' | 'discovery' | 'languages' | 'projects' | 'sessions' | 'stats' | 'translations'>;

/** The text fields of the creation form, passed on when filled in (empty ones keep the API's defaults). */
const CREATE_TEXT = ['name', 'slug', 'source_language', 'repo', 'branch', 'file_format', 'filemask', 'template', 'new_base'] as const;

type CP = FastifyRequest<{ Params: { project: string; component: string }; Querystring: Record<string, string | undefined> }>;

const SAVED: Record<string, string> = { settings: msgid('The settings are saved.'), language: msgid('The language is added.'), locked: msgid('The component is locked.'), unlocked: msgid('The component is unlocked.') };

type CreateRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

/** A file field the browser sent empty (nothing chosen) is no upload. */
function chosen(upload: Upload | undefined): Upload | undefined {
  return upload && (upload.filename || upload.data.length) ? upload : undefined;
}

/** A JSON list column (enforced checks) as a list of strings; anything else is none. */
function jsonList(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** The settings form's fields (their names and kinds do not depend on the choices offered). */
const SETTING_FIELDS = settingsGroups([]).flatMap((g) => g.fields);
const JSON_FIELDS = ['vcs_params', 'file_format_params'] as const;
const NULLABLE_FIELDS = ['category', 'secondary_language'] as const;

/**
 * The settings form's text as the body of PATCH /api/components/<p>/<c>/: switches as booleans, whole numbers as numbers,
 * the enforced checks as a list, the parameter fields as JSON objects and an empty category or secondary language as null.
 * Only text that is no JSON is refused here; every rule on the values is the update's.
 */
function settingsInput(values: Record<string, string>): { input: ComponentInput; errors?: FormErrors } {
  const input: Record<string, unknown> = {};
  const errors: FormErrors = {};
  for (const f of SETTING_FIELDS) {
    const v = values[f.name] ?? '';
    input[f.name] = f.type === 'checkbox' ? v === 'true' : f.type === 'number' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  }
  input.enforced_checks = (values.enforced_checks ?? '').split(/[\s,]+/).filter(Boolean);
  for (const name of NULLABLE_FIELDS) if (input[name] === '') input[name] = null;
  for (const name of JSON_FIELDS) {
    const text = (values[name] ?? '').trim();
    try {
      input[name] = text === '' ? {} : (JSON.parse(text) as unknown);
    } catch {
      errors[name] = [tr('Enter a JSON object, for example {}.')];
    }
  }
  return Object.keys(errors).length ? { input: input as ComponentInput, errors } : { input: input as ComponentInput };
}

export function componentAdminRoutes(app: FastifyInstance, c: ComponentAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, hrefs } = uiKit(c);
  const formatChoices = formats.list().map((f) => ({ id: f.id, name: f.name }));

  /** The project of the address, for a signed-in user who may add components to it (the service's own check). */
  const projectOf = async (request: CreateRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to add components.'));
    const slug = request.query.project;
    if (!slug) throw new NotFoundError(tr('Choose a project first: this page is linked from the project page.'));
    const project = await c.projects.getVisible(request.actor, slug);
    c.access.require(request.actor, 'project.edit', project, tr('Can not create components'));
    return project;
  };

  const render = (request: CreateRequest, project: Awaited<ReturnType<typeof projectOf>>, values: Record<string, string>, errors?: FormErrors, discover?: { values: Record<string, string>; errors?: FormErrors }) =>
    createComponentPage({
      discover,
      viewer: viewerOf(request),
      here: request.url,
      project: { slug: project.slug, name: project.name, href: `/projects/${seg(project.slug)}/` },
      formats: formatChoices,
      values,
      errors,
    });

  app.get(
    '/create/component/',
    pageRoute(async (request: CreateRequest, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      const project = await projectOf(request);
      // A layout picked on the discovery page comes prefilled.
      const values: Record<string, string> = { file_format: 'po' };
      for (const k of CREATE_TEXT) if (request.query[k]) values[k] = request.query[k]!;
      return render(request, project, values);
    }),
  );

  app.post(
    '/create/component/',
    formConfig,
    pageRoute(async (request: CreateRequest, reply) => {
      requireFormWrite(request);
      const project = await projectOf(request);
      const body = (request.body ?? {}) as Body;
      const values = Object.fromEntries(CREATE_TEXT.map((k) => [k, str(body[k]).trim()]));
      const input: ComponentInput = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      try {
        const created = await c.components.create(request.actor, project, input, { zipfile: chosen(request.uploads.zipfile), docfile: chosen(request.uploads.docfile) });
        // A repository is cloned and scanned by a task: its progress page follows it and links to the component.
        return redirect(reply, created.component.task_id ? `/tasks/${encodeURIComponent(created.component.task_id)}/` : `${hrefs(created).component}?done=component_created`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => render(request, project, values, formErrorsOf(refusal)));
      }
    }),
  );

  app.post(
    '/create/component/discover/',
    formConfig,
    pageRoute(async (request: CreateRequest, reply) => {
      requireFormWrite(request);
      const project = await projectOf(request);
      const body = (request.body ?? {}) as Body;
      const values = { discover_repo: str(body.discover_repo).trim(), discover_branch: str(body.discover_branch).trim() };
      try {
        const task = await c.discovery.start(request.actor, project, values.discover_repo, values.discover_branch);
        return redirect(reply, `/create/component/discover/?project=${encodeURIComponent(project.slug)}&task=${encodeURIComponent(task)}`);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        const errors = Object.fromEntries(Object.entries(formErrorsOf(e)).map(([k, v]) => [k ? `discover_${k}` : k, v]));
        return sendHtml(reply, 400, render(request, project, { file_format: 'po' }, undefined, { values, errors }));
      }
    }),
  );

  app.get(
    '/create/component/discover/',
    pageRoute(async (request: CreateRequest, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      const project = await projectOf(request);
      const taskId = request.query.task ?? '';
      const state = await c.discovery.state(request.actor, project, taskId);
      const formatName = new Map(formatChoices.map((f) => [f.id, f.name]));
      return discoveryPage({
        viewer: viewerOf(request),
        here: request.url,
        project: { slug: project.slug, name: project.name, href: `/projects/${seg(project.slug)}/` },
        task: { id: taskId, status: state.status, progress: state.progress, log: state.log, error: state.error, repo: state.repo, branch: state.branch },
        layouts: state.layouts.map((l) => ({ ...l, formatName: formatName.get(l.file_format) ?? l.file_format })),
      });
    }),
  );

  // ---------------------------------------------------------------- /settings/<project>/<component>/
  const settingFields = SETTING_FIELDS;
  const base = (refs: Parameters<typeof hrefs>[0]) => `/settings/${seg(refs.project.slug)}/${hrefs(refs).component.split('/')[3]}/`;

  /** The component for a signed-in user who may edit it (the update's own rule). */
  const editable = async (request: CP) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in to change components.'));
    const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
    c.access.requireIn(request.actor, 'component.edit', refs.project, refs.component);
    return refs;
  };
  /** The form's text of a component's current settings; the fields that are no plain column are written out as the API writes them. */
  const currentValues = (refs: Awaited<ReturnType<typeof editable>>): Record<string, string> => {
    const row = refs.component as unknown as Record<string, unknown>;
    const out = Object.fromEntries(settingFields.map((f) => [f.name, row[f.name] === null || row[f.name] === undefined ? '' : String(row[f.name])]));
    out.category = refs.component.category_id === null ? '' : String(refs.component.category_id);
    out.source_language = refs.sourceLanguage.code;
    out.secondary_language = refs.component.secondary_language_id === null ? '' : String(refs.component.secondary_language_id);
    out.enforced_checks = jsonList(refs.component.enforced_checks).join(', ');
    return out;
  };
  /** The project's categories (by path) and the languages, for the settings form's choices. */
  const choicesOf = async (request: CP, refs: Awaited<ReturnType<typeof editable>>): Promise<SettingsChoices> => {
    const [categories, languages] = await Promise.all([c.categories.page(request.actor, 10000, 0, refs.project.id), c.languages.page(request.actor, 10000, 0)]);
    return {
      categories: categories
        .map((x) => ({ value: String(x.category.id), label: [...(x.ancestors ?? []), x.category].map((a) => a.name).join(' / ') }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      languages: languages.map((l) => ({ value: String(l.id), label: languageLabel(l.code, l.name) })).sort((a, b) => a.label.localeCompare(b.label)),
      vcs: VCS_CHOICES,
      languageCodeStyles: LANGUAGE_CODE_STYLES,
    };
  };
  const renderSettings = async (request: CP, refs: Awaited<ReturnType<typeof editable>>, extra: { values?: Record<string, string>; errors?: FormErrors; deleteErrors?: FormErrors; language?: { values: Record<string, string>; errors?: FormErrors } } = {}) =>
    componentSettingsPage({
      viewer: viewerOf(request),
      here: request.url,
      project: { name: refs.project.name, href: hrefs(refs).project },
      component: { name: refs.component.name, slug: refs.component.slug, href: hrefs(refs).component, locked: refs.component.locked === 1 },
      base: base(refs),
      formats: formatChoices,
      choices: await choicesOf(request, refs),
      notice: SAVED[request.query.saved ?? ''] ?? null,
      mayLock: c.access.canIn(request.actor, 'component.lock', refs.project, refs.component),
      values: extra.values ?? currentValues(refs),
      errors: extra.errors,
      deleteErrors: extra.deleteErrors,
      language: extra.language,
    });

  app.get(
    '/settings/:project/:component/',
    pageRoute(async (request: CP, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      return renderSettings(request, await editable(request));
    }),
  );

  app.post(
    '/settings/:project/:component/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const refs = await editable(request);
      const body = (request.body ?? {}) as Body;
      const values: Record<string, string> = {};
      for (const f of settingFields) values[f.name] = f.type === 'checkbox' ? (str(body[f.name]) ? 'true' : '') : str(body[f.name]);
      const { input, errors } = settingsInput(values);
      if (errors) return sendHtml(reply, 400, await renderSettings(request, refs, { values, errors }));
      try {
        const saved = await c.components.update(request.actor, refs, input);
        return redirect(reply, `${base(saved)}?saved=settings`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderSettings(request, refs, { values, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  app.post(
    '/settings/:project/:component/lock/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
      const locked = await c.components.setLock(request.actor, refs, str(((request.body ?? {}) as Body).lock) === 'true');
      return redirect(reply, `${base(refs)}?saved=${locked ? 'locked' : 'unlocked'}`);
    }),
  );

  app.post(
    '/settings/:project/:component/language/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const refs = await editable(request);
      const code = str(((request.body ?? {}) as Body).language_code).trim();
      try {
        await c.translations.create(request.actor, refs, code || undefined);
        return redirect(reply, `${base(refs)}?saved=language`);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        const errors = formErrorsOf(e);
        return sendHtml(reply, 400, await renderSettings(request, refs, { language: { values: { language_code: code }, errors } }));
      }
    }),
  );

  app.post(
    '/settings/:project/:component/delete/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const refs = await editable(request);
      if (str(((request.body ?? {}) as Body).confirm).trim() !== refs.component.slug) {
        return sendHtml(reply, 400, await renderSettings(request, refs, { deleteErrors: { confirm: [tr('Type the slug of the component exactly to delete it.')] } }));
      }
      await c.components.remove(request.actor, refs);
      return redirect(reply, `${hrefs(refs).project}?done=component_deleted`);
    }),
  );
}
