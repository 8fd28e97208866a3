// Reports and credits: /api/reports/ (site-wide, or a scope in the body), the reports and credits of a project,
// a category and a component, one report, and its JSON, HTML and reStructuredText downloads.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Container } from '../../container.js';
import { contributorStatsHtml, contributorStatsRst, creditsHtml, creditsRst, type ContributorStats, type Credits } from '../../services/insights/contributions.js';
import type { ReportScope, ReportView } from '../../services/insights/reports.service.js';
import { NotAuthenticatedError } from '../../shared/errors.js';
import { urlsFor } from '../context.js';
import { listEndpoint } from '../endpoints.js';
import { resource } from '../resource.js';
import { ComponentParams, IdParams, ProjectParams } from '../schemas/common.js';
import { CreditsQuery, CreditsSchema, ReportCreateBody, ReportListItemSchema, ReportSchema, ReportStartedSchema, ScopedReportCreateBody } from '../schemas/report.js';
import type { Urls } from '../urls.js';

/** What these routes use of the container. */
export type ReportsDeps = Pick<Container, 'categories' | 'components' | 'config' | 'projects' | 'reports'>;

type R = FastifyRequest<{ Params: Record<string, string> }>;

const reportUrl = (urls: Urls, id: number) => `${urls.api}/reports/${id}/`;

function scopeOf(r: ReportView) {
  if (r.component_id !== null) return { component: String(r.component_id), name: `${r.project_name}/${r.component_name}` };
  if (r.category_id !== null) return { category: String(r.category_id), name: `${r.project_name}/${r.category_name}` };
  if (r.project_id !== null) return { project: String(r.project_id), name: r.project_name ?? '' };
  return null;
}

export function serializeReport(urls: Urls, r: ReportView, detail: boolean) {
  const url = reportUrl(urls, r.id);
  return {
    id: r.id,
    kind: r.kind,
    version: r.version,
    creator: r.creator,
    created: r.created,
    scope: scopeOf(r),
    url,
    json_url: `${url}json/`,
    html_url: `${url}html/`,
    rst_url: `${url}rst/`,
    ...(detail ? { parameters: r.parameters, data: r.data } : {}),
  };
}

const DOWNLOADS = {
  json: { type: 'application/json; charset=utf-8', render: (r: ReportView) => `${JSON.stringify(r.data, null, 2)}\n` },
  html: { type: 'text/html; charset=utf-8', render: (r: ReportView) => (r.kind === 'credits' ? creditsHtml(r.data as Credits) : contributorStatsHtml(r.data as ContributorStats[])) },
  rst: { type: 'text/plain; charset=utf-8', render: (r: ReportView) => (r.kind === 'credits' ? creditsRst(r.data as Credits) : contributorStatsRst(r.data as ContributorStats[])) },
} as const;

export function reportsRoutes(app: FastifyInstance, c: ReportsDeps): void {
  const started = async (request: R, reply: FastifyReply, scope: ReportScope | null) => {
    const { reportId, taskId } = await c.reports.create(request.actor, scope, request.body);
    const urls = urlsFor(c, request);
    return reply.code(202).send({ detail: 'The report was generated.', task_url: urls.task(taskId), url: reportUrl(urls, reportId) });
  };
  const reportList = (params: TSchema | undefined, find: (request: R) => Promise<ReportScope | null>) =>
    listEndpoint(c, { item: ReportListItemSchema, ...(params ? { params } : {}) }, async (request: R, urls) => {
      const scope = await find(request);
      return { count: () => c.reports.count(request.actor, scope), page: (limit, offset) => c.reports.page(request.actor, scope, limit, offset), serialize: (rows) => rows.map((r) => serializeReport(urls, r, false)) };
    });

  resource(app, '/api/reports/', { name: 'Report List', description: 'Your reports (every report of the projects where you may view reports), newest first; POST generates one.' }, {
    GET: reportList(undefined, async () => null),
    POST: { schema: { response: { 202: ReportStartedSchema } }, described: { body: ReportCreateBody }, handler: (request: R, reply: FastifyReply) => started(request, reply, null) },
  });
  resource(app, '/api/reports/:id/', { name: 'Report Instance' }, {
    GET: {
      schema: { params: IdParams, response: { 200: ReportSchema } },
      handler: async (request: R) => serializeReport(urlsFor(c, request), await c.reports.get(request.actor, request.params.id!), true),
    },
  });
  for (const [style, d] of Object.entries(DOWNLOADS)) {
    resource(app, `/api/reports/:id/${style}/`, { name: `Report ${style.toUpperCase()}`, description: `The report's data as a ${style} file (report-<id>.${style}).` }, {
      GET: {
        rawFormat: true,
        schema: { params: IdParams, response: { 200: Type.String({ description: `The ${style} file.` }) } },
        handler: async (request: R, reply: FastifyReply) => {
          const report = await c.reports.get(request.actor, request.params.id!);
          return reply.type(d.type).header('Content-Disposition', `attachment; filename="report-${report.id}.${style}"`).send(d.render(report));
        },
      },
    });
  }

  /** The reports and credits addresses of one kind of scope. */
  const scoped = (base: string, name: string, params: TSchema, find: (request: R) => Promise<ReportScope>) => {
    resource(app, `${base}reports/`, { name: `${name} Reports`, description: 'Reports of exactly this object; POST generates one (without a scope in the body).' }, {
      GET: reportList(params, find),
      POST: { schema: { params, response: { 202: ReportStartedSchema } }, described: { body: ScopedReportCreateBody }, handler: async (request: R, reply: FastifyReply) => started(request, reply, await find(request)) },
    });
    resource(app, `${base}credits/`, { name: `${name} Credits`, description: 'Who translated what in a period, per language (signed-in callers; without reports.view only your own work).' }, {
      GET: {
        schema: { params, response: { 200: CreditsSchema } },
        described: { querystring: CreditsQuery },
        handler: async (request: R) => {
          // Anonymous callers are refused before the object is looked up.
          if (!request.actor.authenticated) throw new NotAuthenticatedError();
          return c.reports.credits(request.actor, await find(request), request.query as Record<string, unknown>);
        },
      },
    });
  };

  scoped('/api/projects/:project/', 'Project', ProjectParams, async (request) => ({ kind: 'project', project: await c.projects.getVisible(request.actor, request.params.project!) }));
  scoped('/api/categories/:id/', 'Category', IdParams, async (request) => {
    const { category, project } = await c.categories.getVisible(request.actor, request.params.id!);
    return { kind: 'category', project, category };
  });
  scoped('/api/components/:project/:component/', 'Component', ComponentParams, async (request) => {
    const refs = await c.components.getVisible(request.actor, request.params.project!, request.params.component!);
    return { kind: 'component', project: refs.project, component: refs.component };
  });
}
