// The repository pages: /projects/<p>/<c>/repository/ and /projects/<p>/repository/ show what the repository API reports,
// the commits behind its counts, a merge failure with guidance, and the operations the viewer may run (posted to the same
// address, handled with the other repository forms in ui.routes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msgid } from '../../shared/msgid.js';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import { componentFullSlug } from '../../services/repository/project-repository.service.js';
import { OPERATION_PERMISSION, type RepositoryOperation } from '../../services/repository/repository.service.js';
import type { CommitObject } from '../../services/repository/repository-status.js';
import { redactUrl } from '../../vcs/urls.js';
import { OPERATION_BUTTONS, repositoryPage, type CommitView } from '../../ui/repository-pages.js';
import { seg } from '../../ui/widgets.js';
import { uiKit, type Q } from '../ui-kit.js';

/** What these routes use of the container. */
export type RepositoryAdminDeps = Pick<Container, 'access' | 'components' | 'projectRepository' | 'projects' | 'repository' | 'sessions' | 'stats' | 'translations'>;

/** Commits listed of each side; the counts say how many there are in all. */
const COMMITS_SHOWN = 50;

/** The notice after an operation the page's forms ran (a fixed text per operation, never text from the address). */
const DONE: Record<string, string> = {
  commit: msgid('The pending changes are committed.'),
  push: msgid('The commits are pushed.'),
  cleanup: msgid('The checkout is cleaned up.'),
  reset: msgid('The repository is reset to the remote, and its files are read again.'),
};

const view = (c: CommitObject | null): CommitView | null => c && { revision: c.revision, shortrevision: c.shortrevision, author_name: c.author_name, authordate: c.authordate, summary: c.summary };

export function repositoryAdminRoutes(app: FastifyInstance, c: RepositoryAdminDeps): void {
  const { viewerOf, pageRoute, hrefs } = uiKit(c);
  const ops = OPERATION_BUTTONS.map((x) => x.op as RepositoryOperation);

  type CP = FastifyRequest<{ Params: { project: string; component: string }; Querystring: Q }>;
  app.get(
    '/projects/:project/:component/repository/',
    pageRoute(async (request: CP) => {
      const refs = await c.components.getVisible(request.actor, request.params.project, request.params.component);
      // The status API's rule: those who may act on the repository (403 for anonymous visitors too).
      c.repository.requireStatusAccess(request.actor, refs.project);
      const [status, commits] = await Promise.all([c.repository.status(refs), c.repository.commits(refs, COMMITS_SHOWN)]);
      const h = hrefs(refs);
      const comp = refs.component;
      return repositoryPage({
        viewer: viewerOf(request),
        here: request.url,
        title: tr('Repository of {name}', { name: comp.name }),
        breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: refs.project.name, href: h.project }, { label: comp.name, href: h.component }, { label: tr('Repository') }],
        notice: DONE[request.query.done ?? ''] ?? null,
        action: `${h.component}repository/`,
        allowed: ops.filter((op) => c.access.canIn(request.actor, OPERATION_PERMISSION[op], refs.project, comp)),
        component: {
          needs_commit: status.needs_commit,
          needs_push: status.needs_push,
          needs_merge: status.needs_merge,
          pending: status.pending_units.total,
          repo: redactUrl(comp.repo),
          branch: comp.branch,
          pushUrl: redactUrl(comp.push),
          pushBranch: comp.push_branch,
          mergeStyle: comp.merge_style,
          remoteCommit: view(status.remote_commit),
          localCommit: view(status.weblate_commit),
          outgoing: commits.outgoing.map((x) => view(x)!),
          incoming: commits.incoming.map((x) => view(x)!),
          outgoingCount: status.outgoing_commits,
          incomingCount: status.missing_commits,
          mergeFailure: status.merge_failure,
        },
      });
    }),
  );

  type PP = FastifyRequest<{ Params: { project: string }; Querystring: Q }>;
  app.get(
    '/projects/:project/repository/',
    pageRoute(async (request: PP) => {
      const project = await c.projects.getVisible(request.actor, request.params.project);
      // The project status API: its checks, and the components it covers.
      const status = await c.projectRepository.status(request.actor, project);
      const included = new Set(status.included_components);
      const components = [];
      for (const row of await c.components.visibleOfProject(request.actor, project)) {
        const refs = await c.repository.refsById(row.id);
        if (!included.has(componentFullSlug(refs))) continue;
        const s = await c.repository.status(refs);
        components.push({ name: row.name, href: `${hrefs(refs).component}repository/`, needs_commit: s.needs_commit, needs_push: s.needs_push, needs_merge: s.needs_merge, mergeFailure: s.merge_failure !== null });
      }
      const projectHref = `/projects/${seg(project.slug)}/`;
      return repositoryPage({
        viewer: viewerOf(request),
        here: request.url,
        title: tr('Repositories of {name}', { name: project.name }),
        breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: project.name, href: projectHref }, { label: tr('Repositories') }],
        notice: DONE[request.query.done ?? ''] ?? null,
        action: `${projectHref}repository/`,
        allowed: ops.filter((op) => c.access.can(request.actor, OPERATION_PERMISSION[op], project)),
        project: { needs_commit: status.needs_commit, needs_push: status.needs_push, needs_merge: status.needs_merge, pending: status.pending_units.total },
        components,
      });
    }),
  );
}
