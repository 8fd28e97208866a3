// buildApp(container): the Fastify application with its plugins and routes, without listening.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import type { Container } from './container.js';
import { registerAuth } from './http/plugins/auth.js';
import { frameworkErrors, registerErrorHandling } from './http/plugins/errors.js';
import { registerNulGuard } from './http/plugins/nul-guard.js';
import { registerMultipart } from './http/plugins/multipart.js';
import { registerBodyShapes } from './http/plugins/body-shapes.js';
import { registerNegotiation, rewriteFormatSuffix } from './http/plugins/negotiation.js';
import { registerRateLimit } from './http/plugins/rate-limit.js';
import { registerCompression } from './http/plugins/compression.js';
import { registerCors } from './http/plugins/cors.js';
import { registerPressure } from './http/plugins/pressure.js';
import { registerUiLanguage } from './http/plugins/ui-language.js';
import { componentsRoutes } from './http/routes/components.routes.js';
import { categoriesRoutes } from './http/routes/categories.routes.js';
import { languagesRoutes } from './http/routes/languages.routes.js';
import { projectsRoutes } from './http/routes/projects.routes.js';
import { rootRoutes } from './http/routes/root.routes.js';
import { translationsRoutes } from './http/routes/translations.routes.js';
import { filesRoutes } from './http/routes/files.routes.js';
import { repositoryRoutes } from './http/routes/repository.routes.js';
import { hooksRoutes } from './http/routes/hooks.routes.js';
import { changesRoutes } from './http/routes/changes.routes.js';
import { exportsRoutes } from './http/routes/exports.routes.js';
import { tasksRoutes } from './http/routes/tasks.routes.js';
import { unitsRoutes } from './http/routes/units.routes.js';
import { usersRoutes } from './http/routes/users.routes.js';
import { notificationsRoutes } from './http/routes/notifications.routes.js';
import { teamsRoutes } from './http/routes/teams.routes.js';
import { accountsRoutes } from './http/routes/accounts.routes.js';
import { accountsMailRoutes } from './http/routes/accounts-mail.routes.js';
import { unsubscribeRoutes } from './http/routes/notify-unsubscribe.routes.js';
import { twoFactorRoutes } from './http/routes/accounts-2fa.routes.js';
import { accountsOidcRoutes } from './http/routes/accounts-oidc.routes.js';
import { profileRoutes } from './http/routes/profile.routes.js';
import { projectAccessRoutes } from './http/routes/project-access.routes.js';
import { projectAdminRoutes } from './http/routes/project-admin.routes.js';
import { manageRoutes } from './http/routes/manage.routes.js';
import { componentAdminRoutes } from './http/routes/component-admin.routes.js';
import { repositoryAdminRoutes } from './http/routes/repository-admin.routes.js';
import { taskPagesRoutes } from './http/routes/task-pages.routes.js';
import { addonAdminRoutes } from './http/routes/addon-admin.routes.js';
import { machineryAdminRoutes } from './http/routes/machinery-admin.routes.js';
import { screenshotAdminRoutes } from './http/routes/screenshot-admin.routes.js';
import { labelAdminRoutes } from './http/routes/label-admin.routes.js';
import { memoryAdminRoutes } from './http/routes/memory-admin.routes.js';
import { glossaryAdminRoutes } from './http/routes/glossary-admin.routes.js';
import { metricsRoutes } from './http/routes/metrics.routes.js';
import { memoryRoutes } from './http/routes/memory.routes.js';
import { machineryRoutes } from './http/routes/machinery.routes.js';
import { discussionRoutes } from './http/routes/discussion.routes.js';
import { autotranslateRoutes } from './http/routes/autotranslate.routes.js';
import { labelsRoutes } from './http/routes/labels.routes.js';
import { screenshotsRoutes } from './http/routes/screenshots.routes.js';
import { componentListsRoutes } from './http/routes/component-lists.routes.js';
import { glossaryRoutes } from './http/routes/glossary.routes.js';
import { addonsRoutes } from './http/routes/addons.routes.js';
import { backupsRoutes } from './http/routes/backups.routes.js';
import { SessionAuth } from './http/session-auth.js';
import { uiRoutes } from './http/routes/ui.routes.js';
import { liveEventsRoutes } from './http/routes/live-events.routes.js';
import { RouteRegistry } from './http/openapi/route-registry.js';
import { docsRoutes } from './http/routes/docs.routes.js';
import { healthRoutes, isProbeUrl } from './http/routes/health.routes.js';
import { prometheusRoutes } from './http/routes/prometheus.routes.js';
import { announcementsRoutes } from './http/routes/announcements.routes.js';
import { projectInsightsRoutes } from './http/routes/project-insights.routes.js';
import { reportsRoutes } from './http/routes/reports.routes.js';
import { siteSearchRoutes } from './http/routes/search-site.routes.js';
import { suggestionListRoutes } from './http/routes/suggestions.routes.js';
import { unitTranslationsRoutes } from './http/routes/unit-translations.routes.js';
import { checksRoutes } from './http/routes/checks.routes.js';

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Request logs (their format is described in docs/deployment.md, "Logs"): "incoming request" and
 * "request completed" lines, the latter naming who asked (userId, null when anonymous) and the route
 * pattern that answered (route, e.g. /api/units/:id/; null when no route matched). The probes
 * (/healthz, /readyz, every few seconds) are logged at debug, not info.
 */
class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isProbeUrl(request.url)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { res: reply, responseTime: reply.elapsedTime, userId: request.actor?.user?.id ?? null, route: request.routeOptions?.url ?? null };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (isProbeUrl(request.url)) reply.log.debug(fields, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}

export async function buildApp(container: Container, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const { headersTimeout, requestTimeout } = container.config;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLogs(),
    bodyLimit: JSON_BODY_LIMIT,
    // Slow clients (headers or a body trickling in) lose their connection instead of holding it forever;
    // Node checks the deadlines every connectionsCheckingInterval, so that follows the shorter one.
    requestTimeout: requestTimeout * 1000,
    http: { headersTimeout: Math.min(headersTimeout, requestTimeout) * 1000, connectionsCheckingInterval: Math.min(5000, Math.max(250, (Math.min(headersTimeout, requestTimeout) * 1000) / 4)) },
    // Behind a reverse proxy (PARLA_TRUST_PROXY) links use the client's scheme and host, and limits its address.
    trustProxy: container.config.trustProxy,
    ajv: {
      customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true },
    },
    routerOptions: { maxParamLength: 500 },
    // /api/projects.json is /api/projects/?format=json: the format suffix is read before routing.
    rewriteUrl: rewriteFormatSuffix,
    // Malformed and over-long path segments get the usual error body too (the router answers them itself otherwise).
    frameworkErrors,
  });
  // Response schemas document the answers; they never shape them. Fastify would otherwise compile them into
  // serializers that drop undeclared fields and coerce types: every answer stays exactly what JSON.stringify makes.
  app.setSerializerCompiler(() => (data: unknown) => JSON.stringify(data));
  // Bodies are JSON, form-urlencoded or multipart; a text/plain body is an unsupported media type.
  app.removeContentTypeParser('text/plain');
  app.addHook('onReady', () => container.start()); // the container's background work starts with the app (no-op when main.ts started it)
  registerErrorHandling(app);
  // Before authentication and rate limits: an overloaded process refuses cheaply, and preflights need no token.
  await registerPressure(app, container.config.maxEventLoopDelay);
  await registerCors(app, container.config.corsOrigins);
  const sessionAuth = new SessionAuth(container.sessions, container.config.siteUrl);
  prometheusRoutes(app, container); // before authentication: the scrape's bearer token is the metrics token
  registerAuth(app, container.users, sessionAuth, container.access, container.database);
  registerRateLimit(app, container);
  // After authentication: the signed-in user's interface language comes before the browser's.
  registerUiLanguage(app, { profileLanguage: (userId) => container.users.interfaceLanguage(userId) });
  // Records every route from here on, for the OpenAPI document and the browsable API's forms.
  const routeRegistry = new RouteRegistry(app);
  registerNegotiation(app, routeRegistry);
  // After negotiation: the browsable page is rendered from the JSON first, then compressed.
  await registerCompression(app);
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await registerMultipart(app, container.config.maxUploadSize);
  registerBodyShapes(app);
  registerNulGuard(app);

  // Not under /api/: no rate limit (isThrottledUrl), no content negotiation, no authentication needed.
  healthRoutes(app, container);
  rootRoutes(app, container);
  languagesRoutes(app, container);
  projectsRoutes(app, container);
  componentsRoutes(app, container);
  categoriesRoutes(app, container);
  translationsRoutes(app, container);
  unitsRoutes(app, container);
  usersRoutes(app, container);
  notificationsRoutes(app, container);
  teamsRoutes(app, container);
  tasksRoutes(app, container);
  unitTranslationsRoutes(app, container);
  checksRoutes(app);
  projectInsightsRoutes(app, container);
  announcementsRoutes(app, container);
  reportsRoutes(app, container);
  siteSearchRoutes(app, container);
  suggestionListRoutes(app, container);
  metricsRoutes(app, container);
  memoryRoutes(app, container);
  machineryRoutes(app, container);
  discussionRoutes(app, container);
  autotranslateRoutes(app, container);
  labelsRoutes(app, container);
  screenshotsRoutes(app, container);
  componentListsRoutes(app, container);
  glossaryRoutes(app, container);
  addonsRoutes(app, container);
  backupsRoutes(app, container);
  filesRoutes(app, container);
  repositoryRoutes(app, container);
  hooksRoutes(app, container);
  changesRoutes(app, container);
  exportsRoutes(app, container);
  accountsRoutes(app, container, sessionAuth);
  accountsMailRoutes(app, container, sessionAuth);
  unsubscribeRoutes(app, container);
  twoFactorRoutes(app, container, sessionAuth);
  accountsOidcRoutes(app, container, sessionAuth);
  profileRoutes(app, container, sessionAuth);
  projectAccessRoutes(app, container);
  projectAdminRoutes(app, container);
  manageRoutes(app, container);
  componentAdminRoutes(app, container);
  repositoryAdminRoutes(app, container);
  taskPagesRoutes(app, container);
  addonAdminRoutes(app, container);
  machineryAdminRoutes(app, container);
  screenshotAdminRoutes(app, container);
  labelAdminRoutes(app, container);
  memoryAdminRoutes(app, container);
  glossaryAdminRoutes(app, container);
  liveEventsRoutes(app, container);
  uiRoutes(app, container, sessionAuth);
  docsRoutes(app, routeRegistry);
  return app;
}
