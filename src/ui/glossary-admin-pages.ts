// The glossary pages: a glossary component's languages, the terms of one language with search, add, edit, delete, import and export.
import { html, type SafeHtml } from './html.js';
import { msgid } from '../shared/msgid.js';
import { ntr, tr } from './i18n.js';
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { csrfField, page, type Viewer } from './layout.js';

/** The notices after a redirect: a fixed text per code, never text from the address. */
const NOTICES: Record<string, string> = {
  term_added: msgid('The term is added.'),
  term_saved: msgid('The term is saved.'),
  term_deleted: msgid('The term is deleted.'),
  imported: msgid('The file is imported.'),
};

export interface GlossaryPlace {
  project: { name: string; href: string };
  glossary: { name: string; href: string };
  /** /glossary/<project>/<component>/ */
  base: string;
}

/** /glossary/<project>/<component>/: the languages of a glossary, each a link to its terms. */
export function glossaryLanguagesPage(o: GlossaryPlace & { viewer: Viewer; here: string; languages: readonly { name: string; code: string; href: string; source: boolean }[] }): string {
  return page({
    title: tr('Glossary {glossary_name}', { glossary_name: o.glossary.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.glossary.name, href: o.glossary.href }, { label: tr('Glossary') }],
    body: html`<h1>${tr('Glossary {glossary_name}', { glossary_name: o.glossary.name })}</h1>
<p>${tr('Choose the language of the terms.')}</p>
<ul id="glossary-languages">${o.languages.map((l) => html`<li><a href="${l.href}" id="glossary-${l.code}">${l.name}</a>${l.source ? ` ${tr('(source language)')}` : ''}</li>`)}</ul>`,
  });
}

export interface TermView {
  /** The unit of this language (the source unit on the source language's page). */
  id: number;
  source: string;
  target: string;
  forbidden: boolean;
  readOnly: boolean;
}

export interface GlossaryTermsPageData extends GlossaryPlace {
  viewer: Viewer;
  here: string;
  language: { name: string; code: string; isSource: boolean; sourceCode: string };
  notice?: string | undefined;
  /** Shown after an import: how many terms were taken. */
  noticeExtra?: string | undefined;
  search: string;
  searchError?: string[] | undefined;
  terms: readonly TermView[];
  total: number;
  offset: number;
  limit: number;
  mayAdd: boolean;
  mayEdit: boolean;
  mayUpload: boolean;
  /** Links to the API's file download, with ?format=. */
  downloadHref: string | null;
  addForm?: { values: Record<string, string>; errors?: FormState['errors'] };
  importForm?: { errors?: FormState['errors']; values: Record<string, string> };
}

/** The words for a term's flags. */
export function flagWords(t: Pick<TermView, 'forbidden' | 'readOnly'>): string {
  return [t.forbidden ? tr('Forbidden translation') : '', t.readOnly ? tr('Read-only (not translated)') : ''].filter(Boolean).join(', ');
}

export function termFields(isSource: boolean): FieldSpec[] {
  return [
    { name: 'source', label: tr('Term (source language)'), help: tr('The word or phrase as it appears in source strings.') },
    ...(isSource ? [] : [{ name: 'target', label: tr('Translation'), required: false, help: tr('Empty leaves the term untranslated.') }]),
    { name: 'forbidden', label: tr('Forbidden translation: translators must not use it'), type: 'checkbox' },
    { name: 'read_only', label: tr('Read-only: the term stays as it is (not translated)'), type: 'checkbox' },
  ];
}

const IMPORT_FIELDS = (): FieldSpec[] => [
  { name: 'file', label: tr('Glossary file (TBX or CSV)'), type: 'file', help: tr('A .tbx file, or a .csv file with "source" and "target" columns.') },
  {
    name: 'method',
    label: tr('What to do with the file'),
    type: 'select',
    options: [
      { value: 'add', label: tr('Add its new terms') },
      { value: 'translate', label: tr('Translate terms that are here already') },
    ],
  },
];

function pager(total: number, offset: number, limit: number, href: (offset: number) => string): SafeHtml {
  if (total <= limit) return html``;
  const prev = offset > 0 ? html`<a href="${href(Math.max(0, offset - limit))}" id="page-prev" rel="prev">${tr('Previous')}</a>` : '';
  const next = offset + limit < total ? html`<a href="${href(offset + limit)}" id="page-next" rel="next">${tr('Next')}</a>` : '';
  return html`<nav aria-label="${tr('Pages')}" class="actions"><p>${String(offset + 1)}–${String(Math.min(total, offset + limit))} of ${String(total)}</p>${prev} ${next}</nav>`;
}

/** /glossary/<project>/<component>/<language>/: the terms, a search, and the forms for those allowed. */
export function glossaryTermsPage(o: GlossaryTermsPageData): string {
  const here = `${o.base}${o.language.code}/`;
  const title = `${o.glossary.name} – ${o.language.name}`;
  const add: FormState = { viewer: o.viewer, values: o.addForm?.values ?? {}, errors: o.addForm?.errors };
  const imp: FormState = { viewer: o.viewer, values: o.importForm?.values ?? { method: 'add' }, errors: o.importForm?.errors };
  const search: FormState = { viewer: o.viewer, values: { q: o.search }, errors: o.searchError ? { q: o.searchError } : undefined };
  const notice = o.notice && NOTICES[o.notice] ? tr(NOTICES[o.notice]!) : undefined;
  const listHref = (offset: number) => `${here}?${new URLSearchParams({ ...(o.search ? { q: o.search } : {}), offset: String(offset) }).toString()}`;
  const fields = termFields(o.language.isSource);
  return page({
    title,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.glossary.name, href: o.base }, { label: o.language.name }],
    body: html`${notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${notice}${o.noticeExtra ? ` ${o.noticeExtra}` : ''}</p>` : ''}<h1 id="glossary-title">${title}</h1>
<form method="get" action="${here}" id="glossary-search" class="panel" role="search">
${field(search, { name: 'q', label: tr('Find terms'), type: 'search', required: false, help: tr('Words of the term or its translation, or a query such as source:word.') })}
<button type="submit" id="glossary-search-submit">${tr('Search')}</button>
</form>
${o.terms.length === 0
  ? html`<p id="glossary-empty">${o.search ? tr('No term matches the search.') : tr('The glossary has no terms yet.')}</p>`
  : html`<p class="muted">${o.search ? ntr('{n} term matches the search.', '{n} terms match the search.', o.total) : ntr('{n} term.', '{n} terms.', o.total)}</p>
<div class="table-wrap"><table id="glossary-terms" aria-labelledby="glossary-title"><thead><tr><th scope="col">${tr('Term')}</th>${o.language.isSource ? '' : html`<th scope="col">${tr('Translation')}</th>`}<th scope="col">${tr('Flags')}</th>${o.mayEdit ? html`<th scope="col">${tr('Actions')}</th>` : ''}</tr></thead>
<tbody>${o.terms.map(
      (t) => html`<tr id="term-${String(t.id)}"><td lang="${o.language.sourceCode}">${t.source}</td>${o.language.isSource ? '' : html`<td lang="${o.language.code}">${t.target || html`<span class="muted">${tr('Not translated')}</span>`}</td>`}<td>${flagWords(t)}</td>${
        o.mayEdit ? html`<td><a href="${here}term/${String(t.id)}/" id="edit-term-${String(t.id)}" aria-label="Edit the term ${t.source}">${tr('Edit')}</a></td>` : ''
      }</tr>`,
    )}</tbody></table></div>
${pager(o.total, o.offset, o.limit, listHref)}`}
${o.downloadHref ? html`<h2>${tr('Export')}</h2><ul class="plain" id="glossary-export"><li><a href="${o.downloadHref}?format=tbx" id="export-tbx">${tr('Download as TBX')}</a></li><li><a href="${o.downloadHref}?format=csv" id="export-csv">${tr('Download as CSV')}</a></li></ul>` : ''}
${o.mayAdd
  ? html`<h2>${tr('Add a term')}</h2>
${formErrors(add.errors, fields.map((f) => f.name))}
<form method="post" action="${here}add/" id="glossary-add" class="panel" novalidate>${csrfField(o.viewer)}
${fields.map((f) => field(add, f))}
<button type="submit" id="glossary-add-submit">${tr('Add the term')}</button>
</form>`
  : ''}
${o.mayUpload
  ? html`<h2>${tr('Import')}</h2>
${formErrors(imp.errors, IMPORT_FIELDS().map((f) => f.name))}
<form method="post" action="${here}import/" enctype="multipart/form-data" id="glossary-import" class="panel" novalidate>${csrfField(o.viewer)}
${IMPORT_FIELDS().map((f) => field(imp, f))}
<button type="submit" id="glossary-import-submit">${tr('Import the file')}</button>
</form>`
  : ''}`,
  });
}

export interface GlossaryTermPageData extends GlossaryPlace {
  viewer: Viewer;
  here: string;
  language: { name: string; code: string; isSource: boolean };
  term: TermView;
  values: Record<string, string>;
  errors?: FormState['errors'];
  mayDelete: boolean;
}

/** /glossary/<project>/<component>/<language>${tr('/term/')}<id>/: one term's translation and flags, and deleting it. */
export function glossaryTermPage(o: GlossaryTermPageData): string {
  const list = `${o.base}${o.language.code}/`;
  const action = `${list}term/${String(o.term.id)}/`;
  const fields = termFields(o.language.isSource).filter((f) => f.name !== 'source');
  const state: FormState = { viewer: o.viewer, values: o.values, errors: o.errors };
  return page({
    title: tr('Term {source}', { source: o.term.source }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.glossary.name, href: o.base }, { label: o.language.name, href: list }, { label: o.term.source }],
    body: html`<h1>${tr('Term “{source}”', { source: o.term.source })}</h1>
${formErrors(state.errors, fields.map((f) => f.name))}
<form method="post" action="${action}" id="glossary-term" class="panel" novalidate>${csrfField(o.viewer)}
${fields.map((f) => field(state, f))}
<button type="submit" id="glossary-term-submit">${tr('Save')}</button>
</form>
${o.mayDelete
  ? html`<h2>${tr('Delete')}</h2><form method="post" action="${action}delete/" id="glossary-term-delete" class="panel">${csrfField(o.viewer)}
<p>${tr('Deleting removes the term and its translations in every language.')}</p>
<button type="submit" class="danger" id="glossary-term-delete-submit">${tr('Delete the term')}</button></form>`
  : ''}
<p><a href="${list}" id="glossary-back">${tr('Back to the terms')}</a></p>`,
  });
}
