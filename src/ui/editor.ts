// The translation editor: one string at a time (form POST saves, suggestions, comments) and the list view.
import { html, type SafeHtml } from './html.js';
import { csrfField, page } from './layout.js';
import { notice } from './widgets.js';
import type { Common, TranslationPlace } from './pages.js';
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
  checks: { name: string; dismissed: boolean }[];
  screenshots: { id: number; name: string }[];
  labels: string[];
}

export interface EditorSuggestion {
  id: number;
  target: string[];
  username: string | null;
  votes: number;
  timestamp: string;
  canDelete: boolean;
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
}

export const STATE_NAMES: Record<number, [string, string]> = {
  0: ['Not translated', 'empty'],
  10: ['Needs editing', 'fuzzy'],
  11: ['Needs rewriting', 'fuzzy'],
  12: ['Needs checking', 'fuzzy'],
  20: ['Translated', 'translated'],
  30: ['Approved', 'translated'],
  100: ['Read-only', 'translated'],
};

export function stateBadge(state: number): SafeHtml {
  const [label, cls] = STATE_NAMES[state] ?? [`State ${state}`, 'empty'];
  return html`<span class="state ${cls}">${label}</span>`;
}

function searchForm(o: { translateHref: string; q: string; list: boolean; error: string | null }): SafeHtml {
  return html`<form method="get" action="${o.translateHref}" class="searchbar" role="search">
<div class="field"><label for="search-q">Search strings</label><input type="search" id="search-q" name="q" value="${o.q}" placeholder="state:<translated AND source:hello" aria-describedby="search-help${o.error ? ' search-error' : ''}"${o.error ? html` aria-invalid="true"` : ''}></div>
${o.list ? html`<input type="hidden" name="view" value="list">` : ''}
<button type="submit" id="search-submit">Search</button>
<p id="search-help" class="muted">Query language: <code>state:needs-editing</code>, <code>has:suggestion</code>, <code>source:"text"</code>, <code>AND</code>/<code>OR</code>/<code>NOT</code>.</p>
</form>
${o.error ? html`<p class="error" role="alert" id="search-error">Invalid search query: ${o.error}</p>` : ''}`;
}

function crumbs(o: Pick<EditorData, 'projectName' | 'projectHref' | 'componentName' | 'componentHref' | 'languageName' | 'translationHref'>) {
  return [
    { label: 'Dashboard', href: '/' },
    { label: o.projectName, href: o.projectHref },
    { label: o.componentName, href: o.componentHref },
    { label: o.languageName, href: o.translationHref },
    { label: 'Translate' },
  ];
}

function navigation(o: EditorData): SafeHtml {
  const list = `${o.translateHref}?view=list${o.q ? `&q=${encodeURIComponent(o.q)}` : ''}`;
  return html`<nav class="nav-units" aria-label="Strings">
${o.prevHref ? html`<a class="button secondary" id="prev" href="${o.prevHref}" rel="prev" aria-keyshortcuts="Alt+PageUp">← Previous</a>` : html`<span class="muted">← Previous</span>`}
<span id="position">String ${o.total ? o.offset + 1 : 0} of ${o.total}</span>
${o.nextHref ? html`<a class="button secondary" id="next" href="${o.nextHref}" rel="next" aria-keyshortcuts="Alt+PageDown">Next →</a>` : html`<span class="muted">Next →</span>`}
<a href="${list}" id="list-view">List view</a>
<button type="button" class="secondary" id="shortcuts-open" data-show-shortcuts hidden>Keyboard shortcuts</button>
</nav>`;
}

function formLabel(names: string[], i: number, what: string): string {
  const name = names[i];
  if (names.length <= 1 || !name) return what;
  return `${what}, plural form ${i + 1}: ${name}`;
}

function sourceBlock(o: EditorData, u: EditorUnit): SafeHtml {
  return html`<section aria-labelledby="source-title"><h2 id="source-title">Source</h2>
${u.source.map((text, i) => html`${u.source.length > 1 ? html`<div class="form-label">${o.sourcePluralNames[i] ?? `Form ${i + 1}`}</div>` : ''}<div class="source-text" id="source-${i}" lang="${o.sourceCode}" dir="${o.sourceDirection}">${text}</div>`)}
${u.previousSource ? html`<p class="muted">Previous source: <span lang="${o.sourceCode}">${u.previousSource}</span></p>` : ''}
<dl class="meta" id="unit-meta">
${u.context ? html`<dt>Context</dt><dd id="unit-context">${u.context}</dd>` : ''}
${u.location ? html`<dt>Location</dt><dd id="unit-location">${u.location}</dd>` : ''}
${u.note ? html`<dt>Notes</dt><dd id="unit-note">${u.note}</dd>` : ''}
${u.explanation ? html`<dt>Explanation</dt><dd>${u.explanation}</dd>` : ''}
${u.flags ? html`<dt>Flags</dt><dd class="flags" id="unit-flags">${u.flags.split(',').map((f) => html`<code>${f.trim()}</code> `)}</dd>` : ''}
${u.labels.length ? html`<dt>Labels</dt><dd>${u.labels.join(', ')}</dd>` : ''}
<dt>State</dt><dd id="unit-state">${stateBadge(u.state)}</dd>
</dl>
${u.screenshots.length ? html`<div class="shots"><h3>Screenshots</h3>${u.screenshots.map((s) => html`<figure><a href="/api/screenshots/${s.id}/file/"><img src="/api/screenshots/${s.id}/file/" alt="Screenshot: ${s.name}" loading="lazy"></a><figcaption>${s.name}</figcaption></figure>`)}</div>` : ''}
</section>`;
}

function targetForm(o: EditorData, u: EditorUnit): SafeHtml {
  const p = o.permissions;
  const forms = o.draft ?? u.target;
  const canWrite = p.edit || p.suggest;
  const failing = u.checks.filter((c) => !c.dismissed);
  return html`<section aria-labelledby="target-title"><h2 id="target-title">Translation <span class="muted" lang="${o.languageCode}" dir="${o.direction}">(${o.languageName})</span></h2>
${o.saveError ? html`<p class="error" role="alert" id="save-error">${o.saveError}</p>` : ''}
${failing.length ? html`<div class="warning" id="failing-checks" role="status"><strong>Failing checks:</strong><ul>${failing.map((c) => html`<li data-check="${c.name}">${c.name}</li>`)}</ul></div>` : ''}
${canWrite
    ? html`<form method="post" action="${o.translateHref}" id="translate-form">${csrfField(o.viewer)}
<input type="hidden" name="id" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">
${forms.map((text, i) => html`<div class="field"><label for="target-${i}">${formLabel(o.pluralNames, i, 'Translation')}</label>
<textarea id="target-${i}" name="target_${i}" lang="${o.languageCode}" dir="${o.direction}" data-target-form="${i}" rows="3"${p.edit ? '' : html` aria-describedby="suggest-only"`}>
${text}</textarea>
<div><button type="button" class="secondary" data-copy-source="target-${i}" id="copy-source-${i}" aria-keyshortcuts="Control+B">Copy source</button></div></div>`)}
${p.edit
        ? html`<label class="check" for="fuzzy"><input type="checkbox" id="fuzzy" name="fuzzy" value="1"${u.state >= STATE_FUZZY && u.state < STATE_TRANSLATED ? html` checked` : ''} aria-keyshortcuts="Control+E"> Needs editing</label>
<div class="actions"><button type="submit" name="action" value="save-next" id="save-next" aria-keyshortcuts="Control+Enter">Save and continue</button>
<button type="submit" name="action" value="save" id="save" class="secondary" aria-keyshortcuts="Control+Shift+Enter">Save and stay</button>
${p.suggest ? html`<button type="submit" name="action" value="suggest" id="suggest" class="secondary">Suggest</button>` : ''}</div>`
        : html`<p class="muted" id="suggest-only">${p.editDenied ?? 'You can only suggest changes to this string.'}</p>
${p.suggest ? html`<div class="actions"><button type="submit" name="action" value="suggest" id="suggest">Suggest</button></div>` : ''}`}
</form>`
    : html`<div id="target-readonly">${u.target.map((text, i) => html`<div class="form-label">${formLabel(o.pluralNames, i, 'Translation')}</div><div class="source-text" id="target-${i}" lang="${o.languageCode}" dir="${o.direction}">${text || html`<span class="muted">(empty)</span>`}</div>`)}
<p class="muted" id="no-edit">${o.viewer.username ? (p.editDenied ?? 'You do not have permission to translate this string.') : html`<a href="/accounts/login/?next=${encodeURIComponent(o.here)}">Sign in</a> to translate.`}</p></div>`}
</section>`;
}

function suggestionsBlock(o: EditorData, u: EditorUnit): SafeHtml {
  const p = o.permissions;
  const action = `${o.translateHref}suggestions/`;
  const hidden = html`${csrfField(o.viewer)}<input type="hidden" name="unit" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">`;
  return html`<section aria-labelledby="suggestions-title" class="panel" id="suggestions-panel"><h2 id="suggestions-title">Suggestions</h2>
${o.suggestions.length === 0 ? html`<p class="muted" id="no-suggestions">No suggestions.</p>` : ''}
<ul class="plain" id="suggestions">${o.suggestions.map((s) => html`<li class="suggestion" id="suggestion-${s.id}">
${s.target.map((t) => html`<div class="source-text" lang="${o.languageCode}" dir="${o.direction}">${t}</div>`)}
<div class="muted">${s.username ?? 'Anonymous'} · <time datetime="${s.timestamp}">${s.timestamp.slice(0, 16).replace('T', ' ')}</time>${p.vote ? html` · ${s.votes} vote${s.votes === 1 ? '' : 's'}` : ''}</div>
<div class="actions">
${p.accept ? html`<form method="post" action="${action}" class="inline">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="accept" id="accept-${s.id}">Accept</button></form>` : ''}
${p.vote ? html`<form method="post" action="${action}" class="inline" data-async="suggestions-panel">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="upvote" class="secondary" id="upvote-${s.id}" aria-label="+1, vote for this suggestion">+1</button><button type="submit" name="action" value="downvote" class="secondary" id="downvote-${s.id}" aria-label="−1, vote against this suggestion">−1</button></form>` : ''}
${s.canDelete ? html`<form method="post" action="${action}" class="inline" data-async="suggestions-panel" data-confirm="Delete this suggestion?">${hidden}<input type="hidden" name="suggestion" value="${s.id}"><button type="submit" name="action" value="delete" class="danger" id="delete-${s.id}">Delete</button></form>` : ''}
</div></li>`)}</ul>
</section>`;
}

function commentsBlock(o: EditorData, u: EditorUnit): SafeHtml {
  return html`<section aria-labelledby="comments-title" class="panel" id="comments-panel"><h2 id="comments-title">Comments</h2>
${o.comments.length === 0 ? html`<p class="muted" id="no-comments">No comments.</p>` : ''}
<ul class="plain" id="comments">${o.comments.map((c) => html`<li class="comment" id="comment-${c.id}"><div>${c.text}</div><div class="muted">${c.username ?? 'Anonymous'} · <time datetime="${c.timestamp}">${c.timestamp.slice(0, 16).replace('T', ' ')}</time>${c.scope !== 'translation' ? ` · ${c.scope === 'global' ? 'source string' : 'source issue'}` : ''}</div></li>`)}</ul>
${o.permissions.comment
    ? html`<form method="post" action="${o.translateHref}comments/" id="comment-form" data-async="comments-panel">${csrfField(o.viewer)}<input type="hidden" name="unit" value="${u.id}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">
<div class="field"><label for="comment-text">New comment</label><textarea id="comment-text" name="comment" rows="2" maxlength="1000" required></textarea></div>
<div class="field"><label for="comment-scope">Scope</label><select id="comment-scope" name="scope"><option value="translation">This translation</option><option value="global">Source string (all languages)</option><option value="report">Report an issue with the source string</option></select></div>
<button type="submit" id="comment-submit">Add comment</button></form>`
    : ''}
</section>`;
}

function machineryBlock(o: EditorData): SafeHtml {
  if (!o.machineryUrl) return html``;
  return html`<section aria-labelledby="machinery-title" class="panel"><h2 id="machinery-title">Automatic suggestions</h2>
<p class="muted">Machine translation and translation memory matches.</p>
<button type="button" id="machinery-load" class="secondary" data-url="${o.machineryUrl}" aria-keyshortcuts="Control+M">Load suggestions</button>
<p id="machinery-status" role="status" class="muted"></p>
<ul class="plain" id="machinery-results" data-lang="${o.languageCode}" data-dir="${o.direction}"></ul>
<noscript><p class="muted">Automatic suggestions need JavaScript.</p></noscript>
</section>`;
}

export function editorPage(o: EditorData): string {
  const u = o.unit;
  const body = html`${notice(o.notice, o.noticeExtra)}<h1>Translate ${o.componentName} into <span lang="${o.languageCode}" dir="${o.direction}">${o.languageName}</span></h1>
${searchForm({ translateHref: o.translateHref, q: o.q, list: false, error: o.searchError })}
${u
    ? html`${navigation(o)}<div class="editor"><div>${sourceBlock(o, u)}${targetForm(o, u)}</div><div>${machineryBlock(o)}${suggestionsBlock(o, u)}${commentsBlock(o, u)}</div></div>`
    : o.searchError
      ? ''
      : html`<p class="panel" id="no-strings">No strings match${o.q ? html` “${o.q}”` : ''}. <a href="${o.translationHref}">Back to the translation</a></p>`}`;
  return page({ title: `Translate ${o.componentName} — ${o.languageName}`, viewer: o.viewer, here: o.here, breadcrumbs: crumbs(o), body });
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
  const body = html`<h1>Strings of ${o.componentName} in <span lang="${o.languageCode}" dir="${o.direction}">${o.languageName}</span></h1>
${searchForm({ translateHref: o.translateHref, q: o.q, list: true, error: o.searchError })}
${o.searchError
    ? ''
    : html`<p id="position">${o.total} string${o.total === 1 ? '' : 's'}${o.total ? html`, showing ${o.offset + 1}–${Math.min(o.total, o.offset + o.rows.length)}` : ''}.</p>
<div class="table-wrap"><table id="units"><thead><tr><th scope="col">Source</th><th scope="col">Translation</th><th scope="col">State</th><th scope="col"><span class="hide-narrow">Edit</span></th></tr></thead>
<tbody>${o.rows.map((r, i) => html`<tr id="unit-${r.id}"><td><span lang="${o.sourceCode}" dir="${o.sourceDirection}">${r.source.join(' | ')}</span>${r.context ? html`<div class="muted">${r.context}</div>` : ''}</td>
<td lang="${o.languageCode}" dir="${o.direction}">${r.target.join(' | ')}</td><td>${stateBadge(r.state)}${r.failing ? html` <span class="state empty">Failing checks</span>` : ''}</td>
<td><a href="${o.translateHref}?offset=${o.offset + i}${q}" aria-label="Edit string ${o.offset + i + 1}">Edit</a></td></tr>`)}</tbody></table></div>
<nav class="nav-units" aria-label="Pages">${o.offset > 0 ? html`<a class="button secondary" id="prev" rel="prev" href="${pageLink(Math.max(0, o.offset - o.pageSize))}">← Previous page</a>` : ''}
${o.offset + o.rows.length < o.total ? html`<a class="button secondary" id="next" rel="next" href="${pageLink(o.offset + o.pageSize)}">Next page →</a>` : ''}</nav>`}`;
  return page({ title: `Strings — ${o.componentName} — ${o.languageName}`, viewer: o.viewer, here: o.here, breadcrumbs: crumbs(o), body });
}
