// Pieces several pages share: progress bars, statistics tables, change lists, repository and file panels.
import type { ChangeRefs } from '../services/activity/changes.service.js';
import type { ChangeRow } from '../db/schema.js';
import type { RepositoryStatus } from '../services/repository/repository.service.js';
import { ACTION_NAMES } from '../domain/change-actions.js';
import { splitPlurals } from '../domain/plurals.js';
import { assetUrl } from './assets.js';
import { html, type SafeHtml } from './html.js';
import { tr, trHtml } from './i18n.js';
import { msgid } from '../shared/msgid.js';
import { csrfField, type PageOptions, type Viewer } from './layout.js';
import { languageName } from './language-names.js';
import type { TranslationPlace } from './pages.js';

/** The statistics object (StatsService.toObject) fields the pages show. */
export interface Stats {
  total: number;
  translated: number;
  translated_percent: number;
  fuzzy: number;
  fuzzy_percent: number;
  failing: number;
  failing_percent: number;
  approved: number;
  total_words: number;
  translated_words: number;
  translated_words_percent: number;
  suggestions: number;
  comments: number;
  last_change: string | null;
  last_author: string | null;
}

export const seg = (s: string) => encodeURIComponent(s);

/** A bar of translated (green) and needing-editing (orange) shares, with its number for screen readers. */
export function progress(s: Pick<Stats, 'translated_percent' | 'fuzzy_percent'>, label: string): SafeHtml {
  const done = Math.min(100, s.translated_percent);
  const fuzzy = Math.min(100 - done, s.fuzzy_percent);
  // Widths are classes (w0 … w100 in parla.css): the CSP allows no inline styles.
  const w = (pct: number) => `w${Math.round(pct)}`;
  return html`<div class="progress" role="img" aria-label="${tr('{label}: {done}% translated, {fuzzy}% needs editing', { label, done, fuzzy })}"><span class="done ${w(done)}"></span><span class="fuzzy ${w(fuzzy)}"></span></div>`;
}

/** A progress bar row cell: the bar and the percentage. */
export function progressCell(s: Stats, label: string): SafeHtml {
  return html`<td>${progress(s, label)}</td><td class="num pct">${s.translated_percent}%</td>`;
}

export function statsTable(s: Stats, translateUrl?: string): SafeHtml {
  const q = (query: string) => (translateUrl ? (query ? `${translateUrl}?q=${encodeURIComponent(query)}` : translateUrl) : undefined);
  const row = (label: string, n: number, pct: number | null, query?: string) => {
    const href = query !== undefined ? q(query) : undefined;
    return html`<tr><th scope="row">${href && n > 0 ? html`<a href="${href}">${label}</a>` : label}</th><td class="num">${n}</td><td class="num">${pct === null ? '' : `${pct}%`}</td></tr>`;
  };
  return html`${progress(s, tr('Overall'))}<p class="pct" id="translated-percent">${tr('{percent}% translated', { percent: s.translated_percent })}</p><div class="table-wrap"><table class="stats" id="statistics">
<caption class="muted">${tr('Strings')}</caption>
<thead><tr><th scope="col">${tr('Strings')}</th><th scope="col" class="num">${tr('Count')}</th><th scope="col" class="num">${tr('Percent')}</th></tr></thead>
<tbody>
${row(tr('All strings'), s.total, null, '')}
${row(tr('Translated'), s.translated, s.translated_percent, 'state:>=translated')}
${row(tr('Needs editing'), s.fuzzy, s.fuzzy_percent, 'state:needs-editing')}
${row(tr('Not translated'), s.total - s.translated - s.fuzzy, null, 'state:empty')}
${row(tr('Failing checks'), s.failing, s.failing_percent, 'has:check')}
${row(tr('Approved'), s.approved, null)}
${row(tr('Suggestions'), s.suggestions, null, 'has:suggestion')}
${row(tr('Comments'), s.comments, null, 'has:comment')}
<tr><th scope="row">${tr('Words translated')}</th><td class="num">${s.translated_words} / ${s.total_words}</td><td class="num">${s.translated_words_percent}%</td></tr>
</tbody></table></div>
<p class="muted">${s.last_change
    ? s.last_author
      ? trHtml('Last change: {time} by {user}', { time: html`<time datetime="${s.last_change}">${s.last_change.replace('T', ' ').slice(0, 19)}</time>`, user: s.last_author })
      : trHtml('Last change: {time}', { time: html`<time datetime="${s.last_change}">${s.last_change.replace('T', ' ').slice(0, 19)}</time>` })
    : tr('Last change: never')}</p>`;
}

type Crumb = NonNullable<PageOptions['breadcrumbs']>[number];

/** The breadcrumbs of a translation's pages: dashboard, project, component, language, then `last` (a label or a link). */
export function translationCrumbs(place: Omit<TranslationPlace, 'languageCode'> & { translationHref: string }, last: string | Crumb): Crumb[] {
  return [
    { label: tr('Dashboard'), href: '/' },
    { label: place.projectName, href: place.projectHref },
    { label: place.componentName, href: place.componentHref },
    { label: place.languageName, href: place.translationHref },
    typeof last === 'string' ? { label: last } : last,
  ];
}

/** A user name linking to the user's page; `label` is what is shown (the full name, say), the user name by default. */
export function userLink(username: string, label?: string): SafeHtml {
  return html`<a href="/user/${seg(username)}/" class="user-link">${label || username}</a>`;
}

/** A stored text with plural forms as people read it: the forms separated by " | ", never the internal separator. */
export function pluralText(stored: string): string {
  return splitPlurals(stored).join(' | ');
}

const shortText = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** Recent changes, newest first, with what each one touched. */
export function changesList(rows: readonly ChangeRow[], refs: ChangeRefs): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">${tr('No changes yet.')}</p>`;
  return html`<ul class="plain changes" id="changes">${rows.map((r) => {
    const user = r.user_id ? refs.users.get(r.user_id) : undefined;
    const t = r.translation_id ? refs.translations.get(r.translation_id) : undefined;
    const c = !t && r.component_id ? refs.components.get(r.component_id) : undefined;
    const p = !t && !c && r.project_id ? refs.projects.get(r.project_id) : undefined;
    const where = t
      ? html`<a href="/projects/${seg(t.project)}/${seg(t.component)}/${seg(t.language)}/">${t.projectName} / ${t.componentName} / ${languageName(t.language, t.languageName)}</a>`
      : c
        ? html`<a href="/projects/${seg(c.project)}/${seg(c.component)}/">${c.projectName} / ${c.name}</a>`
        : p
          ? html`<a href="/projects/${seg(p.slug)}/">${p.name}</a>`
          : '';
    const unit = t && r.unit_id && refs.units.has(r.unit_id) ? html` · <a href="/translate/${seg(t.project)}/${seg(t.component)}/${seg(t.language)}/?id=${r.unit_id}">${tr('string')}</a>` : '';
    return html`<li><time datetime="${r.timestamp}">${r.timestamp.replace('T', ' ').slice(0, 16)}</time> · <strong>${ACTION_NAMES[r.action] ? tr(ACTION_NAMES[r.action]!) : tr('Action {number}', { number: r.action })}</strong>${user ? html` ${trHtml('by {user}', { user: userLink(user.username, user.fullName) })}` : ''}${where ? html` · ${where}` : ''}${unit}${r.target ? html`<div class="muted">${shortText(pluralText(r.target))}</div>` : ''}</li>`;
  })}</ul>`;
}

/** The buttons of the repository operations. */
const OPERATION_LABELS: Record<string, string> = { commit: msgid('Commit'), push: msgid('Push'), pull: msgid('Pull'), reset: msgid('Reset'), cleanup: msgid('Clean up') };

/**
 * Repository status, with commit/push/pull buttons for those who may (`allowed` lists the operations). A component
 * without a remote (`local`: created from an upload or a ZIP file) has nothing to push or pull: the panel says so
 * and offers only writing the pending changes into its files.
 */
export function repositoryPanel(status: { needs_commit: boolean; needs_push: boolean; needs_merge: boolean; merge_failure?: string | null; local?: boolean } | null, action: string, allowed: readonly string[], viewer: Viewer, details?: string): SafeHtml {
  if (!status) return html``;
  const flag = (on: boolean, yes: string, no: string) => html`<li>${on ? html`<strong>${yes}</strong>` : no}</li>`;
  if (status.local) {
    return html`<section class="panel" aria-labelledby="repo-title"><h2 id="repo-title">${tr('Repository')}</h2>
<ul class="plain" id="repository-status">
${flag(status.needs_commit, tr('Pending changes not written to the files yet'), tr('No pending changes'))}
<li id="repository-local">${tr('This component has no remote repository: its files are kept on this server. Download them from a translation’s page.')}</li>
</ul>
${allowed.includes('commit') && status.needs_commit ? html`<div class="actions"><form method="post" action="${action}" class="inline">${csrfField(viewer)}<input type="hidden" name="operation" value="commit"><button type="submit" id="repo-commit" class="secondary">${tr('Write changes to files')}</button></form></div>` : ''}
${details ? html`<p><a href="${details}" id="repository-details">${tr('Repository details')}</a></p>` : ''}
</section>`;
  }
  return html`<section class="panel" aria-labelledby="repo-title"><h2 id="repo-title">${tr('Repository')}</h2>
<ul class="plain" id="repository-status">
${flag(status.needs_commit, tr('Pending changes not committed yet'), tr('No pending changes'))}
${flag(status.needs_push, tr('Commits not pushed yet'), tr('Nothing to push'))}
${flag(status.needs_merge, tr('Upstream has changes to merge'), tr('Up to date with upstream'))}
${status.merge_failure ? html`<li class="error">${status.merge_failure}</li>` : ''}
</ul>
${allowed.length ? html`<div class="actions">${allowed.map((op) => html`<form method="post" action="${action}" class="inline">${csrfField(viewer)}<input type="hidden" name="operation" value="${op}"><button type="submit" id="repo-${op}" class="secondary">${OPERATION_LABELS[op] ? tr(OPERATION_LABELS[op]!) : op}</button></form>`)}</div>` : ''}
${details ? html`<p><a href="${details}" id="repository-details">${tr('Repository details')}</a></p>` : ''}
</section>`;
}

/** `local`: the component has no remote repository (repo "local:"). */
export type RepoStatus = (RepositoryStatus | { needs_commit: boolean; needs_push: boolean; needs_merge: boolean; merge_failure?: string | null }) & { local?: boolean };

/** A one-line notice after a form POST redirected back (a fixed text per code, never text from the address). */
const NOTICES: Record<string, () => string> = {
  saved: () => tr('Translation saved.'),
  reverted: () => tr('Translation reverted to the earlier text.'),
  suggested: () => tr('Suggestion added.'),
  voted: () => tr('Vote recorded.'),
  accepted: () => tr('Suggestion accepted.'),
  deleted: () => tr('Suggestion deleted.'),
  rejected: () => tr('Suggestion rejected.'),
  check_dismissed: () => tr('Check dismissed.'),
  check_restored: () => tr('Check restored.'),
  approved: () => tr('Translation approved.'),
  commented: () => tr('Comment added.'),
  uploaded: () => tr('File uploaded.'),
  component_created: () => tr('Component created.'),
  component_deleted: () => tr('Component deleted.'),
  commit: () => tr('Committed.'),
  push: () => tr('Pushed.'),
  pull: () => tr('Pulled from upstream.'),
  signed_in: () => tr('Signed in.'),
  password: () => tr('Your new password is set, and you are signed in.'),
  registered: () => tr('Your account is ready, and you are signed in.'),
  welcome: () => tr('Welcome! Your account is ready, and you are signed in.'),
  project_deleted: () => tr('The project is deleted.'),
};

export function notice(code: unknown, extra?: string): SafeHtml {
  const text = typeof code === 'string' && Object.hasOwn(NOTICES, code) ? NOTICES[code]!() : undefined;
  if (!text) return html``;
  return html`<p class="message" role="status" id="notice" tabindex="-1">${text}${extra ? ` ${extra}` : ''}</p>`;
}

/**
 * A running task's progress: a bar and the log's last line, which task-progress.js keeps up to date from the tasks API
 * and then replaces (the element `swap` names) with the outcome the server draws; without JavaScript the page refreshes
 * itself. Element ids start with `prefix` (`<prefix>-status`, `-progress`, `-message`, `-refresh`).
 */
export function taskProgress(o: { prefix: string; taskId: string; swap: string; label: string; progress: number; message: string; here: string }): SafeHtml {
  return html`<div class="panel" id="${o.prefix}-status" data-task-url="/api/tasks/${o.taskId}/" data-task-swap="${o.swap}">
<p><label for="${o.prefix}-progress">${o.label}</label></p>
<progress id="${o.prefix}-progress" max="100" value="${String(o.progress)}">${String(o.progress)}%</progress>
<p id="${o.prefix}-message" role="status" aria-live="polite" data-task-message>${o.message}</p>
<p><a href="${o.here}" id="${o.prefix}-refresh" data-task-refresh>${tr('Check again')}</a></p>
<noscript><meta http-equiv="refresh" content="3"></noscript>
</div>
<script src="${assetUrl('task-progress.js')}" defer></script>`;
}

/** The last line of a task's log: what the task says it is doing now. */
export function lastLine(log: string): string {
  return log.trim().split('\n').pop() ?? '';
}
