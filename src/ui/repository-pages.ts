// The repository pages of a component and of a project: status, outgoing and incoming commits, a merge failure with what to
// do about it, and the operations the viewer may run.
import { html, type SafeHtml } from './html.js';
import { csrfField, page, type Viewer } from './layout.js';
import { ntr, tr, trHtml } from './i18n.js';
import { msgid } from '../shared/msgid.js';

/** A commit as the lists show it (the status API's commit object fields). */
export interface CommitView {
  revision: string;
  shortrevision: string;
  author_name: string;
  authordate: string;
  summary: string;
}

/** The operations in the order the page offers them: the label, what it does (msgids, translated when shown), and whether it is dangerous. */
export const OPERATION_BUTTONS: readonly { op: string; label: string; help: string; danger?: boolean }[] = [
  { op: 'commit', label: msgid('Commit'), help: msgid('Writes the pending translations into the files and commits them.') },
  { op: 'push', label: msgid('Push'), help: msgid('Commits what is pending and pushes the commits to the remote repository.') },
  { op: 'pull', label: msgid('Update (pull)'), help: msgid('Fetches the remote repository and merges or rebases its new commits, as the merge style says; runs in the background.') },
  { op: 'file-scan', label: msgid('Rescan files'), help: msgid('Reads every translation file of the checkout into Parla again; runs in the background.') },
  { op: 'cleanup', label: msgid('Clean up'), help: msgid('Removes files git does not track from the checkout.') },
  { op: 'reset', label: msgid('Reset to upstream'), help: msgid('Discards the commits and changes not on the remote and reads the files again: translations not pushed yet are lost.'), danger: true },
];

export interface ComponentRepositoryView {
  needs_commit: boolean;
  needs_push: boolean;
  needs_merge: boolean;
  pending: number;
  repo: string;
  branch: string;
  pushUrl: string;
  pushBranch: string;
  mergeStyle: string;
  remoteCommit: CommitView | null;
  localCommit: CommitView | null;
  outgoing: readonly CommitView[];
  incoming: readonly CommitView[];
  outgoingCount: number;
  incomingCount: number;
  mergeFailure: string | null;
}

export interface RepositoryPageData {
  viewer: Viewer;
  here: string;
  title: string;
  breadcrumbs: { label: string; href?: string }[];
  notice: string | null;
  /** Where the operation forms post to. */
  action: string;
  /** The operations the viewer may run here. */
  allowed: readonly string[];
  /** A component's repository; absent on the project page. */
  component?: ComponentRepositoryView;
  /** A project's components with their repository state; absent on a component's page. */
  components?: readonly { name: string; href: string; needs_commit: boolean; needs_push: boolean; needs_merge: boolean; mergeFailure: boolean }[];
  /** The project's flags over its components. */
  project?: { needs_commit: boolean; needs_push: boolean; needs_merge: boolean; pending: number };
}

/** A component without a remote repository (made from an upload or a ZIP file): nothing to push, pull or reset to. */
const isLocal = (c: ComponentRepositoryView | undefined): boolean => !!c && (c.repo === 'local:' || c.repo === '');

/** Operations that need a remote repository. */
const REMOTE_OPERATIONS: ReadonlySet<string> = new Set(['push', 'pull', 'reset']);

const flag = (on: boolean, yes: string, no: string) => html`<li>${on ? html`<strong>${yes}</strong>` : no}</li>`;

const when = (iso: string) => html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 16)}</time>`;

/** A list of commits: short hash, author, date and subject; the count says when more exist than are listed. */
function commitList(id: string, title: string, empty: string, commits: readonly CommitView[], count: number): SafeHtml {
  return html`<section class="panel" aria-labelledby="${id}-title"><h2 id="${id}-title">${tr('{title} ({count})', { title, count })}</h2>
${
  commits.length === 0
    ? html`<p class="muted" id="${id}-none">${empty}</p>`
    : html`<div class="table-wrap"><table id="${id}"><caption class="visually-hidden">${title}</caption>
<thead><tr><th scope="col">${tr('Commit')}</th><th scope="col">${tr('Subject')}</th><th scope="col">${tr('Author')}</th><th scope="col">${tr('Date')}</th></tr></thead>
<tbody>${commits.map((c) => html`<tr><td><code title="${c.revision}">${c.shortrevision}</code></td><th scope="row">${c.summary}</th><td>${c.author_name}</td><td>${when(c.authordate)}</td></tr>`)}</tbody></table></div>
${count > commits.length ? html`<p class="muted">${tr('The {shown} newest of {count} are listed.', { shown: commits.length, count })}</p>` : ''}`
}</section>`;
}

/** What a merge failure means and the ways out of it, in words. */
function mergeFailurePanel(failure: string, allowed: readonly string[]): SafeHtml {
  return html`<section class="error" role="alert" aria-labelledby="merge-failure-title" id="merge-failure"><h2 id="merge-failure-title">${tr('The last update could not be merged')}</h2>
<p>${trHtml('Git said: {output}', { output: html`<code id="merge-failure-text">${failure}</code>` })}</p>
<p>${tr("The remote repository and Parla changed the same lines of a file, so git could not combine them. Nothing was lost: Parla's repository stays as it was before the update, and translating goes on, but no upstream change arrives until this is solved. Ways out:")}</p>
<ul id="merge-guidance">
<li>${trHtml("{way}: clone the remote repository, bring in Parla's commits (pushed to another branch with the push branch setting), merge or rebase them, settle the conflicting lines, and push the result to the remote; then run {update} here.", { way: html`<strong>${tr('Merge or rebase by hand')}</strong>`, update: html`<em>${tr('Update (pull)')}</em>` })}</li>
<li>${trHtml("{way}: take the remote state and read the files again; Parla's commits not pushed yet are discarded, so translations made since the last push are lost. Suits a remote that is right as it is.", { way: html`<strong>${tr('Reset to upstream')}</strong>` })}${allowed.includes('reset') ? '' : ` ${tr('(Someone who may reset the repository has to do it.)')}`}</li>
</ul></section>`;
}

function operations(o: RepositoryPageData): SafeHtml {
  const local = isLocal(o.component);
  const shown = OPERATION_BUTTONS.filter((x) => o.allowed.includes(x.op) && !(local && REMOTE_OPERATIONS.has(x.op)));
  if (shown.length === 0) return html`<p class="muted" id="repository-no-operations">${tr('You may not run operations on this repository.')}</p>`;
  return html`<section class="panel" aria-labelledby="operations-title"><h2 id="operations-title">${tr('Operations')}</h2>
<ul class="plain" id="repository-operations">${shown.map(
    (x) => html`<li><form method="post" action="${o.action}" class="inline">${csrfField(o.viewer)}<input type="hidden" name="operation" value="${x.op}"><input type="hidden" name="next" value="${o.here.split('?')[0]!}"><button type="submit" id="repo-op-${x.op}" class="${x.danger ? 'danger' : 'secondary'}" aria-describedby="repo-op-${x.op}-help">${tr(x.label)}</button></form>
<p class="muted" id="repo-op-${x.op}-help">${tr(x.help)}</p></li>`,
  )}</ul></section>`;
}

/** /projects/<p>/<c>/repository/ and /projects/<p>/repository/. */
export function repositoryPage(o: RepositoryPageData): string {
  const c = o.component;
  const p = o.project;
  const status = c ?? p;
  const local = isLocal(c);
  const body = html`${o.notice ? html`<p class="message" role="status" id="notice" tabindex="-1">${o.notice}</p>` : ''}<h1>${o.title}</h1>
${
  status
    ? html`<section class="panel" aria-labelledby="status-title"><h2 id="status-title">${tr('Status')}</h2>
<ul class="plain" id="repository-status">
${flag(status.needs_commit, ntr('Pending changes not committed yet ({n} string)', 'Pending changes not committed yet ({n} strings)', status.pending), tr('No pending changes'))}
${
  local
    ? html`<li id="repository-local">${tr("This component has no remote repository: its files are kept on this server, and commits stay here. Download the files from a translation's page.")}</li>`
    : html`${flag(status.needs_push, tr('Commits not pushed yet'), tr('Nothing to push'))}
${flag(status.needs_merge, tr('The remote has changes to merge'), tr('Up to date with the remote (as of the last fetch)'))}`
}
</ul>
${
  c
    ? html`<dl class="repository-facts" id="repository-facts">
<dt>${tr('Remote repository')}</dt><dd>${local ? html`<span id="repository-remote">${tr('none')}</span>` : html`<code id="repository-remote">${c.repo || tr('none')}</code>`}</dd>
${local
  ? ''
  : html`<dt>${tr('Branch')}</dt><dd><code id="repository-branch">${c.branch || tr('the default branch')}</code></dd>
${c.pushUrl ? html`<dt>${tr('Push URL')}</dt><dd><code>${c.pushUrl}</code></dd>` : ''}
${c.pushBranch ? html`<dt>${tr('Push branch')}</dt><dd><code>${c.pushBranch}</code></dd>` : ''}
<dt>${tr('Merge style')}</dt><dd>${c.mergeStyle || 'rebase'}</dd>
<dt>${tr('Last remote commit')}</dt><dd id="repository-remote-commit">${c.remoteCommit ? html`<code>${c.remoteCommit.shortrevision}</code> ${c.remoteCommit.summary} – ${c.remoteCommit.author_name}, ${when(c.remoteCommit.authordate)}` : tr('none fetched yet')}</dd>`}
<dt>${tr("Parla's last commit")}</dt><dd id="repository-local-commit">${c.localCommit ? html`<code>${c.localCommit.shortrevision}</code> ${c.localCommit.summary} – ${c.localCommit.author_name}, ${when(c.localCommit.authordate)}` : tr('none')}</dd>
</dl>`
    : ''
}</section>`
    : ''
}
${c?.mergeFailure ? mergeFailurePanel(c.mergeFailure, o.allowed) : ''}
${c && !local ? commitList('outgoing', tr('Outgoing commits'), tr('Every commit of Parla is on the remote.'), c.outgoing, c.outgoingCount) : ''}
${c && !local ? commitList('incoming', tr('Incoming commits'), tr('No fetched remote commit waits to be merged.'), c.incoming, c.incomingCount) : ''}
${
  o.components
    ? html`<section class="panel" aria-labelledby="components-title"><h2 id="components-title">${tr('Components')}</h2>
${
  o.components.length === 0
    ? html`<p class="muted">${tr('No component with a repository you may act on.')}</p>`
    : html`<div class="table-wrap"><table id="repository-components"><caption class="visually-hidden">${tr('Components and their repositories')}</caption>
<thead><tr><th scope="col">${tr('Component')}</th><th scope="col">${tr('Pending')}</th><th scope="col">${tr('To push')}</th><th scope="col">${tr('To merge')}</th><th scope="col">${tr('Merge failure')}</th></tr></thead>
<tbody>${o.components.map((x) => html`<tr><th scope="row"><a href="${x.href}">${x.name}</a></th><td>${x.needs_commit ? tr('yes') : tr('no')}</td><td>${x.needs_push ? tr('yes') : tr('no')}</td><td>${x.needs_merge ? tr('yes') : tr('no')}</td><td>${x.mergeFailure ? html`<strong>${tr('yes')}</strong>` : tr('no')}</td></tr>`)}</tbody></table></div>`
}</section>`
    : ''
}
${operations(o)}`;
  return page({ title: o.title, viewer: o.viewer, here: o.here, breadcrumbs: o.breadcrumbs, body });
}
