// The screenshots pages of a component: the list with the upload form, and one screenshot with its strings, the search that
// assigns more, renaming, replacing the image and deleting it.
import { field, formErrors, type FieldSpec, type FormState } from './forms.js';
import { ntr, tr } from './i18n.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';

/** A source string as the pages show it: its forms and its context or key. */
export interface StringView {
  id: number;
  forms: string[];
  context: string;
}

export interface ScreenshotView {
  id: number;
  name: string;
  repositoryFilename: string;
  languageName: string;
  href: string;
  imageHref: string;
  strings: StringView[];
}

interface Place {
  viewer: Viewer;
  here: string;
  project: { name: string; href: string };
  component: { name: string; href: string };
  /** /screenshots/<project>/<component>/ */
  base: string;
  notice: string | null;
}

const message = (text: string | null): SafeHtml => (text ? html`<p class="message" role="status" id="notice" tabindex="-1">${text}</p>` : html``);

/** A string's text: its plural forms one after the other, its context or key after them. */
function stringText(s: StringView): SafeHtml {
  return html`<span class="string-source">${s.forms.join(' / ')}</span>${s.context ? html` <span class="muted">(<code>${s.context}</code>)</span>` : ''}`;
}

function pager(total: number, offset: number, limit: number, href: (offset: number) => string): SafeHtml {
  if (total <= limit) return html``;
  const prev = offset > 0 ? html`<a href="${href(Math.max(0, offset - limit))}" id="page-prev" rel="prev">${tr('Previous')}</a>` : '';
  const next = offset + limit < total ? html`<a href="${href(offset + limit)}" id="page-next" rel="next">${tr('Next')}</a>` : '';
  return html`<nav aria-label="${tr('Pages')}" class="actions"><p>${String(offset + 1)}–${String(Math.min(total, offset + limit))} of ${String(total)}</p>${prev} ${next}</nav>`;
}

export interface ScreenshotListData extends Place {
  screenshots: ScreenshotView[];
  total: number;
  offset: number;
  limit: number;
  /** The upload form, for those who may add screenshots: the component's languages and the form's state. */
  upload: (FormState & { languages: { code: string; name: string }[] }) | null;
}

const uploadFields = (languages: { code: string; name: string }[]): FieldSpec[] => [
  { name: 'name', label: tr('Screenshot name'), maxLength: 200, help: tr('For example the dialog or page it shows.') },
  { name: 'image', label: tr('Image file'), type: 'file', help: tr('A PNG, JPEG or WebP image.') },
  { name: 'language_code', label: tr('Language'), type: 'select', options: languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })), help: tr('The language of the text the screenshot shows.') },
];

/** /screenshots/<project>/<component>/: the component's screenshots with their strings, and the upload form. */
export function screenshotListPage(o: ScreenshotListData): string {
  const fields = o.upload ? uploadFields(o.upload.languages) : [];
  return page({
    title: tr('Screenshots – {component_name}', { component_name: o.component.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.component.name, href: o.component.href }, { label: tr('Screenshots') }],
    body: html`${message(o.notice)}<h1>${tr('Screenshots of {component_name}', { component_name: o.component.name })}</h1>
<p>${tr('Screenshots show translators where a string appears.')}</p>
${o.screenshots.length
  ? html`<ul class="plain" id="screenshots">${o.screenshots.map(
      (s) => html`<li class="panel" id="screenshot-${String(s.id)}"><h2><a href="${s.href}">${s.name}</a></h2>
<div class="shots"><a href="${s.href}"><img src="${s.imageHref}" alt="${tr('Screenshot: {name}', { name: s.name })}" loading="lazy"></a></div>
<p class="muted">${ntr('{language}, {n} string assigned', '{language}, {n} strings assigned', s.strings.length, { language: s.languageName })}</p>
${s.strings.length ? html`<ul class="screenshot-strings">${s.strings.map((u) => html`<li>${stringText(u)}</li>`)}</ul>` : ''}</li>`,
    )}</ul>
${pager(o.total, o.offset, o.limit, (offset) => `${o.base}?offset=${String(offset)}`)}`
  : html`<p class="muted" id="screenshots">${tr('No screenshots yet.')}</p>`}
${o.upload
  ? html`<h2>${tr('Upload a screenshot')}</h2>
${formErrors(o.upload.errors, fields.map((f) => f.name))}
<form method="post" action="${o.base}" enctype="multipart/form-data" id="screenshot-upload" class="panel" novalidate>${csrfField(o.viewer)}
${fields.map((f) => field(o.upload!, f))}
<button type="submit" id="screenshot-upload-submit">${tr('Upload')}</button>
</form>`
  : ''}`,
  });
}

export interface ScreenshotSearch {
  q: string;
  /** Why the query was refused, shown next to the search field. */
  error: string | null;
  total: number;
  offset: number;
  limit: number;
  results: (StringView & { assigned: boolean })[];
}

export interface ScreenshotPageData extends Place {
  screenshot: ScreenshotView;
  listHref: string;
  mayEdit: boolean;
  mayDelete: boolean;
  /** The search for strings to assign; null for those who may not change the screenshot. */
  search: ScreenshotSearch | null;
  /** The rename form's state. */
  edit?: FormState;
  replaceErrors?: FormState['errors'];
  deleteErrors?: FormState['errors'];
  /** A refused assignment: its messages and the strings that were ticked. */
  assign?: { errors: FormState['errors']; selected: number[] };
}

/** The search box and, once a query is given, the matching source strings as checkboxes with one "Assign" button. */
function searchSection(o: ScreenshotPageData, search: ScreenshotSearch): SafeHtml {
  const action = o.screenshot.href;
  const errors = o.assign?.errors?.unit_id ?? [];
  const selected = new Set(o.assign?.selected ?? []);
  const searchForm = html`<form method="get" action="${action}#assign" class="searchbar" role="search" id="string-search">
<div class="field"><label for="id_q">${tr('Find source strings')}</label><input type="search" id="id_q" name="q" value="${search.q}" aria-describedby="id_q_help${search.error ? ' id_q_error' : ''}"${search.error ? html` aria-invalid="true"` : ''}>
<p class="muted" id="id_q_help">${tr('Query language as in the API:')} <code>source:hello</code>, <code>key:login.title</code>, <code>location:main.c</code>, <code>AND</code>/<code>OR</code>/<code>NOT</code>.</p>
${search.error ? html`<p class="error field-error" id="id_q_error">${search.error}</p>` : ''}</div>
<button type="submit" id="string-search-submit">${tr('Search')}</button>
</form>`;
  if (!search.q || search.error) return searchForm;
  const choices = search.results.filter((r) => !r.assigned);
  const list = search.results.length
    ? html`${formErrors(o.assign?.errors, ['unit_id'])}
<form method="post" action="${action}units/" id="assign-strings" class="panel" novalidate>${csrfField(o.viewer)}
<input type="hidden" name="q" value="${search.q}"><input type="hidden" name="offset" value="${String(search.offset)}">
<fieldset id="id_unit_id" class="string-choices"${errors.length ? html` aria-describedby="id_unit_id_error" aria-invalid="true"` : ''}><legend>${ntr('{n} matching string', '{n} matching strings', search.total)}</legend>
${search.results.map((r) =>
  r.assigned
    ? html`<p class="check">${stringText(r)} <span class="muted">${tr('– already assigned')}</span></p>`
    : html`<div class="check"><input type="checkbox" name="unit_id" value="${String(r.id)}" id="unit-${String(r.id)}"${selected.has(r.id) ? html` checked` : ''}><label for="unit-${String(r.id)}">${stringText(r)}</label></div>`,
)}
${errors.length ? html`<p class="error field-error" id="id_unit_id_error">${errors.join(' ')}</p>` : ''}
</fieldset>
${choices.length ? html`<button type="submit" id="assign-strings-submit">${tr('Assign the ticked strings')}</button>` : ''}
</form>
${pager(search.total, search.offset, search.limit, (offset) => `${action}?q=${encodeURIComponent(search.q)}&offset=${String(offset)}#assign`)}`
    : html`<p class="muted" id="assign-strings">${tr('No source string matches.')}</p>`;
  return html`${searchForm}${list}`;
}

/** /screenshots/<project>/<component>/<id>/: the image, its strings (each with "Remove"), assigning strings, renaming, replacing, deleting. */
export function screenshotPage(o: ScreenshotPageData): string {
  const s = o.screenshot;
  const edit: FormState = o.edit ?? { viewer: o.viewer, values: { name: s.name, repository_filename: s.repositoryFilename } };
  const replace: FormState = { viewer: o.viewer, errors: o.replaceErrors };
  const del: FormState = { viewer: o.viewer, errors: o.deleteErrors };
  const editFields: FieldSpec[] = [
    { name: 'name', label: tr('Screenshot name'), maxLength: 200 },
    { name: 'repository_filename', label: tr('File in the repository'), required: false, maxLength: 200, help: tr('Optional: the path of this image in the source repository.') },
  ];
  return page({
    title: tr('Screenshot {name}', { name: s.name }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [{ label: tr('Dashboard'), href: '/' }, { label: o.project.name, href: o.project.href }, { label: o.component.name, href: o.component.href }, { label: tr('Screenshots'), href: o.listHref }, { label: s.name }],
    body: html`${message(o.notice)}<h1>${tr('Screenshot {name}', { name: s.name })}</h1>
<p class="muted">${s.languageName}</p>
<div class="shots"><a href="${s.imageHref}"><img src="${s.imageHref}" alt="${tr('Screenshot: {name}', { name: s.name })}" id="screenshot-image"></a></div>
<h2>${tr('Strings on this screenshot')}</h2>
${s.strings.length
  ? html`<ul class="plain screenshot-strings" id="assigned-strings">${s.strings.map(
      (u) => html`<li class="actions">${stringText(u)}${o.mayEdit
        ? html`<form method="post" action="${s.href}units/remove/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="unit_id" value="${String(u.id)}"><button type="submit" class="secondary" id="remove-${String(u.id)}">${tr('Remove')}<span class="visually-hidden"> ${u.forms[0] ?? ''}</span></button></form>`
        : ''}</li>`,
    )}</ul>`
  : html`<p class="muted" id="assigned-strings">${tr('No strings are assigned yet.')}</p>`}
${o.search ? html`<h2 id="assign">${tr('Assign strings')}</h2>${searchSection(o, o.search)}` : ''}
${o.mayEdit
  ? html`<h2>${tr('Rename')}</h2>
${formErrors(edit.errors, editFields.map((f) => f.name))}
<form method="post" action="${s.href}" id="screenshot-edit" class="panel" novalidate>${csrfField(o.viewer)}
${editFields.map((f) => field(edit, f))}
<button type="submit" id="screenshot-edit-submit">${tr('Save')}</button>
</form>
<h2>${tr('Replace the image')}</h2>
${formErrors(replace.errors, ['image'])}
<form method="post" action="${s.href}file/" enctype="multipart/form-data" id="screenshot-replace" class="panel" novalidate>${csrfField(o.viewer)}
${field(replace, { name: 'image', label: tr('New image file'), type: 'file', help: tr('A PNG, JPEG or WebP image; the strings stay assigned.') })}
<button type="submit" id="screenshot-replace-submit">${tr('Replace the image')}</button>
</form>`
  : ''}
${o.mayDelete
  ? html`<h2>${tr('Delete')}</h2>
${formErrors(del.errors, ['confirm'])}
<form method="post" action="${s.href}delete/" id="screenshot-delete" class="panel" novalidate>${csrfField(o.viewer)}
${field(del, { name: 'confirm', label: tr('Yes, delete the screenshot {name}', { name: s.name }), type: 'checkbox' })}
<button type="submit" id="screenshot-delete-submit" class="danger">${tr('Delete the screenshot')}</button>
</form>`
  : ''}`,
  });
}
