// The translation memory pages: the site's and a project's entries with search and delete, file import with its progress, export.
import { html, type SafeHtml } from './html.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr } from './i18n.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page, type Viewer } from './layout.js';
import { lastLine, taskProgress } from './widgets.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  entry_deleted: msgid('The entry is deleted.'),
  all_deleted: "Every entry of the project's memory is deleted.",
};

export interface MemoryEntryView {
  id: number;
  source: string;
  target: string;
  sourceLanguage: string;
  targetLanguage: string;
  origin: string;
  /** Where the entry comes from, in words: shared file, project, personal. */
  kind: string;
}

export interface MemoryPageData {
  viewer: Viewer;
  here: string;
  /** The memory's address ("/memory/" or "/memory/project/<slug>/"), every form and link starts there. */
  base: string;
  /** The project's name and page, or null for the site-wide memory. */
  project: { name: string; slug: string; href: string } | null;
  notice?: string | undefined;
  /** Entries matching the search, and the entries of this memory in all. */
  total: number;
  all: number;
  search: string;
  searchError?: string | null;
  entries: readonly MemoryEntryView[];
  offset: number;
  limit: number;
  mayImport: boolean;
  mayDelete: boolean;
  /** The import form's values and refusals. */
  importForm?: { values: Record<string, string>; errors?: FormState['errors'] };
  deleteAllErrors?: FormState['errors'];
}

export const IMPORT_FIELDS = (): FieldSpec[] => [
  { name: 'file', label: tr('Translation memory file (TMX, JSON or PO)'), type: 'file', help: tr('A .tmx file, a Parla or Weblate memory .json dump, or a gettext .po file.') },
  { name: 'source_language', label: tr('Source language'), required: false, help: "A language code; when empty, the TMX header's source language, or English for a PO file." },
  { name: 'target_language', label: tr('Target language'), required: false, help: "A language code: only translations into this language are imported; for a PO file, instead of its Language header." },
];

function pager(total: number, offset: number, limit: number, href: (offset: number) => string): SafeHtml {
  if (total <= limit) return html``;
  const prev = offset > 0 ? html`<a href="${href(Math.max(0, offset - limit))}" id="page-prev" rel="prev">${tr('Previous')}</a>` : '';
  const next = offset + limit < total ? html`<a href="${href(offset + limit)}" id="page-next" rel="next">${tr('Next')}</a>` : '';
  return html`<nav aria-label="${tr('Pages')}" class="actions"><p>${String(offset + 1)}–${String(Math.min(total, offset + limit))} of ${String(total)}</p>${prev} ${next}</nav>`;
}

function crumbs(o: { project: MemoryPageData['project'] }, last?: { label: string; href: string }): { label: string; href?: string }[] {
  const head = o.project ? [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }] : [{ label: tr('Dashboard'), href: '/' }];
  return last ? [...head, last, { label: tr('Import') }] : [...head, { label: tr('Translation memory') }];
}

/** /memory/ and /memory/project/<slug>/: counts, the entries a page at a time with a search, delete, import, export. */
export function memoryPage(o: MemoryPageData): string {
  const title = o.project ? tr('Translation memory of {project}', { project: o.project.name }) : tr('Translation memory');
  const listHref = (offset: number) => `${o.base}?${new URLSearchParams({ ...(o.search ? { q: o.search } : {}), offset: String(offset) }).toString()}`;
  const imp: FormState = { viewer: o.viewer, values: o.importForm?.values ?? {}, errors: o.importForm?.errors };
  const del: FormState = { viewer: o.viewer, values: {}, errors: o.deleteAllErrors };
  const searchState: FormState = { viewer: o.viewer, values: { q: o.search }, errors: o.searchError ? { q: [o.searchError] } : undefined };
  const notice = o.notice && NOTICES[o.notice] ? tr(NOTICES[o.notice]!) : undefined;
  const rows = o.entries.map(
    (e) => html`<tr><td lang="${e.sourceLanguage}">${e.source}</td><td lang="${e.targetLanguage}">${e.target}</td><td>${e.sourceLanguage} → ${e.targetLanguage}</td><td>${e.kind}<br><span class="muted">${e.origin}</span></td>
<td>${o.mayDelete ? html`<form method="post" action="${o.base}delete/${String(e.id)}/" class="inline">${csrfField(o.viewer)}<button type="submit" class="danger" id="delete-entry-${String(e.id)}" aria-label="Delete the entry ${e.source} → ${e.target}">${tr('Delete')}</button></form>` : ''}</td></tr>`,
  );
  return page({
    title,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: crumbs(o),
    body: html`${notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${notice}</p>` : ''}<h1>${title}</h1>
<p id="memory-count">${o.project ? ntr('This project keeps {n} entry.', 'This project keeps {n} entries.', o.all) : ntr('The site keeps {n} entry in all (shared, project and personal ones).', 'The site keeps {n} entries in all (shared, project and personal ones).', o.all)}</p>
<h2 id="memory-entries-title">${tr('Entries')}</h2>
<form method="get" action="${o.base}" id="memory-search" class="panel" role="search">
${field(searchState, { name: 'q', label: tr('Find entries whose source text contains'), type: 'search', required: false })}
<button type="submit" id="memory-search-submit">${tr('Search')}</button>
</form>
${o.entries.length === 0
  ? html`<p id="memory-empty">${o.search ? tr('No entry matches the search.') : tr('No entries yet.')}</p>`
  : html`<p class="muted">${o.search ? ntr('{n} entry matches the search.', '{n} entries match the search.', o.total) : ntr('{n} entry.', '{n} entries.', o.total)}</p>
<div class="table-wrap"><table id="memory-entries" aria-labelledby="memory-entries-title"><thead><tr><th scope="col">${tr('Source')}</th><th scope="col">${tr('Translation')}</th><th scope="col">${tr('Languages')}</th><th scope="col">${tr('From')}</th><th scope="col">${tr('Actions')}</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${pager(o.total, o.offset, o.limit, listHref)}`}
${o.mayImport
  ? html`<h2>${tr('Import')}</h2>
<p>${tr('Parla reads the file in the background and shows its progress; entries already in this memory are skipped.')}</p>
${formErrors(imp.errors, IMPORT_FIELDS().map((f) => f.name))}
<form method="post" action="${o.base}import/" enctype="multipart/form-data" id="memory-import" class="panel" novalidate>${csrfField(o.viewer)}
${IMPORT_FIELDS().map((f) => field(imp, f))}
<button type="submit" id="memory-import-submit">${tr('Import the file')}</button>
</form>
<h2>${tr('Export')}</h2>
<ul class="plain" id="memory-export"><li><a href="${o.base}export/?format=tmx" id="export-tmx" download>${tr('Download as TMX')}</a></li><li><a href="${o.base}export/?format=json" id="export-json" download>${tr('Download as JSON')}</a></li></ul>`
  : ''}
${o.project && o.mayDelete
  ? html`<h2>${tr('Delete every entry')}</h2>
${formErrors(del.errors, ['confirm'])}
<form method="post" action="${o.base}delete-all/" id="memory-delete-all" class="panel" novalidate>${csrfField(o.viewer)}
<p>${tr("This deletes the project's memory: its imported entries and those its translations added. Personal and shared entries stay.")}</p>
${field(del, { name: 'confirm', label: tr('Type the project\'s slug ({slug}) to confirm', { slug: o.project.slug }) })}
<button type="submit" id="memory-delete-all-submit" class="danger">${tr('Delete every entry')}</button>
</form>`
  : ''}`,
  });
}

export interface MemoryImportPageData {
  viewer: Viewer;
  here: string;
  base: string;
  project: MemoryPageData['project'];
  task: { id: string; status: string; progress: number; log: string; filename: string; message: string; error: string };
}

/**
 * /memory/…/import/<task>${tr("/: the import's progress bar, which task-progress.js moves by following /api/tasks/")}<id>/ and which
 * ends with the result or the error put in place; without JavaScript the page refreshes itself until the task ends.
 */
export function memoryImportPage(o: MemoryImportPageData): string {
  const running = o.task.status === 'queued' || o.task.status === 'running';
  const back = html`<p><a href="${o.base}" id="memory-back">${tr('Back to the translation memory')}</a></p>`;
  const body = running
    ? taskProgress({ prefix: 'import', taskId: o.task.id, swap: 'import-body', label: tr('Importing {filename}', { filename: o.task.filename }), progress: o.task.progress, message: lastLine(o.task.log) || tr('Waiting for a worker.'), here: o.here })
    : o.task.status === 'failed'
      ? html`<div class="error" role="alert" id="import-error" data-task-outcome><p>${o.task.error}</p></div>`
      : html`<progress id="import-progress" max="100" value="100" aria-label="${tr('Progress')}">100%</progress>
<div class="message" role="status" id="import-done" data-task-outcome><p>${o.task.message}</p></div>`;
  return page({
    title: tr('Importing {filename}', { filename: o.task.filename }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: crumbs(o, { label: tr('Translation memory'), href: o.base }),
    body: html`<h1>${tr('Importing {filename}', { filename: o.task.filename })}</h1>
<div id="import-body">${body}</div>
${back}`,
  });
}
