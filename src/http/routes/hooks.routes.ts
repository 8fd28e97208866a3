// Repository notification hooks (/hooks/<service>/ and the deprecated /hooks/update/…): a push triggers a background pull.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { ComponentRow, ProjectRow } from '../../db/schema.js';
import { decodeHookBody, HookPayloadError, isHookService, matchComponents, parseHookPayload, verifyHookSignature } from '../../hooks/index.js';
import { componentPathSegment, PATH_SEPARATOR } from '../../services/categories.service.js';
import { AppError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { redactUrl } from '../../vcs/urls.js';
import { projectOfRow } from '../../db/projects.repository.js';

const NOTIFICATION_RECEIVED = 53;

export function hooksRoutes(app: FastifyInstance, c: Container): void {
  const triggerPull = async (components: { component: ComponentRow; project: ProjectRow }[], details: Record<string, unknown>) => {
    for (const { component, project } of components) {
      await c.changes.record(c.database.db, { action: NOTIFICATION_RECEIVED, projectId: project.id, componentId: component.id, details });
      await c.tasks.enqueue('repository-pull', { componentId: component.id }, { projectId: project.id, componentId: component.id });
    }
  };
  const hooksOff = () => new AppError('method_not_allowed', 'Hooks are disabled on this server.');

  void app.register(async (scope) => {
    // Signatures are computed over the raw body, and payloads arrive as JSON or as a form field.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, body));

    scope.post('/hooks/:service/', async (request: FastifyRequest<{ Params: { service: string }; Body: Buffer | undefined }>, reply: FastifyReply) => {
      if (!c.config.enableHooks) throw hooksOff();
      const service = request.params.service;
      if (!isHookService(service)) throw new NotFoundError(`Hook ${service} not supported`);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
      let event;
      try {
        event = parseHookPayload(service, { headers, body: decodeHookBody(request.body ?? Buffer.alloc(0), request.headers['content-type']) });
      } catch (e) {
        if (e instanceof HookPayloadError) throw ValidationError.field(null, e.message);
        throw e;
      }
      if (event.kind === 'ping') return reply.code(201).send({ status: 'success', message: 'Hook working' });
      const rows = await c.database.db
        .selectFrom('components')
        .innerJoin('projects', 'projects.id', 'components.project_id')
        .selectAll('components')
        .select(['projects.enable_hooks as p_enable_hooks', 'projects.webhook_secret as p_secret'])
        .where('components.vcs', '<>', 'local')
        .execute();
      const raw = request.body ?? Buffer.alloc(0);
      // A project with a webhook secret only listens to notifications signed with it.
      const signed = (secret: string) => secret === '' || verifyHookSignature(service, headers, raw, secret);
      const candidates = rows.map(({ p_enable_hooks, p_secret, ...component }) => ({
        id: component.id,
        repo: component.repo,
        branch: component.branch,
        projectEnableHooks: p_enable_hooks === 1 && signed(p_secret),
        component,
      }));
      const { matched, match_status } = matchComponents(event, candidates);
      if (matched.length === 0) return reply.code(202).send({ status: 'failure', message: 'No matching repositories found!', match_status, updated_components: [] });
      const withProjects = [];
      for (const m of matched) {
        const project = await projectOfRow(c.database.db, m.component.project_id);
        withProjects.push({ component: m.component, project });
      }
      await triggerPull(withProjects, { service, repo: redactUrl(event.repoUrl), branch: event.branch, full_name: event.fullName });
      const urls = urlsFor(c, request);
      return reply.code(200).send({
        status: 'success',
        // Full slugs as the reference prints them: a categorized component is `project/cat/app`.
        message: `Update triggered: ${withProjects.map((x) => `${x.project.slug}/${componentPathSegment(x.component).split(PATH_SEPARATOR).join('/')}`).join(', ')}`,
        match_status,
        updated_components: withProjects.map((x) => urls.component(x.project.slug, componentPathSegment(x.component))),
      });
    });

    const update = async (request: FastifyRequest<{ Params: { project: string; component?: string } }>) => {
      const project = await c.database.db.selectFrom('projects').selectAll().where('slug', '=', request.params.project).executeTakeFirst();
      if (!project || !c.access.canView(request.actor, project)) throw new NotFoundError();
      if (!c.config.enableHooks || project.enable_hooks !== 1) throw hooksOff();
      // One component by its path segment (`cat%2Fapp` for categorized ones), else all of the project.
      const one = request.params.component === undefined ? null : (await c.components.getVisible(request.actor, project.slug, request.params.component)).component;
      if (one && one.vcs === 'local') throw new NotFoundError();
      const components = one ? [one] : await c.database.db.selectFrom('components').selectAll().where('project_id', '=', project.id).where('vcs', '<>', 'local').execute();
      await triggerPull(components.map((component) => ({ component, project })), { service: 'update' });
      return { status: 'success', message: 'Update triggered' };
    };
    for (const method of ['GET', 'POST'] as const) {
      scope.route({ method, url: '/hooks/update/:project/', handler: update });
      scope.route({ method, url: '/hooks/update/:project/:component/', handler: update });
    }
  });
}
