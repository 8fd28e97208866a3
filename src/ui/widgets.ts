// Pieces several pages share: progress bars, statistics tables, change lists, repository and file panels.
import type { ChangeRefs } from '../services/activity/changes.service.js';
import type { ChangeRow } from '../db/schema.js';
import type { RepositoryStatus } from '../services/repository/repository.service.js';
import { ACTION_NAMES } from '../domain/change-actions.js';
import { assetUrl } from './assets.js';
import { html, type SafeHtml } from './html.js';
import { csrfField, type Viewer } from './layout.js';

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
  return html`<div class="progress" role="img" aria-label="${label}: ${done}% translated, ${fuzzy}% needs editing"><span class="done ${w(done)}"></span><span class="fuzzy ${w(fuzzy)}"></span></div>`;
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
  return html`${progress(s, 'Overall')}<p class="pct" id="translated-percent">${s.translated_percent}% translated</p><div class="table-wrap"><table class="stats" id="statistics">
<caption class="muted">Strings</caption>
<thead><tr><th scope="col">Strings</th><th scope="col" class="num">Count</th><th scope="col" class="num">Percent</th></tr></thead>
<tbody>
${row('All strings', s.total, null, '')}
${row('Translated', s.translated, s.translated_percent, 'state:>=translated')}
${row('Needs editing', s.fuzzy, s.fuzzy_percent, 'state:needs-editing')}
${row('Not translated', s.total - s.translated - s.fuzzy, null, 'state:empty')}
${row('Failing checks', s.failing, s.failing_percent, 'has:check')}
${row('Approved', s.approved, null)}
${row('Suggestions', s.suggestions, null, 'has:suggestion')}
${row('Comments', s.comments, null, 'has:comment')}
<tr><th scope="row">Words translated</th><td class="num">${s.translated_words} / ${s.total_words}</td><td class="num">${s.translated_words_percent}%</td></tr>
</tbody></table></div>
<p class="muted">Last change: ${s.last_change ? html`<time datetime="${s.last_change}">${s.last_change.replace('T', ' ').slice(0, 19)}</time>` : 'never'}${s.last_author ? html` by ${s.last_author}` : ''}</p>`;
}

/** Recent changes, newest first, with what each one touched. */
export function changesList(rows: readonly ChangeRow[], refs: ChangeRefs): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">No changes yet.</p>`;
  return html`<ul class="plain changes" id="changes">${rows.map((r) => {
    const user = r.user_id ? refs.users.get(r.user_id) : undefined;
    const t = r.translation_id ? refs.translations.get(r.translation_id) : undefined;
    const c = !t && r.component_id ? refs.components.get(r.component_id) : undefined;
    const p = !t && !c && r.project_id ? refs.projects.get(r.project_id) : undefined;
    const where = t
      ? html`<a href="/projects/${seg(t.project)}/${seg(t.component)}/${seg(t.language)}/">${t.projectName} / ${t.componentName} / ${t.languageName}</a>`
      : c
        ? html`<a href="/projects/${seg(c.project)}/${seg(c.component)}/">${c.projectName} / ${c.name}</a>`
        : p
          ? html`<a href="/projects/${seg(p.slug)}/">${p.name}</a>`
          : '';
    const unit = t && r.unit_id && refs.units.has(r.unit_id) ? html` · <a href="/translate/${seg(t.project)}/${seg(t.component)}/${seg(t.language)}/?id=${r.unit_id}">string</a>` : '';
    return html`<li><time datetime="${r.timestamp}">${r.timestamp.replace('T', ' ').slice(0, 16)}</time> · <strong>${ACTION_NAMES[r.action] ?? `Action ${r.action}`}</strong>${user ? html` by ${user.fullName || user.username}` : ''}${where ? html` · ${where}` : ''}${unit}${r.target ? html`<div class="muted">${r.target.length > 200 ? `${r.target.slice(0, 200)}…` : r.target}</div>` : ''}</li>`;
  })}</ul>`;
}

/** Repository status, with commit/push/pull buttons for those who may (`allowed` lists the operations). */
export function repositoryPanel(status: { needs_commit: boolean; needs_push: boolean; needs_merge: boolean; merge_failure?: string | null } | null, action: string, allowed: readonly string[], viewer: Viewer, details?: string): SafeHtml {
  if (!status) return html``;
  const flag = (on: boolean, yes: string, no: string) => html`<li>${on ? html`<strong>${yes}</strong>` : no}</li>`;
  return html`<section class="panel" aria-labelledby="repo-title"><h2 id="repo-title">Repository</h2>
<ul class="plain" id="repository-status">
${flag(status.needs_commit, 'Pending changes not committed yet', 'No pending changes')}
${flag(status.needs_push, 'Commits not pushed yet', 'Nothing to push')}
${flag(status.needs_merge, 'Upstream has changes to merge', 'Up to date with upstream')}
${status.merge_failure ? html`<li class="error">${status.merge_failure}</li>` : ''}
</ul>
${allowed.length ? html`<div class="actions">${allowed.map((op) => html`<form method="post" action="${action}" class="inline">${csrfField(viewer)}<input type="hidden" name="operation" value="${op}"><button type="submit" id="repo-${op}" class="secondary">${op[0]!.toUpperCase()}${op.slice(1)}</button></form>`)}</div>` : ''}
${details ? html`<p><a href="${details}" id="repository-details">Repository details</a></p>` : ''}
</section>`;
}

export type RepoStatus = RepositoryStatus | { needs_commit: boolean; needs_push: boolean; needs_merge: boolean; merge_failure?: string | null };

/** A one-line notice after a form POST redirected back (a fixed text per code, never text from the address). */
const NOTICES: Record<string, string> = {
  saved: 'Translation saved.',
  suggested: 'Suggestion added.',
  voted: 'Vote recorded.',
  accepted: 'Suggestion accepted.',
  deleted: 'Suggestion deleted.',
  commented: 'Comment added.',
  uploaded: 'File uploaded.',
  component_created: 'Component created.',
  component_deleted: 'Component deleted.',
  commit: 'Committed.',
  push: 'Pushed.',
  pull: 'Pulled from upstream.',
  signed_in: 'Signed in.',
  password: 'Your new password is set, and you are signed in.',
  registered: 'Your account is ready, and you are signed in.',
  welcome: 'Welcome! Your account is ready, and you are signed in.',
  project_deleted: 'The project is deleted.',
};

export function notice(code: unknown, extra?: string): SafeHtml {
  const text = typeof code === 'string' ? NOTICES[code] : undefined;
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
<p><a href="${o.here}" id="${o.prefix}-refresh" data-task-refresh>Check again</a></p>
<noscript><meta http-equiv="refresh" content="3"></noscript>
</div>
<script src="${assetUrl('task-progress.js')}" defer></script>`;
}

/** The last line of a task's log: what the task says it is doing now. */
export function lastLine(log: string): string {
  return log.trim().split('\n').pop() ?? '';
}
