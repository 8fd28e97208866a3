// /memory/ and /memory/project/<project>/: the translation memory pages. Listing and deleting entries call the same service
// methods as /api/memory/; imports run as background tasks whose progress page follows /api/tasks/<id>/.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container.js';
import type { MemoryRow } from '../../db/schema.js';
import type { MemoryPlace, MemoryRights } from '../../services/memory/memory-admin.service.js';
import { tmxEntries, tmxFooter, tmxHeader } from '../../services/memory/memory-files.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import type { FormErrors } from '../../ui/forms.js';
import { memoryImportPage, memoryPage, type MemoryEntryView } from '../../ui/memory-admin-pages.js';
import { seg } from '../../ui/widgets.js';
import { formErrorsOf, refusedForm, sendHtml, str, uiKit, type Body } from '../ui-kit.js';

/** What these routes use of the container. */
export type MemoryAdminDeps = Pick<Container, 'components' | 'config' | 'languages' | 'memory' | 'memoryAdmin' | 'sessions' | 'stats' | 'translations'>;

type R = FastifyRequest<{ Params: { project?: string; id?: string; task?: string }; Querystring: Record<string, string | undefined> }>;
type Place = MemoryPlace & MemoryRights;

const PAGE = 50;

function kindOf(row: MemoryRow): string {
  if (row.user_id !== null) return 'Personal';
  if (row.project_id !== null) return row.from_file ? 'Project, imported' : 'Project';
  return 'Shared, imported';
}

export function memoryAdminRoutes(app: FastifyInstance, c: MemoryAdminDeps): void {
  const { viewerOf, pageRoute, requireFormWrite, formConfig, redirect } = uiKit(c);

  const placeOf = (request: R): Promise<Place> => c.memoryAdmin.placeOf(request.actor, request.params.project ?? null);
  const baseOf = (place: MemoryPlace) => (place.project ? `/memory/project/${seg(place.project.slug)}/` : '/memory/');
  const projectView = (place: MemoryPlace) => (place.project ? { name: place.project.name, slug: place.project.slug, href: `/projects/${seg(place.project.slug)}/` } : null);
  /** The API's list filters for this memory: a project's entries, or every entry the manager sees. */
  const filtersOf = (place: MemoryPlace, search: string) => ({ source: search || undefined, project: place.project ? String(place.project.id) : undefined });

  const render = async (request: R, place: Place, extra: { importForm?: { values: Record<string, string>; errors?: FormErrors }; deleteAllErrors?: FormErrors } = {}) => {
    const search = (request.query.q ?? '').trim();
    const offset = Math.max(0, Number.parseInt(request.query.offset ?? '0', 10) || 0);
    const filters = filtersOf(place, search);
    const total = await c.memory.count(request.actor, filters);
    const all = search ? await c.memory.count(request.actor, filtersOf(place, '')) : total;
    const rows = await c.memory.page(request.actor, filters, PAGE, offset);
    const codes = new Map((await c.languages.page(request.actor, 100_000, 0)).map((l) => [l.id, l.code]));
    const entries: MemoryEntryView[] = rows.map((r) => ({
      id: r.id,
      source: r.source,
      target: r.target,
      sourceLanguage: codes.get(r.source_language_id) ?? String(r.source_language_id),
      targetLanguage: codes.get(r.target_language_id) ?? String(r.target_language_id),
      origin: r.origin,
      kind: kindOf(r),
    }));
    return memoryPage({
      viewer: viewerOf(request),
      here: request.url,
      base: baseOf(place),
      project: projectView(place),
      notice: request.query.done,
      total,
      all,
      search,
      entries,
      offset,
      limit: PAGE,
      mayImport: place.mayImport,
      mayDelete: place.mayDelete,
      ...extra,
    });
  };

  const signInFirst = (request: R, reply: FastifyReply) => redirect(reply, `/accounts/login/?next=${encodeURIComponent(request.url)}`);

  for (const prefix of ['/memory/', '/memory/project/:project/']) {
    app.get(
      prefix,
      pageRoute(async (request: R, reply) => {
        if (!request.actor.authenticated) return signInFirst(request, reply);
        return render(request, await placeOf(request));
      }),
    );

    app.post(
      `${prefix}import/`,
      formConfig,
      pageRoute(async (request: R, reply) => {
        requireFormWrite(request);
        const place = await placeOf(request);
        const body = (request.body ?? {}) as Body;
        const values = { source_language: str(body.source_language).trim(), target_language: str(body.target_language).trim() };
        try {
          const task = await c.memoryAdmin.startImport(request.actor, place, request.uploads.file, { sourceLanguage: values.source_language || undefined, targetLanguage: values.target_language || undefined });
          return redirect(reply, `${baseOf(place)}import/${task}/`);
        } catch (e) {
          return refusedForm(reply, e, (refusal) => render(request, place, { importForm: { values, errors: formErrorsOf(refusal) } }));
        }
      }),
    );

    app.get(
      `${prefix}import/:task/`,
      pageRoute(async (request: R, reply) => {
        if (!request.actor.authenticated) return signInFirst(request, reply);
        const place = await placeOf(request);
        const taskId = request.params.task ?? '';
        const state = await c.memoryAdmin.importState(request.actor, place, taskId);
        return memoryImportPage({
          viewer: viewerOf(request),
          here: request.url,
          base: baseOf(place),
          project: projectView(place),
          task: { id: taskId, status: state.status, progress: state.progress, log: state.log, filename: state.filename, message: state.result?.message ?? '', error: state.error },
        });
      }),
    );

    app.post(
      `${prefix}delete/:id/`,
      formConfig,
      pageRoute(async (request: R, reply) => {
        requireFormWrite(request);
        const place = await placeOf(request);
        const id = request.params.id ?? '';
        if (!/^\d{1,15}$/.test(id)) throw new NotFoundError();
        // The API's DELETE /api/memory/<id>/, with its own rule of who may delete which entry.
        await c.memory.remove(request.actor, Number(id));
        return redirect(reply, `${baseOf(place)}?done=entry_deleted`);
      }),
    );

    app.get(
      `${prefix}export/`,
      pageRoute(async (request: R, reply) => {
        if (!request.actor.authenticated) return signInFirst(request, reply);
        const place = await placeOf(request);
        const format = request.query.format ?? 'tmx';
        if (format !== 'tmx' && format !== 'json') throw new ValidationError([{ attr: 'format', code: 'invalid_choice', detail: 'Choose tmx or json.' }]);
        const pages = c.memoryAdmin.exportEntries(place);
        const name = `${place.project ? place.project.slug : 'parla'}-memory.${format}`;
        // The same file `parla memory export` writes, streamed a page of entries at a time.
        async function* chunks(): AsyncGenerator<string> {
          let first = true;
          yield format === 'tmx' ? tmxHeader() : '[';
          for await (const entries of pages) {
            if (format === 'tmx') yield tmxEntries(entries);
            else {
              yield entries.map((e, i) => `${first && i === 0 ? '\n' : ',\n'}  ${JSON.stringify(e)}`).join('');
              first = false;
            }
          }
          yield format === 'tmx' ? tmxFooter() : first ? ']\n' : '\n]\n';
        }
        return reply
          .header('Content-Type', format === 'tmx' ? 'application/x-tmx+xml; charset=utf-8' : 'application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(chunks()));
      }),
    );

    app.post(
      `${prefix}delete-all/`,
      formConfig,
      pageRoute(async (request: R, reply) => {
        requireFormWrite(request);
        const place = await placeOf(request);
        if (!place.project) throw new NotFoundError();
        if (str(((request.body ?? {}) as Body).confirm).trim() !== place.project.slug) {
          return sendHtml(reply, 400, await render(request, place, { deleteAllErrors: { confirm: ["Type the project's slug exactly to delete its memory."] } }));
        }
        await c.memoryAdmin.removeAll(place);
        return redirect(reply, `${baseOf(place)}?done=all_deleted`);
      }),
    );
  }
}
