// /tasks/<uuid>/: the progress page of a background task, for whoever /api/tasks/<uuid>/ shows it to: what runs, how far
// it is, and how it ended in words, with a link back to where it was started.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tr } from '../../ui/i18n.js';
import type { Container } from '../../container.js';
import type { ComponentWithRefs } from '../../db/places.js';
import type { TaskRow } from '../../db/schema.js';
import { OPERATION_BUTTONS } from '../../ui/repository-pages.js';
import { taskPage, type TaskPageData } from '../../ui/task-pages.js';
import { bulkResultText } from '../../ui/bulk-edit-pages.js';
import { uiKit } from '../ui-kit.js';
import { languageName } from '../../ui/language-names.js';

/** What these routes use of the container. */
export type TaskPagesDeps = Pick<Container, 'components' | 'repository' | 'sessions' | 'stats' | 'taskControl' | 'translations'>;

type Payload = Record<string, unknown>;
type Described = Pick<TaskPageData, 'title' | 'back' | 'outcome' | 'breadcrumbs'>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function taskPagesRoutes(app: FastifyInstance, c: TaskPagesDeps): void {
  const { viewerOf, pageRoute, redirect, hrefs } = uiKit(c);

  /** The component a task works on, when it still exists. */
  const componentOf = async (id: unknown): Promise<ComponentWithRefs | null> => {
    if (id === null || id === undefined) return null;
    return c.repository.refsById(Number(id)).catch(() => null);
  };

  /** The language code of a translation of the component (by the translation's id), among those the viewer sees. */
  const languageOf = async (request: FastifyRequest, refs: ComponentWithRefs, translationId: unknown): Promise<{ code: string; name: string } | null> => {
    const row = (await c.translations.visibleOfComponent(request.actor, refs.component.id)).find((t) => t.id === Number(translationId));
    if (!row) return null;
    const [t] = await c.translations.expand([row]);
    return t ? { code: t.language.code, name: languageName(t.language.code, t.language.name) } : null;
  };

  /** What the task does, where it leads back to, and its outcome in words. */
  const describe = async (request: FastifyRequest, task: TaskRow): Promise<Described> => {
    const payload = JSON.parse(task.payload) as Payload;
    const result = task.result === null ? null : (JSON.parse(task.result) as Payload | null);
    const ids = Array.isArray(payload.componentIds) ? payload.componentIds : [];
    const refs = (await componentOf(task.component_id)) ?? (await componentOf(ids[0]));
    let language: { code: string; name: string } | null = null;
    if (refs && typeof payload.language === 'string') {
      language = (await c.translations.getVisible(request.actor, refs, payload.language).catch(() => null))?.language ?? null;
    } else if (refs && payload.translationId !== undefined) {
      language = await languageOf(request, refs, payload.translationId);
    }
    const h = refs ? hrefs(refs, language?.code) : null;
    const place = refs ? `${refs.project.name} / ${refs.component.name}${language ? ` — ${language.name}` : ''}` : '';
    const crumbs: TaskPageData['breadcrumbs'] = [{ label: tr('Dashboard'), href: '/' }];
    if (refs && h) {
      crumbs.push({ label: refs.project.name, href: h.project });
      if (task.component_id !== null) crumbs.push({ label: refs.component.name, href: h.component });
      if (language) crumbs.push({ label: language.name, href: h.translation });
    }
    crumbs.push({ label: tr('Task') });
    let back = { href: '/', label: tr('Back to the dashboard') };
    if (h && language) back = { href: h.translation, label: `Back to ${place}` };
    else if (h && task.component_id !== null) back = { href: h.component, label: `Back to ${place}` };
    else if (h) back = { href: h.project, label: `Back to ${refs!.project.name}` };

    const failed = task.status === 'failed';
    const ended = failed || task.status === 'done';
    const error = failed ? `The task failed: ${typeof result?.error === 'string' && result.error ? result.error : 'no reason was recorded.'}` : '';
    let title = `Background task ${task.name}`;
    let outcome: Described['outcome'] = ended ? (failed ? { ok: false, text: error } : { ok: true, text: 'Done.' }) : null;
    switch (task.name) {
      case 'repository-operation': {
        const op = OPERATION_BUTTONS.find((x) => x.op === payload.operation)?.label ?? String(payload.operation);
        title = task.component_id !== null && refs ? `${op}: repository of ${place}` : `${op}: repositories of ${refs ? refs.project.name : 'a project'}`;
        if (ended && !failed && result) {
          const detail = typeof result.detail === 'string' ? result.detail : '';
          outcome = result.result === false ? { ok: false, text: `The operation did not succeed: ${detail || 'no reason was given.'}` } : { ok: true, text: detail && detail !== 'Nothing to commit.' ? `Done. ${detail}` : 'Done.' };
        }
        break;
      }
      case 'translation-upload': {
        title = `Upload of ${String(payload.filename ?? 'a file')} into ${place || 'a translation'}`;
        if (ended && !failed && result) {
          const n = (k: string) => Number(result[k] ?? 0);
          const extra = [n('skipped') ? `${plural(n('skipped'), 'string was', 'strings were')} skipped` : '', n('not_found') ? `${plural(n('not_found'), 'string was', 'strings were')} not found` : ''].filter(Boolean);
          outcome = { ok: true, text: `The file is processed: ${n('accepted')} of ${plural(n('total'), 'string', 'strings')} accepted.${extra.length ? ` ${extra.join(', ')}.` : ''}` };
        }
        break;
      }
      case 'autotranslate':
        title = `Automatic translation of ${place || 'a translation'}`;
        if (ended && !failed && typeof result?.details === 'string') outcome = { ok: true, text: result.details };
        break;
      case 'bulk-edit': {
        const replace = payload.operation === 'replace';
        if (place) title = replace ? tr('Search and replace in {place}', { place }) : tr('Bulk edit of {place}', { place });
        else title = replace ? tr('Search and replace') : tr('Bulk edit');
        if (h && language) {
          const q = typeof payload.q === 'string' && payload.q ? `?q=${encodeURIComponent(payload.q)}` : '';
          back = { href: `${h.translate}bulk/${q}`, label: tr('Back to the bulk edit') };
        }
        if (ended && !failed && result) {
          const n = (k: string) => Number(result[k] ?? 0);
          outcome = { ok: true, text: bulkResultText({ kind: replace ? 'replace' : 'bulk', changed: n('changed'), matched: n('matched'), skipped: n('skipped') }) };
        }
        break;
      }
      case 'repository-pull':
        title = `Update of the repository of ${place || 'a component'}`;
        break;
      case 'component-setup':
        title = `Setting up ${place || 'a component'}`;
        if (ended && !failed) outcome = { ok: true, text: 'The repository is cloned and its files are scanned: the component is ready.' };
        break;
    }
    return { title, back, outcome, breadcrumbs: crumbs };
  };

  app.get(
    '/tasks/:id/',
    pageRoute(async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      if (!request.actor.authenticated) return redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);
      // The tasks API's rule: its starter, superusers, and whoever sees its project (404 for the rest).
      const task = await c.taskControl.getVisible(request.actor, request.params.id);
      return taskPage({ viewer: viewerOf(request), here: request.url, id: task.id, status: task.status, progress: task.progress, log: task.log, ...(await describe(request, task)) });
    }),
  );
}
