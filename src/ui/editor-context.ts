// The editor's context panels (nearby strings, other languages, glossary terms, history) and word-level diffs.
import { diffWords } from 'diff';
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';
import { assetUrl } from './assets.js';
import { tr, trHtml } from './i18n.js';
import { seg, translationCrumbs } from './widgets.js';
import { stateBadge } from './editor.js';
import type { TranslationPlace } from './pages.js';
import type { HistoryEntry } from '../services/editing/unit-context.js';
import { splitPlurals } from '../domain/plurals.js';
import { ACTION_NAMES } from '../domain/change-actions.js';

export const CONTEXT_PANELS = ['nearby', 'languages', 'glossary', 'history'] as const;
export type ContextPanel = (typeof CONTEXT_PANELS)[number];

export function isContextPanel(name: string): name is ContextPanel {
  return (CONTEXT_PANELS as readonly string[]).includes(name);
}

/** The address of a unit's context pages: `<translate>context/<unit id>/<panel>/`. */
export function contextBase(translateHref: string, unitId: number): string {
  return `${translateHref}context/${unitId}/`;
}

function panelTitle(panel: ContextPanel): string {
  switch (panel) {
    case 'nearby':
      return tr('Nearby strings');
    case 'languages':
      return tr('Other languages');
    case 'glossary':
      return tr('Glossary terms');
    case 'history':
      return tr('History');
  }
}

function showLink(panel: ContextPanel): string {
  switch (panel) {
    case 'nearby':
      return tr('Show the nearby strings');
    case 'languages':
      return tr('Show this string in other languages');
    case 'glossary':
      return tr('Show the glossary terms of this string');
    case 'history':
      return tr('Show the history of this string');
  }
}

// ---------------------------------------------------------------- word diffs

/** Beyond this many changed words a diff shows the whole old text removed and the new one added. */
const MAX_EDITS = 2000;

/** Languages written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer, Burmese, Tibetan. */
const NO_SPACES = /^(zh|ja|th|lo|km|my|bo)([-_@]|$)/i;
const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: string): Intl.Segmenter {
  let seg = segmenters.get(lang);
  if (!seg) {
    try {
      seg = new Intl.Segmenter(lang.replace(/_/g, '-'), { granularity: 'word' });
    } catch {
      seg = new Intl.Segmenter('en', { granularity: 'word' });
    }
    if (segmenters.size < 500) segmenters.set(lang, seg);
  }
  return seg;
}

/**
 * The words of `to` compared with `from`: removed words in <del>, added ones in <ins>, each announced to screen
 * readers (which do not read the elements themselves) by a visually hidden word.
 */
export function wordDiff(from: string, to: string, lang?: string): SafeHtml {
  // Languages written without spaces get their words from Intl.Segmenter (ten times slower, so only for them);
  // a bound on very different long texts.
  const parts = diffWords(from, to, { maxEditLength: MAX_EDITS, ...(lang && NO_SPACES.test(lang) ? { intlSegmenter: segmenter(lang) } : {}) }) ?? [
    { value: from, removed: true, added: false, count: 1 },
    { value: to, removed: false, added: true, count: 1 },
  ];
  const removed = tr('Removed:');
  const added = tr('Added:');
  return html`${parts.map((p) =>
    p.removed
      ? html`<del><span class="visually-hidden">${removed} </span>${p.value}</del>`
      : p.added
        ? html`<ins><span class="visually-hidden">${added} </span>${p.value}</ins>`
        : html`${p.value}`,
  )}`;
}

/** Each plural form of `from` against the same form of `to` (joined texts as stored). */
function formDiffs(from: string, to: string, lang: string, dir: string, cls = ''): SafeHtml {
  const a = splitPlurals(from);
  const b = splitPlurals(to);
  const n = Math.max(a.length, b.length);
  return html`${Array.from({ length: n }, (_, i) => html`<div class="source-text diff${cls}" lang="${lang}" dir="${dir}">${wordDiff(a[i] ?? '', b[i] ?? '', lang)}</div>`)}`;
}

/** The source change of a string: its previous source against the current one, word by word. */
export function sourceChange(previous: string, source: readonly string[], lang: string, dir: string): SafeHtml {
  const prev = splitPlurals(previous);
  return html`<div id="previous-source" class="previous-source"><p class="muted">${tr('The source string changed. Differences from the previous source:')}</p>
${source.map((text, i) => html`<div class="source-text diff" lang="${lang}" dir="${dir}">${wordDiff(prev[i] ?? '', text, lang)}</div>`)}</div>`;
}

// ---------------------------------------------------------------- the panels on the editor page

/** Empty panels on the editor page that editor-context.js fills from their fragment addresses; links without JavaScript. */
export function contextPanels(o: { translateHref: string; unitId: number }): SafeHtml {
  const base = contextBase(o.translateHref, o.unitId);
  return html`<div class="context-panels" id="context-panels">${CONTEXT_PANELS.map(
    (panel) => html`<section class="panel context-panel" id="context-${panel}" aria-labelledby="context-${panel}-title"><h2 id="context-${panel}-title">${panelTitle(panel)}</h2>
<div class="context-body" id="context-${panel}-body" data-context-url="${base}${panel}/?fragment=1"><p class="muted" data-context-status><a href="${base}${panel}/" id="context-${panel}-link">${showLink(panel)}</a></p></div>
</section>`,
  )}</div>
<script src="${assetUrl('editor-context.js')}" defer></script>`;
}

// ---------------------------------------------------------------- fragments

export interface ContextPlace {
  translateHref: string;
  languageCode: string;
  direction: string;
  sourceCode: string;
  sourceDirection: string;
}

interface ContextString {
  id: number;
  source: string;
  target: string;
  state: number;
  context: string;
}

const editorHref = (translateHref: string, id: number) => `${translateHref}?id=${id}`;
const firstForm = (text: string) => splitPlurals(text)[0] ?? '';
const when = (timestamp: string) => html`<time datetime="${timestamp}">${timestamp.slice(0, 16).replace('T', ' ')}</time>`;

function stringItem(o: ContextPlace, u: ContextString, current: boolean): SafeHtml {
  const target = firstForm(u.target);
  const texts = html`<span class="nearby-source" lang="${o.sourceCode}" dir="${o.sourceDirection}">${firstForm(u.source)}</span>
<span class="nearby-target" lang="${o.languageCode}" dir="${o.direction}">${target || html`<span class="muted">${tr('(not translated)')}</span>`}</span>`;
  return current
    ? html`<li class="nearby current" id="nearby-${u.id}" aria-current="true"><strong>${tr('This string:')}</strong> ${texts} ${stateBadge(u.state)}</li>`
    : html`<li class="nearby" id="nearby-${u.id}"><a href="${editorHref(o.translateHref, u.id)}" id="nearby-link-${u.id}">${texts}</a> ${stateBadge(u.state)}${u.context ? html` <span class="muted">${u.context}</span>` : ''}</li>`;
}

export function nearbyFragment(o: ContextPlace & { before: ContextString[]; unit: ContextString; after: ContextString[] }): SafeHtml {
  return html`<ol class="plain context-list" id="nearby-list">${o.before.map((u) => stringItem(o, u, false))}${stringItem(o, o.unit, true)}${o.after.map((u) => stringItem(o, u, false))}</ol>`;
}

export interface LanguageView {
  id: number;
  code: string;
  name: string;
  direction: string;
  target: string;
  state: number;
  secondary: boolean;
  /** The string's editor in that language. */
  href: string;
}

export function languagesFragment(o: { languages: LanguageView[] }): SafeHtml {
  if (o.languages.length === 0) return html`<p class="muted" id="no-languages">${tr('This string has no other translations in this component.')}</p>`;
  return html`<ul class="plain context-list" id="languages-list">${o.languages.map((l) => {
    const forms = splitPlurals(l.target);
    const dir = l.direction === 'rtl' ? 'rtl' : 'ltr';
    return html`<li class="other-language" id="language-${seg(l.code)}" data-copy-item>
<div><a href="${l.href}" id="language-link-${seg(l.code)}">${l.name}</a>${l.secondary ? html` <span class="state translated">${tr('Secondary language')}</span>` : ''} ${stateBadge(l.state)}</div>
${l.target ? forms.map((text, i) => html`<div class="source-text" lang="${l.code}" dir="${dir}" data-copy-form="${i}">${text}</div>`) : html`<p class="muted">${tr('(not translated)')}</p>`}
${l.target ? html`<button type="button" class="secondary" hidden data-copy-language id="copy-language-${seg(l.code)}" aria-label="${tr('Copy the {language} translation into the translation field', { language: l.name })}">${tr('Copy')}</button>` : ''}
</li>`;
  })}</ul>`;
}

export interface GlossaryTermView {
  source: string;
  target: string;
  explanation: string;
  forbidden: boolean;
  readOnly: boolean;
}

export function glossaryFragment(o: ContextPlace & { terms: GlossaryTermView[] }): SafeHtml {
  if (o.terms.length === 0) return html`<p class="muted" id="no-glossary-terms">${tr('No glossary terms found in this string.')}</p>`;
  return html`<div class="table-wrap"><table id="glossary-terms"><thead><tr><th scope="col">${tr('Term')}</th><th scope="col">${tr('Translation')}</th><th scope="col">${tr('Notes')}</th></tr></thead>
<tbody>${o.terms.map(
    (t) => html`<tr${t.forbidden ? html` class="forbidden-term"` : ''}><td lang="${o.sourceCode}" dir="${o.sourceDirection}">${t.source}</td>
<td lang="${o.languageCode}" dir="${o.direction}">${t.forbidden ? html`<del>${t.target}</del>` : t.target || html`<span class="muted">${tr('(not translated)')}</span>`}</td>
<td>${t.forbidden ? html`<span class="state empty">${tr('Forbidden translation: do not use it')}</span> ` : ''}${t.readOnly ? html`<span class="state fuzzy">${tr('Read-only: keep the term untranslated')}</span> ` : ''}${t.explanation}</td></tr>`,
  )}</tbody></table></div>`;
}

function version(o: ContextPlace & { current: string; canRevert: boolean; viewer: Viewer; revertHref: string }, changeId: number, text: string, to: 'target' | 'old'): SafeHtml {
  const id = to === 'old' ? `${changeId}-old` : String(changeId);
  if (text === o.current) {
    return html`${splitPlurals(text).map((t) => html`<div class="source-text" lang="${o.languageCode}" dir="${o.direction}">${t || html`<span class="muted">${tr('(empty)')}</span>`}</div>`)}<p class="muted" id="history-current-${id}">${tr('This is the current translation.')}</p>`;
  }
  return html`${formDiffs(text, o.current, o.languageCode, o.direction)}
${o.canRevert ? html`<form method="post" action="${o.revertHref}" class="inline">${csrfField(o.viewer)}<input type="hidden" name="change" value="${changeId}"><input type="hidden" name="to" value="${to}"><button type="submit" class="secondary" id="revert-${id}">${tr('Revert to this text')}</button></form>` : ''}`;
}

export function historyFragment(o: ContextPlace & { entries: HistoryEntry[]; current: string; canRevert: boolean; viewer: Viewer; revertHref: string }): SafeHtml {
  if (o.entries.length === 0) return html`<p class="muted" id="no-history">${tr('No changes of this string are recorded.')}</p>`;
  const who = (e: HistoryEntry) => (e.username ? html`<a href="/user/${seg(e.username)}/" class="user-link">${e.fullName || e.username}</a>` : tr('Anonymous'));
  return html`<p class="muted">${trHtml('Each earlier text is compared with the current translation: {removed} words are no longer in it, {added} words are new.', { removed: html`<del>${tr('struck-through')}</del>`, added: html`<ins>${tr('underlined')}</ins>` })}</p>
<ol class="plain context-list" id="history-list">${o.entries.map(
    (e) => html`<li class="history-entry" id="history-${e.id}"><div class="muted"><strong>${ACTION_NAMES[e.action] ? tr(ACTION_NAMES[e.action]!) : tr('Action {number}', { number: e.action })}</strong> · ${who(e)} · ${when(e.timestamp)}</div>
${e.text !== null ? version(o, e.id, e.text, 'target') : ''}
${e.before !== null ? html`<div class="history-before"><p class="muted">${tr('Before this change:')}</p>${version(o, e.id, e.before, 'old')}</div>` : ''}</li>`,
  )}</ol>`;
}

/** A context panel as a page of its own (the panels' links when the script does not run). */
export function contextPage(o: TranslationPlace & { viewer: Viewer; here: string; translationHref: string; translateHref: string; unitId: number; panel: ContextPanel; source: string; body: SafeHtml; sourceCode: string; sourceDirection: string }): string {
  const title = panelTitle(o.panel);
  const back = editorHref(o.translateHref, o.unitId);
  return page({
    title: `${title} — ${o.componentName} — ${o.languageName}`,
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: [...translationCrumbs(o, { label: tr('Translate'), href: back }), { label: title }],
    body: html`<h1>${title}</h1>
<p>${trHtml('Of the string {source}.', { source: html`<span lang="${o.sourceCode}" dir="${o.sourceDirection}">“${o.source}”</span>` })} <a href="${back}" id="back-to-editor">${tr('Back to the editor')}</a></p>
<section class="panel" id="context-${o.panel}">${o.body}</section>`,
  });
}
