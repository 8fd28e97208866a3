// Zen mode: the strings of a search as one continuous list, each translated in place (zen.js saves and loads more).
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { tr, trHtml } from './i18n.js';
import { assetUrl } from './assets.js';
import { fieldCounter, specialCharsBar } from './editor-tools.js';
import { stateBadge } from './editor.js';
import type { Common, TranslationPlace } from './pages.js';
import { translationCrumbs } from './widgets.js';

export interface ZenRow {
  id: number;
  source: string[];
  target: string[];
  /** Labels of the source forms and of the target forms (category and example numbers), empty for single strings. */
  sourceLabels: string[];
  targetLabels: string[];
  context: string;
  state: number;
  fuzzy: boolean;
  maxLength: number | null;
  /** Why the string cannot be saved here, or null. */
  denied: string | null;
  /** The refusal of the last save without JavaScript, and what was typed then. */
  error?: string | null;
  draft?: string[] | null;
}

export interface ZenData extends Common, TranslationPlace {
  translationHref: string;
  translateHref: string;
  direction: string;
  sourceCode: string;
  sourceDirection: string;
  q: string;
  searchError: string | null;
  offset: number;
  total: number;
  pageSize: number;
  rows: ZenRow[];
}

const query = (o: Pick<ZenData, 'q'>, offset: number) => `offset=${offset}${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}`;

function zenRow(o: ZenData, r: ZenRow, n: number): SafeHtml {
  const forms = r.draft ?? r.target;
  const label = (i: number) => (r.targetLabels.length > 1 && r.targetLabels[i] ? tr('Translation, plural form {n}: {name}', { n: i + 1, name: r.targetLabels[i]! }) : tr('Translation'));
  const rowId = `zen-${r.id}`;
  return html`<li class="zen-row" id="${rowId}" data-zen-row>
<div class="zen-source"><div class="muted">${tr('String {n}', { n })}${r.context ? html` · <span>${r.context}</span>` : ''} · <span data-zen-state>${stateBadge(r.state)}</span></div>
${r.source.map((text, i) => html`${r.source.length > 1 ? html`<div class="form-label">${r.sourceLabels[i] ?? tr('Form {n}', { n: i + 1 })}</div>` : ''}<div class="source-text" id="${rowId}-source-${i}" lang="${o.sourceCode}" dir="${o.sourceDirection}">${text}</div>`)}
<a href="${o.translateHref}?id=${r.id}${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}" class="muted">${tr('Open in the editor')}</a></div>
<div class="zen-target">${
    r.denied
      ? html`${forms.map((text, i) => html`<div class="form-label">${label(i)}</div><div class="source-text" lang="${o.languageCode}" dir="${o.direction}">${text || html`<span class="muted">${tr('(empty)')}</span>`}</div>`)}<p class="muted">${r.denied}</p>`
      : html`<form method="post" action="${o.translateHref}zen/" data-zen-form>${csrfField(o.viewer)}
<input type="hidden" name="id" value="${r.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">
${forms.map((text, i) => html`<div class="field"><label for="${rowId}-target-${i}">${label(i)}</label>
<textarea id="${rowId}-target-${i}" name="target_${i}" lang="${o.languageCode}" dir="${o.direction}" rows="2" data-zen-field${r.error ? html` aria-invalid="true" aria-describedby="${rowId}-status"` : ''}>
${text}</textarea>${fieldCounter(`${rowId}-target-${i}`, text, r.maxLength)}</div>`)}
${specialCharsBar(o.languageCode, `${rowId}-chars`)}
<label class="check" for="${rowId}-fuzzy"><input type="checkbox" id="${rowId}-fuzzy" name="fuzzy" value="1"${r.fuzzy ? html` checked` : ''}> ${tr('Needs editing')}</label>
<div class="actions"><button type="submit" class="secondary" id="${rowId}-save" data-zen-save>${tr('Save')}</button></div>
</form>`
  }
<p class="zen-status${r.error ? ' error' : ''}" id="${rowId}-status" role="status" data-zen-status>${r.error ?? ''}</p></div>
</li>`;
}

/** The rows of one page and the link to the next page, the fragment zen.js appends as the reader scrolls. */
export function zenRows(o: ZenData): SafeHtml {
  const next = o.offset + o.rows.length < o.total ? o.offset + o.pageSize : null;
  return html`${o.rows.map((r, i) => zenRow(o, r, o.offset + i + 1))}
${next !== null ? html`<li class="zen-more" data-zen-more><a class="button secondary" id="zen-next" href="${o.translateHref}?view=zen&${query(o, next)}" data-fragment="${o.translateHref}zen/rows/?${query(o, next)}">${tr('More strings')}</a></li>` : ''}`;
}

export function zenRowsFragment(o: ZenData): string {
  return zenRows(o).value;
}

export function zenPage(o: ZenData): string {
  const prev = o.offset > 0 ? Math.max(0, o.offset - o.pageSize) : null;
  const body = html`<script src="${assetUrl('editor-tools.js')}" defer></script><script src="${assetUrl('zen.js')}" defer></script>
<h1>${trHtml('Zen mode: {component} — {language}', { component: html`<span>${o.componentName}</span>`, language: html`<span>${o.languageName}</span>` })}</h1>
<form method="get" action="${o.translateHref}" class="searchbar" role="search"><input type="hidden" name="view" value="zen">
<div class="field"><label for="search-q">${tr('Search strings')}</label><input type="search" id="search-q" name="q" value="${o.q}" placeholder="state:&lt;translated"${o.searchError ? html` aria-invalid="true" aria-describedby="search-error"` : ''}></div>
<button type="submit" id="search-submit">${tr('Search')}</button></form>
${o.searchError ? html`<p class="error" role="alert" id="search-error">${tr('Invalid search query: {error}', { error: o.searchError })}</p>` : ''}
<nav class="nav-units" aria-label="${tr('Strings')}"><span id="position">${o.total ? tr('Strings {from}–{to} of {total}', { from: o.offset + 1, to: Math.min(o.total, o.offset + o.rows.length), total: o.total }) : tr('No strings match.')}</span>
${prev !== null ? html`<a class="button secondary" id="zen-prev" rel="prev" href="${o.translateHref}?view=zen&${query(o, prev)}">${tr('Previous strings')}</a>` : ''}
<a href="${o.translateHref}?${query(o, o.offset)}" id="editor-view">${tr('Back to the editor')}</a></nav>
<p class="muted">${tr('Each translation is saved when you leave its field, or with Ctrl+Enter.')}</p>
<ol class="zen-list" id="zen-list" data-zen-list>${zenRows(o)}</ol>`;
  return page({
    title: tr('Zen mode: {component} — {language}', { component: o.componentName, language: o.languageName }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: translationCrumbs(o, tr('Zen mode')),
    body,
  });
}
