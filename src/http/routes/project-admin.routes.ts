// Project administration in the browser: /create/project/, /settings/<project>/ with its categories, and the project's removal.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ProjectRow } from '../../db/schema.js';
import type { CategoryInput, CategoryWithProject } from '../../services/catalog/categories.service.js';
import type { ProjectInput } from '../../services/catalog/projects.service.js';
import { NotFoundError, PermissionDeniedError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { categoriesPage, categoryEditPage, createProjectPage, deleteProjectPage, projectSettingsPage, SETTINGS_FIELD_NAMES, SETTINGS_SWITCHES } from '../../ui/project-admin-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type ProjectAdminDeps = Pick<Container, 'access' | 'categories' | 'components' | 'projects' | 'sessions' | 'stats' | 'translations'>;

type PP = FastifyRequest<{ Params: { project: string } }>;
type CP = FastifyRequest<{ Params: { project: string; id: string } }>;

const CATEGORY_LIMIT = 1000;
const NOTICES: Record<string, string> = {
  created: msgid('The project is created. You administer it.'),
  settings: msgid('The settings are saved.'),
  category_added: msgid('The category is added.'),
  category_saved: msgid('The category is saved.'),
  category_deleted: msgid('The category is deleted.'),
};

/** A slug made from a name, for a create form whose slug was left empty (the service still checks it). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A number field of a form: a number when it reads as one, otherwise the text, which the service refuses with its own message. */
const numberOf = (value: string): number => (/^-?\d+$/.test(value) ? Number(value) : (value as unknown as number));

export function projectAdminRoutes(app: FastifyInstance, c: ProjectAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);

  const signInFirst = (request: FastifyRequest, reply: FastifyReply) => redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
  const noticeOf = (request: FastifyRequest) => NOTICES[str((request.query as Record<string, unknown>).saved)] ?? null;
  const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Body;

  /** A project the viewer may edit: 404 when they cannot see it, 403 when they may only look. */
  const editable = async (request: PP | CP): Promise<ProjectRow> => {
    const project = await c.projects.getVisible(request.actor, request.params.project);
    c.access.require(request.actor, 'project.edit', project);
    return project;
  };

  // ---------------------------------------------------------------- creating a project
  const mayCreate = (request: FastifyRequest) => {
    if (!c.access.canGlobal(request.actor, 'project.add')) throw new PermissionDeniedError(tr('You may not create projects.'));
  };

  app.get(
    '/create/project/',
    pageRoute(async (request, reply) => {
      if (!request.actor.authenticated) return signInFirst(request, reply);
      mayCreate(request);
      return createProjectPage({ viewer: viewerOf(request), values: { access_control: '0' } });
    }),
  );

  app.post(
    '/create/project/',
    formConfig,
    pageRoute(async (request, reply) => {
      requireFormWrite(request);
      const body = bodyOf(request);
      const values = Object.fromEntries(['name', 'slug', 'web', 'instructions', 'access_control'].map((n) => [n, str(body[n])]));
      const input: ProjectInput = {
        name: values.name!.trim(),
        slug: values.slug!.trim() || slugOf(values.name!),
        web: values.web!.trim(),
        instructions: values.instructions,
        access_control: numberOf(values.access_control!),
      };
      try {
        const project = await c.projects.create(request.actor, input);
        return redirect(reply, `/settings/${seg(project.slug)}/?saved=created`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => createProjectPage({ viewer: viewerOf(request), values: { ...values, slug: input.slug! }, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  // ---------------------------------------------------------------- settings
  const settingsValues = (p: ProjectRow): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const name of SETTINGS_FIELD_NAMES) {
      const v = p[name as keyof ProjectRow];
      out[name] = SETTINGS_SWITCHES.includes(name) ? (v ? 'true' : '') : String(v ?? '');
    }
    return out;
  };

  const categoryList = async (request: FastifyRequest, project: ProjectRow) => {
    const rows = await c.categories.page(request.actor, CATEGORY_LIMIT, 0, project.id);
    const path = (r: CategoryWithProject) => [...(r.ancestors ?? []), r.category].map((x) => x.name).join(' / ');
    return rows.map((r) => ({ id: r.category.id, name: r.category.name, slug: r.category.slug, path: path(r) })).sort((a, b) => a.path.localeCompare(b.path));
  };

  const renderSettings = async (request: FastifyRequest, project: ProjectRow, state: { values?: Record<string, string>; errors?: FormErrors } = {}) =>
    projectSettingsPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      categories: await categoryList(request, project),
      notice: state.errors ? null : noticeOf(request),
      values: state.values ?? settingsValues(project),
      errors: state.errors,
    });

  app.get('/settings/:project/', pageRoute(async (request: PP) => renderSettings(request, await editable(request))));

  app.post(
    '/settings/:project/',
    formConfig,
    pageRoute(async (request: PP, reply) => {
      requireFormWrite(request);
      const project = await editable(request);
      const body = bodyOf(request);
      const values: Record<string, string> = {};
      for (const name of SETTINGS_FIELD_NAMES) values[name] = SETTINGS_SWITCHES.includes(name) ? (str(body[name]) ? 'true' : '') : str(body[name]);
      // An unchecked box is not sent at all: every switch the form shows is written, off when absent.
      const input: Record<string, unknown> = {};
      for (const name of SETTINGS_FIELD_NAMES) {
        if (SETTINGS_SWITCHES.includes(name)) input[name] = values[name] === 'true';
        else if (name === 'access_control' || name === 'commit_policy') input[name] = numberOf(values[name]!);
        else input[name] = name === 'instructions' ? values[name] : values[name]!.trim();
      }
      try {
        const saved = await c.projects.update(request.actor, project, input as ProjectInput);
        return redirect(reply, `/settings/${seg(saved.slug)}/?saved=settings`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderSettings(request, project, { values, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  // ---------------------------------------------------------------- deleting the project
  const renderDelete = async (request: PP, project: ProjectRow, state: { values?: Record<string, string>; errors?: FormErrors } = {}) =>
    deleteProjectPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      components: await c.components.countListedIn(request.actor, project),
      values: state.values,
      errors: state.errors,
    });

  app.get('/settings/:project/delete/', pageRoute(async (request: PP) => renderDelete(request, await editable(request))));

  app.post(
    '/settings/:project/delete/',
    formConfig,
    pageRoute(async (request: PP, reply) => {
      requireFormWrite(request);
      const project = await editable(request);
      const typed = str(bodyOf(request).confirm).trim();
      if (typed !== project.slug) {
        const message = typed ? tr('“{typed}” is not this project’s slug; type {slug} to delete it.', { typed, slug: project.slug }) : tr('Type {slug} to delete the project.', { slug: project.slug });
        return sendHtml(reply, 400, await renderDelete(request, project, { values: { confirm: typed }, errors: { confirm: [message] } }));
      }
      await c.projects.remove(request.actor, project);
      return redirect(reply, '/?done=project_deleted');
    }),
  );

  // ---------------------------------------------------------------- categories
  const categoryInput = (body: Body): { values: Record<string, string>; input: CategoryInput } => {
    const values = Object.fromEntries(['name', 'slug', 'category'].map((n) => [n, str(body[n]).trim()]));
    return { values, input: { name: values.name, slug: values.slug || slugOf(values.name!), category: values.category || null } };
  };

  const renderCategories = async (request: PP, project: ProjectRow, state: { values?: Record<string, string>; errors?: FormErrors } = {}) =>
    categoriesPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      categories: await categoryList(request, project),
      notice: state.errors ? null : noticeOf(request),
      values: state.values,
      errors: state.errors,
    });

  app.get('/settings/:project/categories/', pageRoute(async (request: PP) => renderCategories(request, await editable(request))));

  app.post(
    '/settings/:project/categories/',
    formConfig,
    pageRoute(async (request: PP, reply) => {
      requireFormWrite(request);
      const project = await editable(request);
      const { values, input } = categoryInput(bodyOf(request));
      try {
        await c.categories.create(request.actor, { ...input, project: project.slug });
        return redirect(reply, `/settings/${seg(project.slug)}/categories/?saved=category_added`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderCategories(request, project, { values: { ...values, slug: input.slug! }, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  /** A category of an editable project, by the id in the address (404 for another project's). */
  const categoryOf = async (request: CP) => {
    const project = await editable(request);
    const found = await c.categories.getVisible(request.actor, request.params.id);
    if (found.project.id !== project.id) throw new NotFoundError();
    return { project, found };
  };

  /** `keepEdit`: the state is the delete form's, and the edit form shows the category as it is. */
  const renderCategory = async (request: CP, project: ProjectRow, found: CategoryWithProject, state: { values?: Record<string, string>; errors?: FormErrors; keepEdit?: boolean } = {}) => {
    const all = await categoryList(request, project);
    const cat = found.category;
    const current = { name: cat.name, slug: cat.slug, category: cat.category_id === null ? '' : String(cat.category_id) };
    return categoryEditPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      category: { id: cat.id, name: cat.name, slug: cat.slug, path: all.find((x) => x.id === cat.id)?.path ?? cat.name },
      parents: all.filter((x) => x.id !== cat.id),
      notice: state.errors ? null : noticeOf(request),
      values: state.keepEdit ? { ...current, ...state.values } : (state.values ?? current),
      errors: state.errors,
    });
  };

  app.get('/settings/:project/categories/:id/', pageRoute(async (request: CP) => {
    const { project, found } = await categoryOf(request);
    return renderCategory(request, project, found);
  }));

  app.post(
    '/settings/:project/categories/:id/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const { project, found } = await categoryOf(request);
      const { values, input } = categoryInput(bodyOf(request));
      try {
        await c.categories.update(request.actor, found, { ...input, slug: values.slug });
        return redirect(reply, `/settings/${seg(project.slug)}/categories/${String(found.category.id)}/?saved=category_saved`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderCategory(request, project, found, { values, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  app.post(
    '/settings/:project/categories/:id/delete/',
    formConfig,
    pageRoute(async (request: CP, reply) => {
      requireFormWrite(request);
      const { project, found } = await categoryOf(request);
      const typed = str(bodyOf(request).confirm).trim();
      if (typed !== found.category.slug) {
        const message = typed ? tr('“{typed}” is not this category’s slug; type {slug} to delete it.', { typed, slug: found.category.slug }) : tr('Type {slug} to delete the category.', { slug: found.category.slug });
        return sendHtml(reply, 400, await renderCategory(request, project, found, { values: { confirm: typed }, errors: { confirm: [message] }, keepEdit: true }));
      }
      await c.categories.remove(request.actor, found);
      return redirect(reply, `/settings/${seg(project.slug)}/categories/?saved=category_deleted`);
    }),
  );
}
