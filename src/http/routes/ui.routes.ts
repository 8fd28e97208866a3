// The translator's web UI: server-rendered pages at the web_url addresses, and their form POSTs (POST → 303 redirect).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { ProjectRow } from '../../db/schema.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { RepositoryStatus } from '../../services/repository/repository.service.js';
import { componentPathSegment } from '../../domain/component-paths.js';
import { AppError, LockedError, NotFoundError } from '../../shared/errors.js';
import { asset } from '../../ui/assets.js';
import { scriptTextsAsset } from '../../ui/i18n-script.js';
import { categoryPage, componentPage, dashboardPage, languagePage, loginPage, projectPage, translationPage, userPage, type Changes, type Listed, type Repository } from '../../ui/pages.js';
import { seg } from '../../ui/widgets.js';
import type { SessionAuth } from '../session-auth.js';
import { errorText, formErrorsOf, refusedForm, safeNext, sendHtml, statsOf, statusOfError, str, uiKit, type Body, type Q } from '../ui-kit.js';
import { errorPage } from '../../ui/layout.js';
import type { FormErrors } from '../../ui/forms.js';
import { autotranslateForm } from '../../ui/task-pages.js';
import { editorRoutes, type EditorDeps } from './ui-editor.routes.js';
import { zenRoutes, type ZenDeps } from './ui-zen.routes.js';
import { bulkEditRoutes, type BulkEditDeps } from './ui-bulk-edit.routes.js';
import { reviewEnabled, reviewRoutes, type ReviewDeps } from './ui-review.routes.js';
import { ntr, tr } from '../../ui/i18n.js';
import { languageName } from '../../ui/language-names.js';
import { msgid } from '../../shared/msgid.js';

const DASHBOARD_LIMIT = 200;
const CHANGES_SHOWN = 10;

/** What these routes use of the container. */
export type UiDeps = Pick<Container, 'accountMail' | 'access' | 'autotranslate' | 'backgroundWork' | 'categories' | 'changes' | 'components' | 'languages' | 'machinery' | 'projectRepository' | 'projects' | 'repository' | 'sessions' | 'stats' | 'translations' | 'uploads' | 'users' | 'sso'> & EditorDeps & ReviewDeps & ZenDeps & BulkEditDeps;

/** Repository operations the forms run as background tasks, followed on their task page. */
const BACKGROUND_OPERATIONS: ReadonlySet<string> = new Set(['pull', 'pull-rebase', 'pull-merge', 'pull-merge-noff', 'file-scan']);

export function uiRoutes(app: FastifyInstance, c: UiDeps, auth: SessionAuth): void {
  const kit = uiKit(c);
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect, translationOf, translationForm, hrefs, translationPlace } = kit;

  const changesOf = async (request: FastifyRequest, scope: Parameters<Container['changes']['page']>[1]): Promise<Changes> => {
    const rows = await c.changes.page(request.actor, scope, {}, CHANGES_SHOWN, 0);
    return { rows, refs: await c.changes.refs(rows) };
  };

  const allowedOps = (request: FastifyRequest, project: ProjectRow): string[] =>
    (
      [
        ['commit', 'vcs.commit'],
        ['push', 'vcs.push'],
        ['pull', 'vcs.update'],
      ] as const
    )
      .filter(([, perm]) => c.access.can(request.actor, perm, project))
      .map(([op]) => op);

  const componentRepo = async (request: FastifyRequest, refs: ComponentWithRefs, action: string): Promise<Repository> => {
    if (!c.access.can(request.actor, 'vcs.view', refs.project)) return { status: null, action, allowed: [] };
    // The repository page is for those the status API answers.
    const details = c.repository.canSeeStatus(request.actor, refs.project) ? `${hrefs(refs).component}repository/` : undefined;
    let status: RepositoryStatus | null = null;
    try {
      status = await c.repository.status(refs);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
    // Without a remote (a component made from an upload or a ZIP file) there is nothing to push or pull.
    if (status && !c.repository.isGit(refs.component)) return { status: { ...status, local: true }, action, allowed: allowedOps(request, refs.project).filter((op) => op === 'commit'), ...(details ? { details } : {}) };
    return { status, action, allowed: status ? allowedOps(request, refs.project) : [], ...(details ? { details } : {}) };
  };

  const projectComponents = (actor: FastifyRequest['actor'], project: ProjectRow) => c.components.visibleOfProject(actor, project);

  // ---------------------------------------------------------------- assets
  app.get<{ Params: { file: string } }>('/ui/static/:file', async (request, reply) => {
    const a = asset(request.params.file) ?? scriptTextsAsset(request.params.file);
    if (!a) throw new NotFoundError();
    const versioned = (request.query as Q).v === a.hash;
    return reply
      .header('Content-Type', a.type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('ETag', `"${a.hash}"`)
      .send(a.body);
  });

  // ---------------------------------------------------------------- sign in / out
  app.get(
    '/accounts/login/',
    pageRoute(async (request) => {
      const q = request.query as Q;
      return loginPage({ viewer: viewerOf(request), next: safeNext(q.next), failed: q.failed === '1', sso: c.sso.providerName, registration: c.accountMail.registration });
    }),
  );

  app.post('/accounts/signout/', formConfig, async (request, reply) => {
    if (request.session) {
      requireFormWrite(request);
      const token = auth.cookieToken(request);
      if (token) await c.sessions.destroy(token);
      auth.clearCookie(request, reply);
    }
    return redirect(reply, '/');
  });

  // ---------------------------------------------------------------- dashboard
  app.get(
    '/',
    pageRoute(async (request) => {
      const [rows, total] = await Promise.all([c.projects.firstByName(request.actor, DASHBOARD_LIMIT), c.projects.count(request.actor)]);
      const projects: Listed[] = [];
      for (const p of rows) projects.push({ name: p.name, href: `/projects/${seg(p.slug)}/`, stats: statsOf(c, await c.stats.ofProject(request.actor, p), p.name, p.translation_review === 1) });
      return dashboardPage({ viewer: viewerOf(request), here: request.url, notice: (request.query as Q).done, projects, total, mayCreate: c.access.canGlobal(request.actor, 'project.add') });
    }),
  );

  /** 404 errors become `value`; anything else is thrown on. */
  const notFoundOr =
    <T>(value: T) =>
    (e: unknown): T => {
      if (e instanceof NotFoundError) return value;
      throw e;
    };

  const renderCategoryPage = async (request: FastifyRequest, projectSlug: string, slugs: string[]) => {
    const project = await c.projects.getVisible(request.actor, projectSlug);
    const { trail, children, subtree } = await c.categories.byPath(request.actor, project, slugs);
    const review = project.translation_review === 1;
    const projectHref = `/projects/${seg(project.slug)}/`;
    const hrefOf = (path: readonly string[]) => `${projectHref}${path.map(seg).join('/')}/`;
    const categories: Listed[] = [];
    for (const child of children) {
      const ids = (await c.categories.byPath(request.actor, project, [...slugs, child.slug])).subtree;
      categories.push({ name: child.name, href: hrefOf([...slugs, child.slug]), stats: statsOf(c, await c.stats.ofCategory(request.actor, ids), child.name, review) });
    }
    const components: Listed[] = [];
    const own = (await projectComponents(request.actor, project)).filter((comp) => comp.category_id === trail[trail.length - 1]!.id);
    for (const comp of own) {
      components.push({ name: comp.name, href: `${projectHref}${seg(componentPathSegment(comp))}/`, stats: statsOf(c, await c.stats.ofComponent(request.actor, comp.id), comp.name, review) });
    }
    const category = trail[trail.length - 1]!;
    return categoryPage({
      viewer: viewerOf(request),
      here: request.url,
      projectName: project.name,
      projectHref,
      trail: trail.slice(0, -1).map((t, i) => ({ label: t.name, href: hrefOf(slugs.slice(0, i + 1)) })),
      name: category.name,
      stats: statsOf(c, await c.stats.ofCategory(request.actor, subtree), category.name, review),
      categories,
      components,
    });
  };

  // ---------------------------------------------------------------- project, component, language, translation pages
  type PP = FastifyRequest<{ Params: { project: string } }>;
  app.get(
    '/projects/:project/',
    pageRoute(async (request: PP) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      const review = project.translation_review === 1;
      const components: Listed[] = [];
      for (const comp of await projectComponents(request.actor, project)) {
        components.push({ name: comp.name, href: `/projects/${seg(project.slug)}/${seg(componentPathSegment(comp))}/`, stats: statsOf(c, await c.stats.ofComponent(request.actor, comp.id), comp.name, review) });
      }
      const languages: Listed[] = (await c.stats.projectLanguages(request.actor, project, 500, 0)).map((l) => ({
        name: languageName(l.code, l.name),
        href: `/languages/${seg(l.code)}/`,
        stats: statsOf(c, l.aggregate, languageName(l.code, l.name), review),
      }));
      let repository: Repository = { status: null, action: `/projects/${seg(project.slug)}/repository/`, allowed: [] };
      if (c.access.can(request.actor, 'vcs.view', project)) {
        const all: RepositoryStatus[] = [];
        for (const comp of await projectComponents(request.actor, project)) {
          try {
            all.push(await c.repository.status(await c.repository.refsById(comp.id)));
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
          }
        }
        if (all.length) {
          repository = {
            status: { needs_commit: all.some((s) => s.needs_commit), needs_push: all.some((s) => s.needs_push), needs_merge: all.some((s) => s.needs_merge) },
            action: repository.action,
            allowed: allowedOps(request, project),
            ...(c.repository.canSeeStatus(request.actor, project) ? { details: repository.action } : {}),
          };
        }
      }
      const q = request.query as Q;
      return projectPage({
        viewer: viewerOf(request),
        here: request.url,
        notice: q.done,
        name: project.name,
        slug: project.slug,
        web: project.web,
        instructions: project.instructions,
        stats: statsOf(c, await c.stats.ofProject(request.actor, project), project.name, review),
        components,
        languages,
        changes: await changesOf(request, { projectId: project.id }),
        repository,
        mayManageAccess: c.access.can(request.actor, 'project.permissions', project),
        mayEdit: c.access.can(request.actor, 'project.edit', project),
        memoryHref: request.actor.authenticated && (c.access.canGlobal(request.actor, 'memory.manage') || c.access.can(request.actor, 'memory.edit', project) || c.access.can(request.actor, 'memory.delete', project)) ? `/memory/project/${seg(project.slug)}/` : null,
      });
    }),
  );

  type CP = FastifyRequest<{ Params: { project: string; component: string } }>;
  app.get(
    '/projects/:project/:component/',
    pageRoute(async (request: CP) => {
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component).catch(notFoundOr(null));
      if (!refs) return renderCategoryPage(request, request.params.project, [request.params.component]);
      const h = hrefs(refs);
      const review = refs.project.translation_review === 1;
      const rows = await c.translations.visibleOfComponent(request.actor, refs.component.id);
      const expanded = await c.translations.expand(rows);
      const translations: Listed[] = [];
      for (const t of expanded) {
        translations.push({
          name: languageName(t.language.code, t.language.name),
          href: `${h.component}${seg(t.language.code)}/`,
          stats: statsOf(c, await c.stats.ofTranslation(t.translation), languageName(t.language.code, t.language.name), review),
          extra: t.translation.is_source ? tr('(source)') : '',
        });
      }
      const q = request.query as Q;
      return componentPage({
        viewer: viewerOf(request),
        here: request.url,
        notice: q.done,
        settingsHref: request.actor.authenticated && c.access.canIn(request.actor, 'component.edit', refs.project, refs.component) ? `/settings/${seg(refs.project.slug)}/${h.component.split('/')[3]}/` : null,
        glossaryHref: refs.component.is_glossary === 1 ? `/glossary/${seg(refs.project.slug)}/${h.component.split('/')[3]}/` : null,
        screenshotsHref: `/screenshots/${seg(refs.project.slug)}/${h.component.split('/')[3]}/`,
        projectName: refs.project.name,
        projectHref: h.project,
        name: refs.component.name,
        stats: statsOf(c, await c.stats.ofComponent(request.actor, refs.component.id), refs.component.name, review),
        translations,
        changes: await changesOf(request, { componentId: refs.component.id }),
        repository: await componentRepo(request, refs, `${h.component}repository/`),
        downloadHref: c.access.canIn(request.actor, 'translation.download', refs.project, refs.component) ? `/api/components/${seg(refs.project.slug)}/${seg(componentPathSegment(refs.component))}/file/` : null,
      });
    }),
  );

  type LP = FastifyRequest<{ Params: { code: string } }>;
  app.get(
    '/languages/:code/',
    pageRoute(async (request: LP) => {
      const language = await c.languages.getVisible(request.actor, request.params.code);
      const rows = await c.translations.visibleIntoLanguage(request.actor, language.id, 500);
      const translations: Listed[] = [];
      for (const t of await c.translations.expand(rows)) {
        const h = hrefs(t, language.code);
        translations.push({ name: `${t.project.name} / ${t.component.name}`, href: h.translation, stats: statsOf(c, await c.stats.ofTranslation(t.translation), t.component.name, t.project.translation_review === 1) });
      }
      return languagePage({
        viewer: viewerOf(request),
        here: request.url,
        name: languageName(language.code, language.name),
        code: language.code,
        direction: language.direction,
        stats: statsOf(c, await c.stats.ofLanguage(request.actor, language), languageName(language.code, language.name)),
        translations,
        changes: await changesOf(request, { languageId: language.id }),
      });
    }),
  );

  type TP = FastifyRequest<{ Params: { project: string; component: string; language: string } }>;
  const DOWNLOAD_FORMATS = [
    { id: '', label: msgid('Original file') },
    { id: 'po', label: msgid('gettext PO') },
    { id: 'xliff11', label: msgid('XLIFF 1.1') },
    { id: 'tmx', label: msgid('TMX') },
    { id: 'csv', label: msgid('CSV') },
    { id: 'xlsx', label: msgid('Excel (XLSX)') },
  ];

  const renderTranslationPage = async (request: TP, extra: { error?: string; autotranslate?: { values: Record<string, string>; errors: FormErrors } } = {}) => {
    const t = await translationOf(request);
    const h = hrefs(t, t.language.code);
    const apiFile = `/api/translations/${seg(t.project.slug)}/${seg(componentPathSegment(t.component))}/${seg(t.language.code)}/file/`;
    const q = request.query as Q;
    const accepted = Number.parseInt(q.accepted ?? '', 10);
    const total = Number.parseInt(q.total ?? '', 10);
    return translationPage({
      viewer: viewerOf(request),
      here: request.url,
      notice: q.done,
      noticeExtra: q.done === 'uploaded' && Number.isFinite(accepted) && Number.isFinite(total) ? ntr('{accepted} of {n} string accepted.', '{accepted} of {n} strings accepted.', total, { accepted }) : undefined,
      error: extra.error,
      ...translationPlace(t),
      languageHref: `/languages/${seg(t.language.code)}/`,
      direction: t.language.direction,
      stats: statsOf(c, await c.stats.ofTranslation(t.translation), languageName(t.language.code, t.language.name), t.project.translation_review === 1),
      translateHref: h.translate,
      reviewHref: reviewEnabled(t) ? `${h.translate}review/` : null,
      changes: await changesOf(request, { translationId: t.translation.id }),
      repository: await componentRepo(request, t, `${h.translation}repository/`),
      download: c.access.canIn(request.actor, 'translation.download', t.project, t.component, t.translation.language_id) ? { href: apiFile, formats: DOWNLOAD_FORMATS } : null,
      upload: request.actor.authenticated && c.access.canIn(request.actor, 'upload.perform', t.project, t.component, t.translation.language_id)
        ? { action: `${h.translation}upload/`, methods: t.translation.is_source ? ['source', 'add', 'translate', 'replace'] : ['translate', 'fuzzy', 'suggest', 'approve', 'replace'] }
        : null,
      autotranslate:
        request.actor.authenticated && !t.translation.is_source && c.access.canIn(request.actor, 'translation.auto', t.project, t.component, t.translation.language_id)
          ? autotranslateForm({ viewer: viewerOf(request), action: `${h.translation}autotranslate/`, engines: c.machinery.engines().map((e) => ({ id: e.id, name: e.name })), ...(extra.autotranslate ?? {}) })
          : null,
    });
  };

  app.get(
    '/projects/:project/:component/:language/',
    pageRoute(async (request: TP) => {
      const { project, component, language } = request.params;
      // A category's web_url has the same shape as a translation's: a translation first, then a category of that path.
      return renderTranslationPage(request).catch(async (e: unknown) => {
        if (!(e instanceof NotFoundError)) throw e;
        return renderCategoryPage(request, project, [component, language]).catch(() => {
          throw e;
        });
      });
    }),
  );
  // Categories nest three deep: the deepest has a path of its own.
  // (The parameter names follow the component and translation routes': the router shares one name per position.)
  app.get<{ Params: { project: string; component: string; language: string; sub: string } }>(
    '/projects/:project/:component/:language/:sub/',
    pageRoute(async (request) => renderCategoryPage(request, request.params.project, [request.params.component, request.params.language, request.params.sub])),
  );

  // ---------------------------------------------------------------- engage and user pages
  app.get<{ Params: { project: string } }>('/engage/:project/', async (request, reply) => redirect(reply, `/projects/${seg(request.params.project)}/`));
  app.get<{ Params: { project: string; language: string } }>('/engage/:project/:language/', async (request, reply) => redirect(reply, `/projects/${seg(request.params.project)}/`));
  app.get<{ Params: { username: string } }>(
    '/user/:username/',
    pageRoute(async (request) => {
      const user = await c.users.getVisible(request.actor, request.params.username);
      const rows = await c.changes.page(request.actor, {}, { user: user.username }, CHANGES_SHOWN, 0);
      return userPage({
        viewer: viewerOf(request),
        here: request.url,
        username: user.username,
        fullName: user.full_name,
        stats: { ...(await c.users.statistics(user)) },
        changes: { rows, refs: await c.changes.refs(rows) },
      });
    }),
  );

  // ---------------------------------------------------------------- repository operations, uploads, automatic translation (form POSTs)
  /**
   * Pulls and rescans run as tasks followed on their task page; the other operations run at once and come back to the
   * page the form names (`next`), or the page of the level. An operation that did not succeed is shown with its reason.
   */
  const repositoryPost = (level: 'project' | 'component' | 'translation') =>
    pageRoute(async (request: FastifyRequest<{ Params: Record<string, string> }>, reply) => {
      requireFormWrite(request);
      const body = (request.body ?? {}) as Body;
      const op = str(body.operation);
      const next = str(body.next) ? safeNext(str(body.next)) : null;
      const params = request.params;
      const back = (page: string) => `${next ?? page}?done=${encodeURIComponent(op)}`;
      const refused = (detail: string | undefined) => sendHtml(reply, 409, errorPage(viewerOf(request), request.url, 409, detail || tr('The repository operation did not succeed.')));
      if (level === 'project') {
        const project = await c.projects.getVisible(request.actor, params.project!);
        const outcome = await c.projectRepository.operate(request.actor, project, op, BACKGROUND_OPERATIONS.has(op));
        if (outcome.kind === 'busy') throw new LockedError('repository-locked', tr('Another repository operation is already in progress.'));
        if (outcome.kind === 'queued') return redirect(reply, `/tasks/${outcome.taskId}/`);
        if (!outcome.result) return refused(outcome.detail);
        return redirect(reply, back(`/projects/${seg(project.slug)}/`));
      }
      const refs = await c.components.getVisible(request.actor, params.project!, params.component!);
      if (level === 'translation') await c.translations.getVisible(request.actor, refs, params.language!);
      if (BACKGROUND_OPERATIONS.has(op)) return redirect(reply, `/tasks/${await c.backgroundWork.startOperation(request.actor, refs, op)}/`);
      const result = await c.repository.operation(request.actor, refs, op);
      if (!result.result) return refused(result.detail);
      const h = hrefs(refs, params.language);
      return redirect(reply, back(level === 'translation' ? h.translation : h.component));
    });
  app.post('/projects/:project/repository/', formConfig, repositoryPost('project'));
  app.post('/projects/:project/:component/repository/', formConfig, repositoryPost('component'));
  app.post('/projects/:project/:component/:language/repository/', formConfig, repositoryPost('translation'));

  // The file is stored and imported by a task (the same upload as the API's), followed on its task page.
  app.post(
    '/projects/:project/:component/:language/upload/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      try {
        const file = request.uploads.file && (request.uploads.file.filename || request.uploads.file.data.length) ? request.uploads.file : undefined;
        const taskId = await c.backgroundWork.startUpload(request.actor, t, { file, method: str(body.method) || undefined, conflicts: str(body.conflicts), fuzzy: str(body.fuzzy) });
        return redirect(reply, `/tasks/${taskId}/`);
      } catch (e) {
        // A missing file is shown on the translation page itself, with the form to try again.
        if (!(e instanceof AppError) || statusOfError(e) !== 400) throw e;
        return sendHtml(reply, 400, await renderTranslationPage(request, { error: errorText(e) }));
      }
    }),
  );

  // Automatic translation with the API's fields, always as a task (the API runs small ones at once).
  app.post(
    '/projects/:project/:component/:language/autotranslate/',
    formConfig,
    pageRoute(async (request: TP, reply) => {
      const { t, body } = await translationForm(request);
      const engines = Array.isArray(body.engines) ? body.engines.filter((e): e is string => typeof e === 'string') : str(body.engines) ? [str(body.engines)] : [];
      const input = { mode: str(body.mode), filter_type: str(body.filter_type), auto_source: str(body.auto_source), component: str(body.component), threshold: str(body.threshold), engines };
      try {
        const result = await c.autotranslate.request(request.actor, t, input, { background: true });
        return redirect(reply, result.taskId ? `/tasks/${result.taskId}/` : `${hrefs(t, t.language.code).translation}`);
      } catch (e) {
        return refusedForm(reply, e, (refusal) => renderTranslationPage(request, { autotranslate: { values: { ...input, engines: engines.join(',') }, errors: formErrorsOf(refusal) } }));
      }
    }),
  );

  editorRoutes(app, c, kit);
  zenRoutes(app, c, kit);
  bulkEditRoutes(app, c, kit);
  reviewRoutes(app, c, kit);
}
