// Composition root: the only place that wires the database, registries and services together.
import fs from 'node:fs';
import { existingTranslationsLookup } from './services/memory/existing-translations.js';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Config } from './config.js';
import { trackQueueDepth } from './shared/metrics.js';
import { databaseOptions, openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { ReadCache } from './db/read-cache.js';
import { seedAnonymousUser, seedLanguages, seedTeams } from './db/seed.js';
import { AccessControl } from './auth/access.js';
import { SessionsService } from './auth/sessions.js';
import { TwoFactorService } from './services/security/two-factor.service.js';
import { formats } from './formats/registry.js';
import type { FormatRegistry } from './formats/registry.js';
import { ChangesService } from './services/activity/changes.service.js';
import { ExportsService } from './services/activity/exports.service.js';
import { ComponentsService, type LayoutChange } from './services/catalog/components.service.js';
import { ComponentScanner } from './services/catalog/component-scanner.js';
import { DataPaths } from './services/common/data-paths.js';
import { HealthService } from './services/common/health.service.js';
import { CategoriesService } from './services/catalog/categories.service.js';
import { LanguagesService } from './services/languages/languages.service.js';
import { ProjectsService } from './services/catalog/projects.service.js';
import { ProjectTokensService } from './services/accounts/project-tokens.service.js';
import { StatsService } from './services/activity/statistics.service.js';
import { TranslationsService } from './services/catalog/translations.service.js';
import { UnitsService } from './services/units/units.service.js';
import { UnitEditsService } from './services/units/unit-edits.service.js';
import { BulkEditService } from './services/editing/bulk-edit.js';
import { LiveService } from './services/live/live.service.js';
import { InProcessLiveBus } from './services/live/memory-bus.js';
import { RedisLiveBus } from './services/live/redis-bus.js';
import { CheckDismissalService } from './services/quality/check-dismissal.service.js';
import { UsersService } from './services/accounts/users.service.js';
import { SingleSignOnService } from './services/sso/single-sign-on.service.js';
import { OidcClient } from './auth/oidc.js';
import { NotificationsService } from './services/activity/notifications.service.js';
import { TeamsService } from './services/accounts/teams.service.js';
import { buildConversions } from './services/files/conversions.js';
import { moExporter } from './formats/exporters/mo.exporter.js';
import { tmxExporter } from './formats/exporters/tmx.exporter.js';
import { DownloadsService } from './services/repository/downloads.service.js';
import { FileSyncService } from './services/repository/file-sync.service.js';
import { UploadsService } from './services/repository/uploads.service.js';
import { BackgroundWorkService } from './services/background/background-work.service.js';
import { SuggestionsService } from './services/discussion/suggestions.service.js';
import { CommentsService } from './services/discussion/comments.service.js';
import { LabelsService } from './services/units/labels.service.js';
import { ScreenshotsService } from './services/screenshots/screenshots.service.js';
import { FileScreenshotStore } from './services/screenshots/screenshot-store.js';
import { MemoryService } from './services/memory/memory.service.js';
import { MemoryAdminService } from './services/memory/memory-admin.service.js';
import { ensurePrivateDir, prepareSqliteFile, tightenFile } from './shared/private-files.js';
import { RepositoryService } from './services/repository/repository.service.js';
import { ProjectRepositoryService } from './services/repository/project-repository.service.js';
import { LayoutChanges } from './services/repository/layout-change.js';
import { GitBackend, RepositoryLock } from './vcs/index.js';
import { InProcessTaskQueue } from './tasks/in-process-queue.js';
import { BullMqTaskQueue } from './tasks/bullmq-queue.js';
import { PgAdvisoryLock } from './vcs/cluster-lock.js';
import type { TaskQueue } from './tasks/task-queue.js';
import { MachineryService } from './services/memory/machinery.service.js';
import { createEngineRegistry } from './machinery/registry.js';
import { RedisResultCache, ResultCache } from './machinery/cache.js';
import { OutboundGuard } from './shared/outbound-guard.js';
import { AutotranslateService } from './services/units/autotranslate.service.js';
import type { AddonServices } from './addons/types.js';
import type { Actor } from './auth/actor.js';
import { searchContext } from './services/units/units.service.js';
import { updateUnitContent } from './services/units/unit-content.js';
import { recheckTranslationsOf } from './services/quality/unit-checks.js';
import { parseOptionsFor } from './services/files/parse-options.js';
import { serializeChange } from './http/serializers/changes.js';
import { Urls } from './http/urls.js';
import { trimTrailingSlashes } from './shared/text.js';
import { registerTasks } from './tasks/registry.js';
import { AddonsService } from './services/addons/addons.service.js';
import { ComponentListsService } from './services/catalog/component-lists.service.js';
import { GlossaryService } from './services/quality/glossary.service.js';
import { HooksService } from './services/repository/hooks.service.js';
import { ProjectBackupsService } from './services/backups/project-backups.service.js';
import { AnnouncementsService } from './services/activity/announcements.service.js';
import { TasksService } from './services/activity/tasks.service.js';
import { DiscoveryService } from './services/discovery/discovery.service.js';
import { ProjectLockService } from './services/repository/project-lock.service.js';
import { SiteSearchService } from './services/insights/site-search.service.js';
import { SuggestionListService } from './services/discussion/suggestion-lists.js';
import { ProjectMetricsService } from './services/insights/project-metrics.service.js';
import { ReportsService } from './services/insights/reports.service.js';
import { UnitTranslationsService } from './services/units/unit-translations.js';
import { UnitContextService } from './services/editing/unit-context.js';
import { MailService } from './services/mail/mail.service.js';
import { SmtpMailer } from './mail/smtp.mailer.js';
import { OutboxMailer } from './mail/outbox.mailer.js';
import { AccountLinks } from './services/accounts/account-links.js';
import { AccountMailService } from './services/accounts/account-mail.service.js';
import { InvitationsService } from './services/accounts/invitations.service.js';
import { NotificationFeed } from './services/notify/notification-feed.service.js';
import { DigestService } from './services/notify/digests.service.js';
import { DailySourceChecks } from './services/quality/daily-source-checks.service.js';
import type { NotifyLinks } from './services/notify/messages.js';
import { UnsubscribeService, UnsubscribeTokens } from './services/notify/unsubscribe.service.js';

export interface Container {
  config: Config;
  database: Database;
  access: AccessControl;
  /** Second factors (authenticator apps, security keys, recovery codes) and the second step of a sign-in. */
  twoFactor: TwoFactorService;
  formats: FormatRegistry;
  paths: DataPaths;
  secretKey: string;
  changes: ChangesService;
  exports: ExportsService;
  users: UsersService;
  notifications: NotificationsService;
  teams: TeamsService;
  sessions: SessionsService;
  /** Single sign-on with an OpenID Connect provider (its providerName is null when none is configured). */
  sso: SingleSignOnService;
  languages: LanguagesService;
  projects: ProjectsService;
  projectTokens: ProjectTokensService;
  components: ComponentsService;
  categories: CategoriesService;
  translations: TranslationsService;
  units: UnitsService;
  unitEdits: UnitEditsService;
  /** Bulk edits and search and replace over a search's strings; large sets run as a background task. */
  bulkEdit: BulkEditService;
  /** Live collaboration: saved units and who is viewing, as event streams of each translation. */
  live: LiveService;
  checkDismissal: CheckDismissalService;
  stats: StatsService;
  tasks: TaskQueue;
  fileSync: FileSyncService;
  downloads: DownloadsService;
  uploads: UploadsService;
  /** Repository operations and uploads the web UI runs as tasks, whose progress its pages follow. */
  backgroundWork: BackgroundWorkService;
  memory: MemoryService;
  /** The memory administration pages: who may manage a memory, file imports as tasks, export, emptying a project's. */
  memoryAdmin: MemoryAdminService;
  repository: RepositoryService;
  projectRepository: ProjectRepositoryService;
  machinery: MachineryService;
  suggestions: SuggestionsService;
  comments: CommentsService;
  labels: LabelsService;
  screenshots: ScreenshotsService;
  autotranslate: AutotranslateService;
  addons: AddonsService;
  componentLists: ComponentListsService;
  glossary: GlossaryService;
  hooks: HooksService;
  /** Project backups: kept ZIPs of whole projects, and projects restored from them. */
  backups: ProjectBackupsService;
  announcements: AnnouncementsService;
  reports: ReportsService;
  projectLock: ProjectLockService;
  projectMetrics: ProjectMetricsService;
  siteSearch: SiteSearchService;
  suggestionList: SuggestionListService;
  /** Who may see a background task, and cancelling one. */
  taskControl: TasksService;
  /** Repository discovery for the component creation form: a background clone and the file layouts it proposes. */
  discovery: DiscoveryService;
  unitTranslations: UnitTranslationsService;
  /** The editor's context panels: nearby strings, other languages, history and what a revert writes. */
  unitContext: UnitContextService;
  /** Outgoing mail: stored, then sent by the send-mail task (SMTP, or the local outbox without PARLA_EMAIL_URL). */
  mail: MailService;
  /** Password resets, self-registration and address changes by e-mail. */
  accountMail: AccountMailService;
  /** Invitations by e-mail, site-wide or into a team. */
  invitations: InvitationsService;
  /** Notification mail: the change feed that mails instant subscribers and queues digest items. */
  notificationFeed: NotificationFeed;
  /** Notification digests: one message per user and frequency for each finished day, week or month. */
  digests: DigestService;
  /** The daily source checks (long_untranslated changes with time alone), one task per component. */
  dailySourceChecks: DailySourceChecks;
  /** The unsubscribe links of notification mails. */
  unsubscribe: UnsubscribeService;
  /** What `/healthz` and `/readyz` (and the worker's probe) answer. */
  health: HealthService;
  /**
   * Starts the background work: the task consumer (`parla worker`, or `serve` with PARLA_SERVE_RUNS_TASKS),
   * the timers (pending commits, add-on change feed and daily runs, memory indexing) and the start-up sweeps.
   * Building the container starts none of it; calling start() again does nothing.
   */
  start(options?: StartOptions): Promise<void>;
  /** Stops what start() started and waits for the work in flight. */
  stop(): Promise<void>;
  /** stop(), then closes the queue, the locks, the caches and the database. */
  close(): Promise<void>;
}

/** Where background failures are reported; console.error unless the caller has a logger. */
export interface StartLog {
  error(err: unknown, message: string): void;
}

export interface StartOptions {
  log?: StartLog;
  /** Commit edits older than their component's commit_pending_age every minute (`parla serve`). */
  commitPending?: boolean;
}

/** Add-ons act for themselves, not for whoever triggered the event: a superuser that is no user. */
const SYSTEM_ACTOR: Actor = Object.freeze({ user: null, authenticated: true, isSuperuser: true });

const CONSOLE_LOG: StartLog = { error: (err, message) => console.error(`parla: ${message}: ${err instanceof Error ? err.message : String(err)}`) };

/** Runs the start function once and the stop function it returned once; start after stop does nothing. */
class Lifecycle {
  private started: Promise<(() => Promise<void>) | null> | null = null;
  private stopped: Promise<void> | null = null;

  constructor(private readonly run: (options: Required<StartOptions>) => Promise<() => Promise<void>>) {}

  async start(options: StartOptions = {}): Promise<void> {
    if (this.stopped) return;
    this.started ??= this.run({ log: options.log ?? CONSOLE_LOG, commitPending: options.commitPending ?? false });
    await this.started;
  }

  stop(): Promise<void> {
    this.stopped ??= (async () => {
      const stop = await (this.started ?? Promise.resolve(null)).catch(() => null);
      await stop?.();
    })();
    return this.stopped;
  }
}

/** PARLA_SECRET_KEY, or a key generated once and kept in the data dir. */
function loadSecretKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret_key');
  try {
    const key = fs.readFileSync(file, 'utf8').trim();
    tightenFile(file);
    return key;
  } catch {
    // Several processes may start at once on a new data dir: the key is written whole to a file of this
    // process and then linked into place, which only one of them can do; the others read the winner's key.
    const key = crypto.randomBytes(32).toString('base64url');
    const own = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(own, key, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(own, file);
      return key;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return fs.readFileSync(file, 'utf8').trim();
    } finally {
      fs.rmSync(own, { force: true });
    }
  }
}

export interface ContainerOptions {
  migrate?: boolean;
  /** With Redis: consume background tasks in this process (`parla worker`, or `serve` with PARLA_SERVE_RUNS_TASKS). */
  runTasks?: boolean;
}

export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<Container> {
  ensurePrivateDir(config.dataDir);
  prepareSqliteFile(config.databaseUrl);
  const database = openDatabase(config.databaseUrl, databaseOptions(config));
  try {
    if (options.migrate !== false) {
      await migrate(database);
      await seedLanguages(database);
      await seedTeams(database);
      await seedAnonymousUser(database);
    }
  } catch (e) {
    await database.close();
    throw e;
  }
  const db = database.db;
  const access = new AccessControl(new ReadCache(database, 1000));
  // Every request made on a user's behalf (machinery, webhooks, repository URLs) goes through this SSRF guard.
  const outbound = new OutboundGuard({ allowedHosts: config.allowedHosts });
  const paths = new DataPaths(config.dataDir);
  // Trees laid out by slug before ids named them move before anything reads them.
  await paths.adoptSlugLayout(db);
  const changes = new ChangesService(db, access);
  const languages = new LanguagesService(db, access, new ReadCache(database, 1000));
  // With Redis the queue is shared by every process; without it tasks run in the process that enqueues them.
  const tasks = config.redisUrl
    ? new BullMqTaskQueue(db, { redisUrl: config.redisUrl, prefix: config.redisPrefix, onError: (e) => console.error(`parla: task queue: ${e.message}`) })
    : new InProcessTaskQueue(db);
  // The queue's depth is read on each metrics scrape (/metrics), until the container closes.
  const untrackQueueDepth = trackQueueDepth(() => tasks.lengths());
  const stats = new StatsService(db, access, changes, new ReadCache(database, 5000));
  const users = new UsersService(db, access, new ReadCache(database, 1000));
  const fileSync = new FileSyncService(db, formats, paths);
  const scanner = new ComponentScanner(formats, languages);
  const git = new GitBackend({ allowLocal: config.vcsAllowLocal, dataDir: config.dataDir, homeDir: path.join(config.dataDir, 'home') });
  const memory = new MemoryService(db, access, languages);
  // The translation memory engine answers through MemoryService.machineryLookup.
  // With Redis, machine translations are cached once for every process of the installation.
  const machineryCache = config.redisUrl
    ? new RedisResultCache(config.redisUrl, `${config.redisPrefix}:mt:`, (e) => console.error(`parla: machinery cache: ${e.message}`))
    : new ResultCache();
  const machinery = new MachineryService(db, access, createEngineRegistry({ lookup: (text, source, target, options) => memory.machineryLookup(text, source, target, options) }, existingTranslationsLookup(db)), outbound, machineryCache);
  // With Redis, live events and presence are shared by every process (a client may resume on any of them).
  const liveBus = config.redisUrl ? new RedisLiveBus(config.redisUrl, config.redisPrefix, (e) => console.error(`parla: live events: ${e.message}`)) : new InProcessLiveBus();
  const live = new LiveService(db, liveBus, undefined, (e, message) => CONSOLE_LOG.error(e, message));
  const autotranslate = new AutotranslateService(db, access, changes, machinery, tasks, database.dialect, live);
  // A new file layout re-reads the files under the repository lock: the component service reaches that when called.
  const layoutPort: LayoutChange = { relayout: (current, next, write, userId) => layoutChanges.relayout(current, next, write, userId) };
  const components = new ComponentsService(db, access, changes, languages, formats, paths, scanner, tasks, config.vcsAllowLocal, outbound, new ReadCache(database, 1000), layoutPort);
  // Add-ons reach the services only through these ports. Webhook payloads need absolute URLs outside any
  // request: PARLA_SITE_URL when set.
  const addonBase = trimTrailingSlashes(config.siteUrl ?? `http://${config.host}:${config.port}`);
  const addonUrls = new Urls(addonBase, addonBase);
  const addonServices: AddonServices = {
    db,
    dialect: database.dialect,
    formats,
    paths,
    recordChange: (executor, change) => changes.record(executor, change),
    parseOptions: parseOptionsFor,
    unitSearch: () => searchContext(db, database.dialect),
    recheckTranslations: recheckTranslationsOf,
    updateUnitContent: (executor, unit, place, content) => updateUnitContent(executor, changes, unit, place, content),
    serializeChange: async (change) => {
      const refs = await changes.refs([change]);
      const project = change.project_id === null ? undefined : refs.projects.get(change.project_id);
      return { change: serializeChange(addonUrls, change, refs), projectUrl: project ? addonUrls.project(project.slug) : null };
    },
    tasks,
    outbound,
    git,
    // Discovery creates and removes components.
    components: {
      create: (project, input) => components.create(SYSTEM_ACTOR, project, input, {}),
      remove: async (component) => components.remove(SYSTEM_ACTOR, await components.refs(component)),
    },
    // Language consistency adds languages; the translations service is built below and reached when called.
    addTranslation: (refs, code) => translations.create(SYSTEM_ACTOR, refs, code),
    autotranslate,
  };
  // Add-ons and repository operations call each other: repository events go through the repository lock,
  // and repository operations raise add-on events. The runner reaches the repository service when called.
  const addons: AddonsService = new AddonsService(db, access, changes, tasks, addonServices, { runAddonEvent: (componentId, event, addonId): Promise<void> => repository.runAddonEvent(componentId, event, addonId) });
  // On PostgreSQL every process of the installation, on any host, takes the same advisory locks.
  const repoLock = new RepositoryLock({ root: config.dataDir, ...(database.dialect === 'postgres' ? { cluster: new PgAdvisoryLock(config.databaseUrl) } : {}) });
  const repository = new RepositoryService(db, access, changes, fileSync, scanner, git, repoLock, addons, live);
  const projectRepository = new ProjectRepositoryService(db, access, repository, tasks);
  const layoutChanges = new LayoutChanges(db, changes, fileSync, scanner, repoLock, (refs, userId) => repository.run(refs, 'commit', userId));
  // Every handler is registered while building, before start() lets the first job arrive.
  const backups = new ProjectBackupsService({
    db,
    access,
    changes,
    languages,
    paths,
    tasks,
    locks: repoLock,
    screenshots: new FileScreenshotStore(path.join(config.dataDir, 'screenshots')),
    formats,
    outbound,
    allowLocalRepos: config.vcsAllowLocal,
  });
  // Outbox messages are logged as JSON lines like the server's other logs (nothing when logging is silent).
  const mailLog = (fields: Record<string, unknown>, msg: string) => {
    if (config.logLevel !== 'silent') process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...fields, msg })}\n`);
  };
  const mail = new MailService(db, config.emailUrl ? new SmtpMailer(config.emailUrl, config.emailFrom) : new OutboxMailer(mailLog), tasks, {
    retryDelay: config.emailRetryDelay,
    onError: (e, message) => CONSOLE_LOG.error(e, message),
  });
  const taskControl = new TasksService(db, access);
  const discovery = new DiscoveryService({ access, tasks, vcs: git, paths, formats, outbound, allowLocalRepos: config.vcsAllowLocal, taskOf: (actor, id) => taskControl.getVisible(actor, id) });
  const uploads = new UploadsService(db, access, changes, formats, fileSync, users, scanner, live);
  // The translations service is built below and reached when a task runs.
  const backgroundWork = new BackgroundWorkService({ db, access, tasks, repository, uploads, paths, translations: { getVisible: (actor, refs, code) => translations.getVisible(actor, refs, code) } });
  // The projects service is built below and reached when a page asks.
  const memoryAdmin = new MemoryAdminService({ access, memory, tasks, paths, projects: { getVisible: (actor, slug) => projects.getVisible(actor, slug) }, taskOf: (actor, id) => taskControl.getVisible(actor, id) });
  // The bulk edit service is built below and reached when a task runs.
  const dailySourceChecks = new DailySourceChecks(db, tasks);
  registerTasks(tasks, {
    db,
    stats,
    repository,
    projectRepository,
    autotranslate,
    addons,
    addonServices,
    backups,
    mail,
    discovery,
    backgroundWork,
    memoryImport: memoryAdmin,
    bulkEdit: { runTask: (payload, ctx) => bulkEdit.runTask(payload, ctx) },
    sourceChecks: dailySourceChecks,
  });
  const units = new UnitsService(db, access, database.dialect, new ReadCache(database, 10_000), new ReadCache(database, 1000));
  const secretKey = loadSecretKey(config);
  const accountLinks = new AccountLinks(secretKey, config.accountLinkAge);
  // Notification mails link to the site outside any request: PARLA_SITE_URL when set, like webhook payloads.
  const notifyLinks: NotifyLinks = {
    base: addonBase,
    project: (slug) => addonUrls.webProject(slug),
    component: (project, component) => addonUrls.webComponent(project, component),
    translation: (project, component, language) => addonUrls.webTranslation(project, component, language),
    unit: (project, component, language, unitId) => addonUrls.webUnit(project, component, language, unitId),
  };
  const unsubscribeTokens = new UnsubscribeTokens(secretKey);
  const notificationFeed = new NotificationFeed(db, access, changes, mail, unsubscribeTokens, { dialect: database.dialect, links: notifyLinks, onError: (e, message) => CONSOLE_LOG.error(e, message) });
  const digests = new DigestService(db, access, changes, mail, unsubscribeTokens, notifyLinks, (e, message) => CONSOLE_LOG.error(e, message));
  const screenshots = new ScreenshotsService(db, access, changes, new FileScreenshotStore(path.join(config.dataDir, 'screenshots')), config.screenshotMaxSize);
  const projects = new ProjectsService(db, access, changes, paths, new ReadCache(database, 1000));
  const categories = new CategoriesService(db, access, changes, paths);
  const lifecycle = new Lifecycle(async ({ log, commitPending }) => {
    // Tasks a previous process left queued or running can never finish (the in-process queue only: with Redis
    // other processes' tasks are alive). Before anything is enqueued here, so that no new task is caught.
    if (tasks instanceof InProcessTaskQueue) await tasks.recoverInterrupted();
    if (tasks instanceof BullMqTaskQueue && options.runTasks) await tasks.consume(config.workerConcurrency);
    memory.startBackgroundIndexing();
    addons.start();
    notificationFeed.start();
    digests.start();
    dailySourceChecks.start();
    // Images of screenshots deleted by cascade (with their translation, component or project) go at startup.
    void screenshots.sweep().catch(() => undefined);
    // Edits older than a component's commit_pending_age are committed even when nobody asks.
    const committer = commitPending
      ? setInterval(() => {
          repository.commitDuePending().catch((e: unknown) => log.error(e, 'committing pending changes failed'));
        }, 60_000)
      : null;
    committer?.unref();
    // Mail the server did not take is retried once due; messages whose queueing was lost are queued again.
    const mailSweep = setInterval(
      () => {
        mail.sweep().catch((e: unknown) => log.error(e, 'queueing mail for a retry failed'));
      },
      Math.min(config.emailRetryDelay, 60) * 1000,
    );
    mailSweep.unref();
    return async () => {
      clearInterval(mailSweep);
      if (committer) clearInterval(committer);
      memory.stop();
      await addons.stop();
      await notificationFeed.stop();
      await digests.stop();
      dailySourceChecks.stop();
      if (tasks instanceof BullMqTaskQueue) await tasks.stopConsuming();
    };
  });
  const translations = new TranslationsService(db, access, changes, languages, formats, paths, addons, new ReadCache(database, 1000));
  const unitEdits = new UnitEditsService(db, access, changes, addons, live);
  const bulkEdit = new BulkEditService(db, access, changes, units, unitEdits, { tasks, repository, translations }, live);
  return {
    config,
    database,
    access,
    twoFactor: new TwoFactorService(db, secretKey, config.siteUrl ? new URL(config.siteUrl).hostname : 'Parla'),
    formats,
    paths,
    secretKey,
    changes,
    exports: new ExportsService(db, access, changes),
    users,
    notifications: new NotificationsService(db, access),
    teams: new TeamsService(db, access, changes),
    sessions: new SessionsService(db, secretKey, config.sessionAge),
    sso: new SingleSignOnService(db, users, config.oidc, config.oidc ? new OidcClient(config.oidc) : null),
    languages,
    projects,
    projectTokens: new ProjectTokensService(db, access),
    components,
    categories,
    translations,
    units,
    unitEdits,
    bulkEdit,
    live,
    checkDismissal: new CheckDismissalService(db, access),
    stats,
    tasks,
    fileSync,
    downloads: new DownloadsService(db, access, fileSync, buildConversions(formats, [moExporter, tmxExporter]), database.dialect),
    repository,
    projectRepository,
    uploads,
    backgroundWork,
    memory,
    memoryAdmin,
    machinery,
    suggestions: new SuggestionsService(db, access, changes, live),
    comments: new CommentsService(db, access, changes),
    labels: new LabelsService(db, access),
    screenshots,
    autotranslate,
    addons,
    componentLists: new ComponentListsService(db, access),
    glossary: new GlossaryService(db, units, access),
    hooks: new HooksService(db, access, changes, components, tasks, config.enableHooks),
    backups,
    announcements: new AnnouncementsService(db, access, changes),
    reports: new ReportsService(db, access, { projects, categories, components }),
    projectLock: new ProjectLockService(db, access, changes),
    projectMetrics: new ProjectMetricsService(db, access),
    siteSearch: new SiteSearchService(db, access),
    suggestionList: new SuggestionListService(db, access),
    taskControl,
    discovery,
    unitTranslations: new UnitTranslationsService(db, units),
    unitContext: new UnitContextService(db, access, units),
    mail,
    accountMail: new AccountMailService(db, users, mail, accountLinks, config.registrationOpen),
    invitations: new InvitationsService(db, access, users, new TeamsService(db, access, changes), changes, mail, accountLinks),
    notificationFeed,
    digests,
    dailySourceChecks,
    unsubscribe: new UnsubscribeService(db, unsubscribeTokens),
    health: new HealthService({ database, dataDir: config.dataDir, redisUrl: config.redisUrl, tasks }),
    start: (startOptions) => lifecycle.start(startOptions),
    stop: () => lifecycle.stop(),
    close: async () => {
      await lifecycle.stop();
      untrackQueueDepth();
      await tasks.close();
      await repoLock.close();
      await machineryCache.close();
      await live.close();
      mail.close();
      await database.close();
    },
  };
}
