// /manage/component-lists/: component lists in the browser, each form calling the service method of the matching
// /api/component-lists/ call, with its checks (the site-wide componentlist.edit); and a project's lists for its managers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Actor } from '../../auth/actor.js';
import type { Container } from '../../container.js';
import type { ComponentList } from '../../services/catalog/component-lists.service.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { componentListPage, manageComponentListsPage, projectComponentListsPage, type ComponentListPageData } from '../../ui/manage-component-lists-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body, type Q } from '../ui-kit.js';

/** What these routes use of the container. */
export type ManageComponentListsDeps = Pick<Container, 'access' | 'componentLists' | 'components' | 'projects' | 'sessions' | 'stats' | 'translations'>;

type ListRequest = FastifyRequest<{ Params: { slug: string }; Querystring: Q }>;

const listValues = (body: Body) => ({ name: str(body.name), slug: str(body.slug).trim(), show_dashboard: str(body.show_dashboard) ? 'true' : '' });
const listInput = (v: ReturnType<typeof listValues>) => ({ name: v.name, slug: v.slug, show_dashboard: v.show_dashboard === 'true' });

/**
 * The id of the component a form names by its project and component slugs ("website/frontend", a category in between), as
 * the viewer sees it; one it does not see is refused on the form's `component` field.
 */
export async function componentIdOfPath(c: Pick<Container, 'components'>, actor: Actor, path: string): Promise<number> {
  const [project, ...rest] = path.trim().split('/').filter(Boolean);
  try {
    if (!project || rest.length === 0) throw new NotFoundError();
    return (await c.components.getVisible(actor, project, rest.join('%2F'))).component.id;
  } catch (e) {
    if (e instanceof NotFoundError) throw ValidationError.field('component', tr('No component has this project and component slug.'), 'does_not_exist');
    throw e;
  }
}

export function manageComponentListsRoutes(app: FastifyInstance, c: ManageComponentListsDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);
  const lists = c.componentLists;

  /** The pages are for those who may change lists (the API shows lists to everyone, but only they may change them). */
  const requireEditor = (request: FastifyRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError(tr('Sign in as an administrator to manage component lists.'));
    if (!c.access.canGlobal(request.actor, 'componentlist.edit')) throw new PermissionDeniedError(tr('Only component list managers can manage component lists.'));
  };

  const listsPage = async (request: FastifyRequest<{ Querystring: Q }>, form: { values?: Record<string, string>; errors?: FormErrors } = {}) => {
    const rows = await lists.page(request.actor, 10000, 0);
    const viewer = viewerOf(request);
    return manageComponentListsPage({
      viewer,
      lists: rows.map((l) => ({ slug: l.slug, name: l.name, showDashboard: !!l.show_dashboard, components: l.components.length })).sort((a, b) => a.name.localeCompare(b.name)),
      form: { viewer, values: form.values ?? { show_dashboard: 'true' }, ...(form.errors ? { errors: form.errors } : {}) },
      notice: request.query.done,
    });
  };

  app.get<{ Querystring: Q }>('/manage/component-lists/', pageRoute(async (request) => {
    requireEditor(request);
    return listsPage(request);
  }));

  app.post<{ Querystring: Q }>('/manage/component-lists/', formConfig, pageRoute(async (request, reply) => {
    requireFormWrite(request);
    const values = listValues((request.body ?? {}) as Body);
    try {
      const created = await lists.create(request.actor, listInput(values));
      return redirect(reply, `/manage/component-lists/${seg(created.slug)}/?done=list_created`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => listsPage(request, { values, errors: formErrorsOf(refusal) }));
    }
  }));

  const listOf = (request: ListRequest) => {
    requireEditor(request);
    return lists.get(request.actor, request.params.slug);
  };

  const render = (request: ListRequest, list: ComponentList, extra: { settings?: { values: Record<string, string>; errors: FormErrors }; form?: ComponentListPageData['form'] } = {}) => {
    const viewer = viewerOf(request);
    return componentListPage({
      viewer,
      list: { slug: list.slug, name: list.name },
      components: list.components.map((m) => ({
        path: m.component,
        label: `${m.project}/${m.component.split('%2F').join('/')}`,
        href: `/projects/${seg(m.project)}/${seg(m.component)}/`,
      })),
      settings: { viewer, values: extra.settings?.values ?? { name: list.name, slug: list.slug, show_dashboard: list.show_dashboard ? 'true' : '' }, ...(extra.settings ? { errors: extra.settings.errors } : {}) },
      form: extra.form,
      notice: request.query.done,
    });
  };

  app.get<{ Params: { slug: string }; Querystring: Q }>('/manage/component-lists/:slug/', pageRoute(async (request: ListRequest) => render(request, await listOf(request))));

  // PATCH /api/component-lists/<slug>/; a new slug moves the page.
  app.post<{ Params: { slug: string }; Querystring: Q }>('/manage/component-lists/:slug/', formConfig, pageRoute(async (request: ListRequest, reply) => {
    requireFormWrite(request);
    const list = await listOf(request);
    const values = listValues((request.body ?? {}) as Body);
    try {
      const saved = await lists.update(request.actor, list.slug, listInput(values), true);
      return redirect(reply, `/manage/component-lists/${seg(saved.slug)}/?done=list_saved`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => render(request, list, { settings: { values, errors: formErrorsOf(refusal) } }));
    }
  }));

  // POST /api/component-lists/<slug>/components/ and DELETE …/components/<component>/.
  app.post<{ Params: { slug: string }; Querystring: Q }>('/manage/component-lists/:slug/components/', formConfig, pageRoute(async (request: ListRequest, reply) => {
    requireFormWrite(request);
    const list = await listOf(request);
    const body = (request.body ?? {}) as Body;
    const adding = str(body.action) !== 'remove';
    const component = str(adding ? body.component : body.key);
    try {
      if (adding) await lists.addComponent(request.actor, list.slug, { component_id: await componentIdOfPath(c, request.actor, component) });
      else await lists.removeComponent(request.actor, list.slug, component);
      return redirect(reply, `/manage/component-lists/${seg(list.slug)}/?done=component_${adding ? 'added' : 'removed'}`);
    } catch (e) {
      return refusedForm(reply, e, (refusal) => {
        const errors: FormErrors = {};
        for (const [, v] of Object.entries(formErrorsOf(refusal))) (errors.component ??= []).push(...v);
        return render(request, list, { form: { name: 'add', values: { component: adding ? component : '' }, errors } });
      });
    }
  }));

  app.post<{ Params: { slug: string }; Querystring: Q }>('/manage/component-lists/:slug/delete/', formConfig, pageRoute(async (request: ListRequest, reply) => {
    requireFormWrite(request);
    const list = await listOf(request);
    const confirm = str(((request.body ?? {}) as Body).confirm);
    if (confirm.trim() !== list.slug) return sendHtml(reply, 400, render(request, list, { form: { name: 'delete', values: { confirm }, errors: { confirm: [tr('Type the slug of the list exactly to delete it.')] } } }));
    await lists.remove(request.actor, list.slug);
    return redirect(reply, '/manage/component-lists/?done=list_deleted');
  }));

  // The lists the API shows the viewer that hold components of the project, for those who may change the project.
  app.get<{ Params: { project: string } }>('/settings/:project/component-lists/', pageRoute(async (request: FastifyRequest<{ Params: { project: string } }>, reply) => {
    if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
    const project = await c.projects.getVisible(request.actor, request.params.project);
    c.access.require(request.actor, 'project.edit', project);
    const all = await lists.page(request.actor, 10000, 0);
    return projectComponentListsPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug, href: `/projects/${seg(project.slug)}/` },
      lists: all
        .filter((l) => l.components.some((m) => m.project === project.slug))
        .map((l) => ({
          slug: l.slug,
          name: l.name,
          components: l.components.filter((m) => m.project === project.slug).map((m) => ({ label: m.component.split('%2F').join('/'), href: `/projects/${seg(m.project)}/${seg(m.component)}/` })),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      mayManage: c.access.canGlobal(request.actor, 'componentlist.edit'),
    });
  }));
}
