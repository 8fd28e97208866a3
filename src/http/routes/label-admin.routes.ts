// /labels/<project>/: a project's labels in the browser, added, edited and deleted through the same service calls as the labels API.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { LabelRow, ProjectRow } from '../../db/schema.js';
import { LABEL_COLORS, type LabelInput } from '../../services/units/labels.service.js';
import type { FormErrors } from '../../ui/forms.js';
import { labelEditPage, labelsPage } from '../../ui/label-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type LabelAdminDeps = Pick<Container, 'access' | 'components' | 'labels' | 'projects' | 'sessions' | 'stats' | 'translations'>;

type PP = FastifyRequest<{ Params: { project: string }; Querystring: Record<string, string | undefined> }>;
type LP = FastifyRequest<{ Params: { project: string; id: string }; Querystring: Record<string, string | undefined> }>;

/** A project's labels are few; the page lists them all up to this many. */
const LIST_LIMIT = 1000;
const FIELDS = ['name', 'color', 'description'] as const;

const NOTICES: Record<string, string> = {
  label_added: msgid('The label is added.'),
  label_saved: msgid('The label is saved.'),
  label_deleted: msgid('The label is deleted.'),
};

export function labelAdminRoutes(app: FastifyInstance, c: LabelAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);
  const noticeOf = (request: PP | LP) => NOTICES[request.query.done ?? ''] ?? null;
  const listHref = (project: ProjectRow) => `/labels/${seg(project.slug)}/`;

  /** The project, for those who may change its labels (the right the labels API's writes check): 404 when unseen, 403 otherwise. */
  const editable = async (request: PP | LP): Promise<ProjectRow> => {
    const project = await c.projects.getVisible(request.actor, request.params.project);
    c.access.require(request.actor, 'project.edit', project);
    return project;
  };

  /** The form's fields as typed, and the input the API would get from them. */
  const formInput = (request: FastifyRequest): { values: Record<string, string>; input: LabelInput } => {
    const body = (request.body ?? {}) as Body;
    const values = Object.fromEntries(FIELDS.map((n) => [n, str(body[n])]));
    return { values, input: { name: values.name, color: values.color, description: values.description } };
  };

  const renderList = async (request: PP, project: ProjectRow, state: { values?: Record<string, string>; errors?: FormErrors } = {}) =>
    labelsPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      labels: await c.labels.page(project, LIST_LIMIT, 0),
      colors: LABEL_COLORS,
      notice: state.errors ? null : noticeOf(request),
      values: state.values ?? { color: LABEL_COLORS[0] },
      errors: state.errors,
    });

  app.get(
    '/labels/:project/',
    pageRoute(async (request: PP, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      return renderList(request, await editable(request));
    }),
  );

  app.post(
    '/labels/:project/',
    formConfig,
    pageRoute(async (request: PP, reply) => {
      requireFormWrite(request);
      const project = await editable(request);
      const { values, input } = formInput(request);
      try {
        await c.labels.create(request.actor, project, input);
        return redirect(reply, `${listHref(project)}?done=label_added`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderList(request, project, { values, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  /** The label of the address, in a project whose labels the viewer may change (another project's id is 404). */
  const labelOf = async (request: LP): Promise<{ project: ProjectRow; label: LabelRow }> => {
    const project = await editable(request);
    return { project, label: await c.labels.get(project, request.params.id) };
  };

  const renderEdit = (request: LP, project: ProjectRow, label: LabelRow, state: { values?: Record<string, string>; errors?: FormErrors; deleteErrors?: FormErrors } = {}) =>
    labelEditPage({
      viewer: viewerOf(request),
      project: { name: project.name, slug: project.slug },
      label: { id: label.id, name: label.name, description: label.description, color: label.color },
      colors: LABEL_COLORS,
      notice: state.errors || state.deleteErrors ? null : noticeOf(request),
      values: state.values ?? { name: label.name, color: label.color, description: label.description },
      errors: state.errors,
      deleteErrors: state.deleteErrors,
    });

  app.get(
    '/labels/:project/:id/',
    pageRoute(async (request: LP, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      const { project, label } = await labelOf(request);
      return renderEdit(request, project, label);
    }),
  );

  app.post(
    '/labels/:project/:id/',
    formConfig,
    pageRoute(async (request: LP, reply) => {
      requireFormWrite(request);
      const { project, label } = await labelOf(request);
      const { values, input } = formInput(request);
      try {
        // The form sends every field, as PUT does.
        const saved = await c.labels.update(request.actor, project, String(label.id), input, false);
        return redirect(reply, `${listHref(project)}${String(saved.id)}/?done=label_saved`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderEdit(request, project, label, { values, errors: formErrorsOf(refusal) }));
      }
    }),
  );

  app.post(
    '/labels/:project/:id/delete/',
    formConfig,
    pageRoute(async (request: LP, reply) => {
      requireFormWrite(request);
      const { project, label } = await labelOf(request);
      if (!str(((request.body ?? {}) as Body).confirm)) {
        return sendHtml(reply, 400, renderEdit(request, project, label, { deleteErrors: { confirm: [tr('Tick this box to confirm that the label is to be deleted.')] } }));
      }
      await c.labels.remove(request.actor, project, String(label.id));
      return redirect(reply, `${listHref(project)}?done=label_deleted`);
    }),
  );
}
