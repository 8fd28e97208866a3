// /create/component/: adding a component to a project from the browser, through the same service call as the API's creation,
// and the repository discovery that proposes its file layout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import { formats } from '../../formats/registry.js';
import type { ComponentInput } from '../../services/catalog/components.service.js';
import type { Upload } from '../../services/common/upload.js';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../../shared/errors.js';
import { createComponentPage, discoveryPage } from '../../ui/component-admin-pages.js';
import type { FormErrors } from '../../ui/forms.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, sendHtml, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type ComponentAdminDeps = Pick<Container, 'access' | 'components' | 'discovery' | 'projects' | 'sessions' | 'stats' | 'translations'>;

/** The text fields of the creation form, passed on when filled in (empty ones keep the API's defaults). */
const CREATE_TEXT = ['name', 'slug', 'source_language', 'repo', 'branch', 'file_format', 'filemask', 'template', 'new_base'] as const;

type CreateRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

/** A file field the browser sent empty (nothing chosen) is no upload. */
function chosen(upload: Upload | undefined): Upload | undefined {
  return upload && (upload.filename || upload.data.length) ? upload : undefined;
}

export function componentAdminRoutes(app: FastifyInstance, c: ComponentAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, hrefs } = uiKit(c);
  const formatChoices = formats.list().map((f) => ({ id: f.id, name: f.name }));

  /** The project of the address, for a signed-in user who may add components to it (the service's own check). */
  const projectOf = async (request: CreateRequest) => {
    if (!request.actor.authenticated) throw new PermissionDeniedError('Sign in to add components.');
    const slug = request.query.project;
    if (!slug) throw new NotFoundError('Choose a project first: this page is linked from the project page.');
    const project = await c.projects.getVisible(request.actor, slug);
    c.access.require(request.actor, 'project.edit', project, 'Can not create components');
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
        return redirect(reply, `${hrefs(created).component}?done=component_created`);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return sendHtml(reply, 400, render(request, project, values, formErrorsOf(e)));
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
}
