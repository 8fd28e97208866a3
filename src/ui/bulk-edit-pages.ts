// The bulk edit page of a translation: change the state, flags and labels of the strings a search finds, and search and
// replace in their translations after a preview of every change.
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { tr, ntr, trHtml } from './i18n.js';
import { field, formErrors, type FormErrors } from './forms.js';
import type { Common, TranslationPlace } from './pages.js';
import { translationCrumbs } from './widgets.js';

export interface BulkPageData extends Common, TranslationPlace {
  translationHref: string;
  translateHref: string;
  direction: string;
  sourceCode: string;
  sourceDirection: string;
  q: string;
  /** Strings the search finds (null when the query is invalid). */
  matched: number | null;
  labels: { id: number; name: string }[];
  canBulk: boolean;
  canReplace: boolean;
  /** Whether approving is offered (reviewers of a project with reviews). */
  canApprove: boolean;
  bulk?: { values: Record<string, string>; errors: FormErrors; addLabels: number[]; removeLabels: number[] };
  replace?: { values: Record<string, string>; errors: FormErrors };
  /** After a bulk edit or a replace: what changed. */
  result?: { kind: 'bulk' | 'replace'; changed: number; matched: number; skipped: number };
  preview?: { total: number; items: { id: number; source: string[]; before: string[]; after: string[] }[] };
}

/** The text with each occurrence of `search` marked as removed and `replacement` as inserted. */
function diff(text: string, search: string, replacement: string, which: 'before' | 'after'): SafeHtml {
  const parts = text.split(which === 'before' ? search : replacement);
  if (which === 'after' && replacement === '') return html`${text}`;
  return html`${parts.map((p, i) => html`${p}${i < parts.length - 1 ? (which === 'before' ? html`<del>${search}</del>` : html`<ins>${replacement}</ins>`) : ''}`)}`;
}

function labelChoices(name: string, legend: string, labels: BulkPageData['labels'], checked: number[], errors: FormErrors): SafeHtml {
  if (!labels.length) return html``;
  const messages = errors[name] ?? [];
  return html`<fieldset id="id_${name}"${messages.length ? html` aria-describedby="id_${name}_error"` : ''}><legend>${legend}</legend>
${labels.map((l) => html`<div class="check"><input type="checkbox" id="id_${name}_${l.id}" name="${name}" value="${l.id}"${checked.includes(l.id) ? html` checked` : ''}><label for="id_${name}_${l.id}">${l.name}</label></div>`)}
${messages.length ? html`<p class="error field-error" id="id_${name}_error">${messages.join(' ')}</p>` : ''}</fieldset>`;
}

/** What a bulk edit or a replace changed, in words: after it on this page, and on the page of the task that ran it. */
export function bulkResultText(r: NonNullable<BulkPageData['result']>): string {
  return r.kind === 'bulk'
    ? ntr('{n} string changed', '{n} strings changed', r.changed) + ' · ' + ntr('{n} string matched the search', '{n} strings matched the search', r.matched)
    : ntr('{n} translation replaced', '{n} translations replaced', r.changed) + (r.skipped ? ' · ' + ntr('{n} string skipped (no permission to change it)', '{n} strings skipped (no permission to change them)', r.skipped) : '');
}

function resultNotice(r: NonNullable<BulkPageData['result']>): SafeHtml {
  return html`<p class="message" role="status" id="bulk-result" tabindex="-1">${bulkResultText(r)}</p>`;
}

export function bulkEditPage(o: BulkPageData): string {
  const qs = o.q ? `?q=${encodeURIComponent(o.q)}` : '';
  const bulk = o.bulk ?? { values: {}, errors: {}, addLabels: [], removeLabels: [] };
  const rep = o.replace ?? { values: {}, errors: {} };
  const state = { viewer: o.viewer, values: bulk.values, errors: bulk.errors };
  const repState = { viewer: o.viewer, values: rep.values, errors: rep.errors };
  const qErrors = [...(bulk.errors.q ?? []), ...(rep.errors.q ?? [])];
  const hiddenQ = html`${csrfField(o.viewer)}<input type="hidden" name="q" value="${o.q}">`;
  const body = html`<h1>${trHtml('Bulk edit: {component} — {language}', { component: html`<span>${o.componentName}</span>`, language: html`<span>${o.languageName}</span>` })}</h1>
${o.result ? resultNotice(o.result) : ''}
<form method="get" action="${o.translateHref}bulk/" class="searchbar" role="search">
<div class="field"><label for="search-q">${tr('Strings to change (search)')}</label><input type="search" id="search-q" name="q" value="${o.q}" placeholder="state:needs-editing"${qErrors.length ? html` aria-invalid="true" aria-describedby="search-error"` : ''}></div>
<button type="submit" id="search-submit">${tr('Search')}</button></form>
${qErrors.length ? html`<p class="error" role="alert" id="search-error">${tr('Invalid search query: {error}', { error: qErrors.join(' ') })}</p>` : ''}
${o.matched !== null ? html`<p id="matched">${ntr('{n} string matches the search.', '{n} strings match the search.', o.matched)} <a href="${o.translateHref}?view=list${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}">${tr('Show them')}</a></p>` : ''}
${o.canBulk
    ? html`<section class="panel" aria-labelledby="bulk-title"><h2 id="bulk-title">${tr('Change state, flags and labels')}</h2>
${formErrors(bulk.errors, ['q', 'state', 'add_flags', 'remove_flags', 'add_labels', 'remove_labels'])}
<form method="post" action="${o.translateHref}bulk/" id="bulk-form">${hiddenQ}
${field(state, {
  name: 'state',
  label: tr('State'),
  type: 'select',
  required: false,
  options: [
    { value: '-1', label: tr('Do not change') },
    { value: '10', label: tr('Needs editing') },
    { value: '20', label: tr('Translated') },
    ...(o.canApprove ? [{ value: '30', label: tr('Approved') }] : []),
  ],
})}
${field(state, { name: 'add_flags', label: tr('Flags to add'), required: false, help: tr('Comma-separated, e.g. max-length:80, read-only') })}
${field(state, { name: 'remove_flags', label: tr('Flags to remove'), required: false })}
${labelChoices('add_labels', tr('Labels to add'), o.labels, bulk.addLabels, bulk.errors)}
${labelChoices('remove_labels', tr('Labels to remove'), o.labels, bulk.removeLabels, bulk.errors)}
<div class="actions"><button type="submit" id="bulk-submit">${tr('Apply to the matching strings')}</button></div>
</form></section>`
    : ''}
${o.canReplace
    ? html`<section class="panel" aria-labelledby="replace-title"><h2 id="replace-title">${tr('Search and replace')}</h2>
<p class="muted">${tr('Replaces text in the translations of the matching strings; their states stay. A preview lists every change first.')}</p>
${formErrors(rep.errors, ['q', 'search', 'replacement'])}
<form method="post" action="${o.translateHref}replace/" id="replace-form">${hiddenQ}
${field(repState, { name: 'search', label: tr('Search for'), maxLength: 1000 })}
${field(repState, { name: 'replacement', label: tr('Replace with'), required: false, maxLength: 1000 })}
${o.preview
        ? html`<section aria-labelledby="preview-title" class="replace-preview" id="replace-preview"><h3 id="preview-title">${ntr('Preview: {n} translation would change', 'Preview: {n} translations would change', o.preview.total)}</h3>
${o.preview.total > o.preview.items.length ? html`<p class="muted">${tr('The first {shown} are listed; applying changes all of them.', { shown: o.preview.items.length })}</p>` : ''}
${o.preview.items.length
            ? html`<div class="table-wrap"><table id="preview-table"><thead><tr><th scope="col">${tr('Change')}</th><th scope="col">${tr('Source')}</th><th scope="col">${tr('Before')}</th><th scope="col">${tr('After')}</th></tr></thead><tbody>
${o.preview.items.map((it) => html`<tr id="preview-${it.id}"><td><input type="checkbox" name="units" value="${it.id}" id="preview-unit-${it.id}" checked aria-label="${tr('Change string {id}', { id: it.id })}"></td>
<td lang="${o.sourceCode}" dir="${o.sourceDirection}">${it.source.join(' | ')}</td>
<td lang="${o.languageCode}" dir="${o.direction}" class="before">${it.before.map((f, i) => html`${i ? ' | ' : ''}${diff(f, rep.values.search ?? '', rep.values.replacement ?? '', 'before')}`)}</td>
<td lang="${o.languageCode}" dir="${o.direction}" class="after">${it.after.map((f, i) => html`${i ? ' | ' : ''}${diff(f, rep.values.search ?? '', rep.values.replacement ?? '', 'after')}`)}</td></tr>`)}
</tbody></table></div>${o.preview.total > o.preview.items.length ? html`<input type="hidden" name="all" value="1"><input type="hidden" name="listed" value="${o.preview.items.map((it) => it.id).join(',')}">` : ''}`
            : ''}</section>`
        : ''}
<div class="actions"><button type="submit" name="action" value="preview" id="replace-preview-submit"${o.preview ? html` class="secondary"` : ''}>${tr('Preview')}</button>
${o.preview && o.preview.total ? html`<button type="submit" name="action" value="apply" id="replace-apply">${tr('Replace')}</button>` : ''}</div>
</form></section>`
    : ''}
${!o.canBulk && !o.canReplace ? html`<p class="muted" id="bulk-denied">${tr('You do not have permission to bulk edit or replace strings in this translation.')}</p>` : ''}
<p><a href="${o.translateHref}${qs}">${tr('Back to the editor')}</a></p>`;
  return page({
    title: tr('Bulk edit: {component} — {language}', { component: o.componentName, language: o.languageName }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: translationCrumbs(o, tr('Bulk edit')),
    body,
  });
}
