// The translation editor: one string at a time (form POST saves, suggestions, comments) and the list view.
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { notice, translationCrumbs, userLink } from './widgets.js';
import { approveButton, checksPanel, reviewQueueLink, type CheckView } from './editor-review.js';
import { ntr, tr, trHtml } from './i18n.js';
import { fieldCounter, specialCharsBar } from './editor-tools.js';
import { assetUrl } from './assets.js';
import { msgid } from '../shared/msgid.js';
import type { Common, TranslationPlace } from './pages.js';
import { contextPanels, sourceChange } from './editor-context.js';
import { liveRegion } from './live.js';
import { STATE_FUZZY, STATE_TRANSLATED } from '../domain/unit-states.js';

export interface EditorUnit {
  id: number;
  source: string[];
  target: string[];
  context: string;
  location: string;
  note: string;
  flags: string;
  explanation: string;
  state: number;
  previousSource: string;
  /** The stored checks; with the registry's texts (CheckDismissalService.describe) the editor explains them. */
  checks: (Pick<CheckView, 'name' | 'dismissed'> & Partial<CheckView>)[];
  screenshots: { id: number; name: string }[];
  labels: string[];
  /** The max-length flag's limit, shown by the counter under each translation field. */
  maxLength?: number | null;
}

export interface EditorSuggestion {
  id: number;
  target: string[];
  username: string | null;
  votes: number;
  timestamp: string;
  canDelete: boolean;
  /** The viewer wrote it: removing it is deleting, not rejecting. */
  own?: boolean;
}

export interface EditorComment {
  id: number;
  text: string;
  username: string | null;
  timestamp: string;
  scope: string;
}

export interface EditorPermissions {
  edit: boolean;
  /** Why the string cannot be saved here (read-only, approved, locked ...), shown instead of the Save buttons. */
  editDenied: string | null;
  suggest: boolean;
  vote: boolean;
  accept: boolean;
  comment: boolean;
  machinery: boolean;
  /** Dismiss and restore failing checks (unit.check). */
  dismiss?: boolean;
  /** Approve strings (review turned on, unit.review). */
  review?: boolean;
}

export interface EditorData extends Common, TranslationPlace {
  translationHref: string;
  translateHref: string;
  direction: string;
  sourceCode: string;
  sourceDirection: string;
  /** Plural category names of the target forms (["one", "few", "other"]); empty names for non-plural strings. */
  pluralNames: string[];
  sourcePluralNames: string[];
  q: string;
  searchError: string | null;
  offset: number;
  total: number;
  unit: EditorUnit | null;
  prevHref: string | null;
  nextHref: string | null;
  permissions: EditorPermissions;
  suggestions: EditorSuggestion[];
  comments: EditorComment[];
  machineryUrl: string | null;
  saveError: string | null;
  /** What the user typed when saving failed, so nothing is lost. */
  draft: string[] | null;
  /** The bulk edit and search and replace page for the search, for those allowed. */
  bulkHref?: string | null;
}

export const STATE_NAMES: Record<number, [string, string]> = {
  0: [msgid('Not translated'), 'empty'],
  10: [msgid('Needs editing'), 'fuzzy'],
  11: [msgid('Needs rewriting'), 'fuzzy'],
  12: [msgid('Needs checking'), 'fuzzy'],
  20: [msgid('Translated'), 'translated'],
  30: [msgid('Approved'), 'translated'],
  100: [msgid('Read-only'), 'translated'],
};

export function stateBadge(state: number): SafeHtml {
  const [label, cls] = STATE_NAMES[state] ? [tr(STATE_NAMES[state]![0]), STATE_NAMES[state]![1]] : [tr('State {state}', { state }), 'empty'];
  return html`<span class="state ${cls}">${label}</span>`;
}

function searchForm(o: { translateHref: string; q: string; list: boolean; error: string | null }): SafeHtml {
  return html`<form method="get" action="${o.translateHref}" class="searchbar" role="search">
<div class="field"><label for="search-q">${tr('Search strings')}</label><input type="search" id="search-q" name="q" value="${o.q}" placeholder="state:<translated AND source:hello" aria-describedby="search-help${o.error ? ' search-error' : ''}"${o.error ? html` aria-invalid="true"` : ''}></div>
${o.list ? html`<input type="hidden" name="view" value="list">` : ''}
<button type="submit" id="search-submit">${tr('Search')}</button>
<p id="search-help" class="muted">${trHtml('Query language: {examples}.', { examples: html`<code>state:needs-editing</code>, <code>has:suggestion</code>, <code>source:"text"</code>, <code>AND</code>/<code>OR</code>/<code>NOT</code>` })}</p>
</form>
${o.error ? html`<p class="error" role="alert" id="search-error">${tr('Invalid search query: {error}', { error: o.error })}</p>` : ''}`;
}

function navigation(o: EditorData): SafeHtml {
  const list = `${o.translateHref}?view=list${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}`;
  const at = (offset: number) => `${o.translateHref}?offset=${offset}${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}`;
  return html`<nav class="nav-units" aria-label="${tr('Strings')}" data-first-href="${at(0)}" data-last-href="${at(Math.max(0, o.total - 1))}">
${o.prevHref ? html`<a class="button secondary" id="prev" href="${o.prevHref}" rel="prev" aria-keyshortcuts="Alt+PageUp">${tr('← Previous')}</a>` : html`<span class="muted">${tr('← Previous')}</span>`}
<span id="position">${tr('String {position} of {total}', { position: o.total ? o.offset + 1 : 0, total: o.total })}</span>
${o.nextHref ? html`<a class="button secondary" id="next" href="${o.nextHref}" rel="next" aria-keyshortcuts="Alt+PageDown">${tr('Next →')}</a>` : html`<span class="muted">${tr('Next →')}</span>`}
<a href="${list}" id="list-view">${tr('List view')}</a>
<a href="${o.translateHref}?view=zen${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}" id="zen-view">${tr('Zen mode')}</a>
${o.bulkHref ? html`<a href="${o.bulkHref}" id="bulk-edit-link">${tr('Bulk edit')}</a>` : ''}
<button type="button" class="secondary" id="shortcuts-open" data-show-shortcuts hidden>${tr('Keyboard shortcuts')}</button>
</nav>`;
}

function formLabel(names: string[], i: number, what: string): string {
  const name = names[i];
  if (names.length <= 1 || !name) return what;
  return tr('{what}, plural form {n}: {name}', { what, n: i + 1, name });
}

function sourceBlock(o: EditorData, u: EditorUnit): SafeHtml {
  return html`<section aria-labelledby="source-title"><h2 id="source-title">${tr('Source')}</h2>
${u.source.map((text, i) => html`${u.source.length > 1 ? html`<div class="form-label">${o.sourcePluralNames[i] ?? tr('Form {n}', { n: i + 1 })}</div>` : ''}<div class="source-text" id="source-${i}" lang="${o.sourceCode}" dir="${o.sourceDirection}">${text}</div>`)}
${u.previousSource ? sourceChange(u.previousSource, u.source, o.sourceCode, o.sourceDirection) : ''}
</section>`;
}

/** What the string comes with (context, location, notes, flags, labels, state, screenshots), below the fields. */
function metaBlock(u: EditorUnit): SafeHtml {
  return html`<section aria-labelledby="meta-title" id="unit-details"><h2 id="meta-title">${tr('String information')}</h2>
<dl class="meta" id="unit-meta">
${u.context ? html`<dt>${tr('Context')}</dt><dd id="unit-context">${u.context}</dd>` : ''}
${u.location ? html`<dt>${tr('Location')}</dt><dd id="unit-location">${u.location}</dd>` : ''}
${u.note ? html`<dt>${tr('Notes')}</dt><dd id="unit-note">${u.note}</dd>` : ''}
${u.explanation ? html`<dt>${tr('Explanation')}</dt><dd>${u.explanation}</dd>` : ''}
${u.flags ? html`<dt>${tr('Flags')}</dt><dd class="flags" id="unit-flags">${u.flags.split(',').map((f) => html`<code>${f.trim()}</code> `)}</dd>` : ''}
${u.labels.length ? html`<dt>${tr('Labels')}</dt><dd>${u.labels.join(', ')}</dd>` : ''}
<dt>${tr('State')}</dt><dd id="unit-state">${stateBadge(u.state)}</dd>
</dl>
${u.screenshots.length ? html`<div class="shots"><h3>${tr('Screenshots')}</h3>${u.screenshots.map((s) => html`<figure><a href="/api/screenshots/${s.id}/file/"><img src="/api/screenshots/${s.id}/file/" alt="${tr('Screenshot: {name}', { name: s.name })}" loading="lazy"></a><figcaption>${s.name}</figcaption></figure>`)}</div>` : ''}
</section>`;
}

function targetForm(o: EditorData, u: EditorUnit): SafeHtml {
  const p = o.permissions;
  const forms = o.draft ?? u.target;
  const canWrite = p.edit || p.suggest;
  return html`<section aria-labelledby="target-title"><h2 id="target-title">${tr('Translation')} <span class="muted">(${o.languageName})</span></h2>
${o.saveError ? html`<p class="error" role="alert" id="save-error">${tr(o.saveError)}</p>` : ''}
${canWrite
    ? html`<form method="post" action="${o.translateHref}" id="translate-form">${csrfField(o.viewer)}
<input type="hidden" name="id" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">
${forms.map((text, i) => html`<div class="field"><label for="target-${i}">${formLabel(o.pluralNames, i, tr('Translation'))}</label>
<textarea id="target-${i}" name="target_${i}" lang="${o.languageCode}" dir="${o.direction}" data-target-form="${i}" rows="3"${p.edit ? '' : html` aria-describedby="suggest-only"`}>
${text}</textarea>
<div class="field-tools">${fieldCounter(`target-${i}`, text, u.maxLength ?? null)}<button type="button" class="secondary" data-copy-source="target-${i}" id="copy-source-${i}" aria-keyshortcuts="Control+B">${tr('Copy source')}</button></div></div>`)}
${p.edit
        ? html`<label class="check" for="fuzzy"><input type="checkbox" id="fuzzy" name="fuzzy" value="1"${u.state >= STATE_FUZZY && u.state < STATE_TRANSLATED ? html` checked` : ''} aria-keyshortcuts="Control+E"> ${tr('Needs editing')}</label>
<div class="actions"><button type="submit" name="action" value="save-next" id="save-next" aria-keyshortcuts="Control+Enter">${tr('Save and continue')}</button>
<button type="submit" name="action" value="save" id="save" class="secondary" aria-keyshortcuts="Control+Shift+Enter">${tr('Save and stay')}</button>
${approveButton({ translateHref: o.translateHref, canReview: !!p.review, state: u.state })}
${p.suggest ? html`<button type="submit" name="action" value="suggest" id="suggest" class="secondary">${tr('Suggest')}</button>` : ''}</div>`
        : html`<p class="muted" id="suggest-only">${p.editDenied ? tr(p.editDenied) : tr('You can only suggest changes to this string.')}</p>
${p.suggest ? html`<div class="actions"><button type="submit" name="action" value="suggest" id="suggest">${tr('Suggest')}</button></div>` : ''}`}
${specialCharsBar(o.languageCode)}
</form>`
    : html`<div id="target-readonly">${u.target.map((text, i) => html`<div class="form-label">${formLabel(o.pluralNames, i, tr('Translation'))}</div><div class="source-text" id="target-${i}" lang="${o.languageCode}" dir="${o.direction}">${text || html`<span class="muted">${tr('(empty)')}</span>`}</div>`)}
<p class="muted" id="no-edit">${o.viewer.username ? (p.editDenied ? tr(p.editDenied) : tr('You do not have permission to translate this string.')) : trHtml('{link} to translate.', { link: html`<a href="/accounts/login/?next=${encodeURIComponent(o.here)}">${tr('Sign in')}</a>` })}</p></div>`}
${checksPanel({ translateHref: o.translateHref, viewer: o.viewer, unitId: u.id, q: o.q, offset: o.offset, canDismiss: !!p.dismiss, checks: u.checks.map((c) => ({ title: c.name, description: '', explanation: '', enforced: false, ...c })) })}
${reviewQueueLink({ translateHref: o.translateHref, canReview: !!p.review })}
</section>`;
}

function suggestionsBlock(o: EditorData, u: EditorUnit): SafeHtml {
  const p = o.permissions;
  const action = `${o.translateHref}suggestions/`;
  const hidden = html`${csrfField(o.viewer)}<input type="hidden" name="unit" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">`;
  return html`<section aria-labelledby="suggestions-title" class="panel" id="suggestions-panel"><h2 id="suggestions-title">${tr('Suggestions')}</h2>
${o.suggestions.length === 0 ? html`<p class="muted" id="no-suggestions">${tr('No suggestions.')}</p>` : ''}
<ul class="plain" id="suggestions">${o.suggestions.map((s) => html`<li class="suggestion" id="suggestion-${s.id}">
${s.target.map((t) => html`<div class="source-text" lang="${o.languageCode}" dir="${o.direction}">${t}</div>`)}
<div class="muted">${s.username ? userLink(s.username) : tr('Anonymous')} · <time datetime="${s.timestamp}">${s.timestamp.slice(0, 16).replace('T', ' ')}</time>${p.vote || s.votes !== 0 ? html` · <span id="votes-${s.id}">${ntr('{n} vote', '{n} votes', s.votes)}</span>` : ''}</div>
<div class="actions">
${p.accept ? html`<form method="post" action="${action}" class="inline">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="accept" id="accept-${s.id}">${tr('Accept')}</button></form>` : ''}
${p.vote ? html`<form method="post" action="${action}" class="inline" data-async="suggestions-panel">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="upvote" class="secondary" id="upvote-${s.id}" aria-label="${tr('+1, vote for this suggestion')}">+1</button><button type="submit" name="action" value="downvote" class="secondary" id="downvote-${s.id}" aria-label="${tr('−1, vote against this suggestion')}">−1</button></form>` : ''}
${s.canDelete
    ? s.own
      ? html`<form method="post" action="${action}" class="inline" data-async="suggestions-panel" data-confirm="${tr('Delete this suggestion?')}">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="delete" class="danger" id="delete-${s.id}">${tr('Delete')}</button></form>`
      : html`<form method="post" action="${action}" class="inline" data-async="suggestions-panel" data-confirm="${tr('Reject this suggestion?')}">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><input type="text" name="rejection_reason" id="reason-${s.id}" maxlength="500" aria-label="${tr('Reason for rejecting (optional)')}" placeholder="${tr('Reason (optional)')}"><button type="submit" name="action" value="delete" class="danger" id="delete-${s.id}">${tr('Reject')}</button></form>`
    : ''}
</div></li>`)}</ul>
</section>`;
}

function commentsBlock(o: EditorData, u: EditorUnit): SafeHtml {
  return html`<section aria-labelledby="comments-title" class="panel" id="comments-panel"><h2 id="comments-title">${tr('Comments')}</h2>
${o.comments.length === 0 ? html`<p class="muted" id="no-comments">${tr('No comments.')}</p>` : ''}
<ul class="plain" id="comments">${o.comments.map((c) => html`<li class="comment" id="comment-${c.id}"><div>${c.text}</div><div class="muted">${c.username ? userLink(c.username) : tr('Anonymous')} · <time datetime="${c.timestamp}">${c.timestamp.slice(0, 16).replace('T', ' ')}</time>${c.scope !== 'translation' ? ` · ${c.scope === 'global' ? tr('source string') : tr('source issue')}` : ''}</div></li>`)}</ul>
${o.permissions.comment
    ? html`<form method="post" action="${o.translateHref}comments/" id="comment-form" data-async="comments-panel">${csrfField(o.viewer)}<input type="hidden" name="unit" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">
<div class="field"><label for="comment-text">${tr('New comment')}</label><textarea id="comment-text" name="comment" rows="2" maxlength="1000" required></textarea></div>
<div class="field"><label for="comment-scope">${tr('Scope')}</label><select id="comment-scope" name="scope"><option value="translation">${tr('This translation')}</option><option value="global">${tr('Source string (all languages)')}</option><option value="report">${tr('Report an issue with the source string')}</option></select></div>
<button type="submit" id="comment-submit">${tr('Add comment')}</button></form>`
    : ''}
</section>`;
}

function machineryBlock(o: EditorData): SafeHtml {
  if (!o.machineryUrl) return html``;
  return html`<section aria-labelledby="machinery-title" class="panel"><h2 id="machinery-title">${tr('Automatic suggestions')}</h2>
<p class="muted">${tr('Machine translation and translation memory matches.')}</p>
<button type="button" id="machinery-load" class="secondary" data-url="${o.machineryUrl}" aria-keyshortcuts="Control+M">${tr('Load suggestions')}</button>
<p id="machinery-status" role="status" class="muted"></p>
<ul class="plain" id="machinery-results" data-lang="${o.languageCode}" data-dir="${o.direction}"></ul>
<noscript><p class="muted">${tr('Automatic suggestions need JavaScript.')}</p></noscript>
</section>`;
}

export function editorPage(o: EditorData): string {
  const u = o.unit;
  const body = html`<script src="${assetUrl('editor-tools.js')}" defer></script>${notice(o.notice, o.noticeExtra)}<h1>${trHtml('Translate {component} into {language}', { component: o.componentName, language: html`<span>${o.languageName}</span>` })}</h1>
${searchForm({ translateHref: o.translateHref, q: o.q, list: false, error: o.searchError })}
${u
    ? html`${navigation(o)}<div class="editor"><div class="editor-main">${sourceBlock(o, u)}${targetForm(o, u)}${liveRegion({ translateHref: o.translateHref, unitId: u.id, username: o.viewer.username })}${metaBlock(u)}</div><div class="editor-side">${machineryBlock(o)}${suggestionsBlock(o, u)}${commentsBlock(o, u)}</div></div>${contextPanels({ translateHref: o.translateHref, unitId: u.id })}`
    : o.searchError
      ? ''
      : html`<p class="panel" id="no-strings">${o.q ? tr('No strings match “{query}”.', { query: o.q }) : tr('No strings match.')} <a href="${o.translationHref}">${tr('Back to the translation')}</a></p>`}`;
  return page({ title: tr('Translate {component} — {language}', { component: o.componentName, language: o.languageName }), viewer: o.viewer, here: o.here, breadcrumbs: translationCrumbs(o, tr('Translate')), body });
}

export interface ListRow {
  id: number;
  source: string[];
  target: string[];
  state: number;
  context: string;
  failing: boolean;
}

export function listPage(o: Omit<EditorData, 'unit' | 'prevHref' | 'nextHref' | 'suggestions' | 'comments' | 'machineryUrl' | 'saveError' | 'draft'> & { rows: ListRow[]; pageSize: number }): string {
  const q = o.q ? `&q=${encodeURIComponent(o.q)}` : '';
  const pageLink = (offset: number) => `${o.translateHref}?view=list&offset=${offset}${q}`;
  const body = html`<h1>${trHtml('Strings of {component} in {language}', { component: o.componentName, language: html`<span>${o.languageName}</span>` })}</h1>
${searchForm({ translateHref: o.translateHref, q: o.q, list: true, error: o.searchError })}
${o.searchError ? '' : liveRegion({ translateHref: o.translateHref, unitId: null, username: o.viewer.username })}
${o.searchError
    ? ''
    : html`<p id="position">${o.total ? ntr('{n} string, showing {from}–{to}.', '{n} strings, showing {from}–{to}.', o.total, { from: o.offset + 1, to: Math.min(o.total, o.offset + o.rows.length) }) : ntr('{n} string.', '{n} strings.', o.total)}</p>
<div class="table-wrap"><table id="units"><thead><tr><th scope="col">${tr('Source')}</th><th scope="col">${tr('Translation')}</th><th scope="col">${tr('State')}</th><th scope="col"><span class="hide-narrow">${tr('Edit')}</span></th></tr></thead>
<tbody>${o.rows.map((r, i) => html`<tr id="unit-${r.id}"><td><span lang="${o.sourceCode}" dir="${o.sourceDirection}">${r.source.join(' | ')}</span>${r.context ? html`<div class="muted">${r.context}</div>` : ''}</td>
<td lang="${o.languageCode}" dir="${o.direction}">${r.target.join(' | ')}</td><td>${stateBadge(r.state)}${r.failing ? html` <span class="state empty">${tr('Failing checks')}</span>` : ''}</td>
<td><a href="${o.translateHref}?offset=${o.offset + i}${q}" aria-label="${tr('Edit string {n}', { n: o.offset + i + 1 })}">${tr('Edit')}</a></td></tr>`)}</tbody></table></div>
<nav class="nav-units" aria-label="${tr('Pages')}">${o.offset > 0 ? html`<a class="button secondary" id="prev" rel="prev" href="${pageLink(Math.max(0, o.offset - o.pageSize))}">${tr('← Previous page')}</a>` : ''}
${o.offset + o.rows.length < o.total ? html`<a class="button secondary" id="next" rel="next" href="${pageLink(o.offset + o.pageSize)}">${tr('Next page →')}</a>` : ''}
<a href="${o.translateHref}?view=zen${q}" id="zen-view">${tr('Zen mode')}</a>${o.bulkHref ? html` <a href="${o.bulkHref}" id="bulk-edit-link">${tr('Bulk edit')}</a>` : ''}</nav>`}`;
  return page({ title: tr('Strings — {component} — {language}', { component: o.componentName, language: o.languageName }), viewer: o.viewer, here: o.here, breadcrumbs: translationCrumbs(o, tr('Translate')), body });
}
