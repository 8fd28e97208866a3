// Quality and review in the editor: failing checks explained with dismiss/restore, the Approve button, the review queue page.
import { html, type SafeHtml } from './html.js';
import { ntr, tr, trHtml } from './i18n.js';
import { csrfField, page, type Viewer } from './layout.js';
import { notice, translationCrumbs } from './widgets.js';
import type { Common, TranslationPlace } from './pages.js';
import type { CheckView } from '../services/quality/check-dismissal.service.js';
import { STATE_APPROVED, STATE_TRANSLATED } from '../domain/unit-states.js';

export type { CheckView };

/** The search that lists what reviewers still have to approve: translated, not approved. */
export const REVIEW_QUERY = 'state:translated';

/** The fields every form about one string of the editor carries (where to come back to). */
interface UnitForm {
  translateHref: string;
  viewer: Viewer;
  unitId: number;
  q: string;
  offset: number;
}

function hiddenFields(o: UnitForm): SafeHtml {
  return html`${csrfField(o.viewer)}<input type="hidden" name="unit" value="${o.unitId}"><input type="hidden" name="q" value="${o.q}"><input type="hidden" name="offset" value="${o.offset}">`;
}

/** One check: its name, what it means and what to do; the dismiss or restore button for those allowed. */
function checkItem(o: UnitForm & { canDismiss: boolean }, c: CheckView): SafeHtml {
  const title = tr(c.title);
  const action = c.dismissed ? 'restore' : 'dismiss';
  const button = c.dismissed
    ? html`<button type="submit" name="action" value="restore" class="secondary" id="restore-${c.name}" aria-label="${tr('Restore check “{check}”', { check: title })}">${tr('Restore')}</button>`
    : html`<button type="submit" name="action" value="dismiss" class="secondary" id="dismiss-${c.name}" aria-label="${tr('Dismiss check “{check}”', { check: title })}">${tr('Dismiss')}</button>`;
  return html`<li data-check="${c.name}" id="check-${c.name}"><strong class="check-name">${title}</strong>${c.enforced ? html` <span class="muted">${tr('(enforced)')}</span>` : ''}
${c.explanation ? html`<p class="check-explanation" id="check-${c.name}-explanation">${tr(c.explanation)}</p>` : c.description ? html`<p class="check-explanation">${tr(c.description)}</p>` : ''}
${o.canDismiss && !(c.enforced && !c.dismissed)
    ? html`<form method="post" action="${o.translateHref}checks/" class="inline" data-async="checks-panel">${hiddenFields(o)}<input type="hidden" name="check" value="${c.name}">${button}</form>`
    : ''}${action === 'dismiss' && c.enforced ? html`<p class="muted">${tr('The component enforces this check: a translation failing it is saved as needing editing.')}</p>` : ''}</li>`;
}

/**
 * The failing checks of the string with their names and explanations, and the dismissed ones under a disclosure; those
 * with unit.check dismiss and restore them (the form posts in the background and swaps this panel).
 */
export function checksPanel(o: UnitForm & { checks: readonly CheckView[]; canDismiss: boolean }): SafeHtml {
  if (o.checks.length === 0) return html``;
  const failing = o.checks.filter((c) => !c.dismissed);
  const dismissed = o.checks.filter((c) => c.dismissed);
  return html`<section class="panel checks" id="checks-panel" aria-labelledby="checks-title"><h2 id="checks-title">${tr('Quality checks')}</h2>
${failing.length
    ? html`<div class="warning" id="failing-checks" role="status"><p><strong id="failing-count" data-count="${failing.length}">${ntr('{n} failing check', '{n} failing checks', failing.length)}</strong></p><ul class="plain">${failing.map((c) => checkItem(o, c))}</ul></div>`
    : html`<p class="muted" id="no-failing-checks" role="status" data-count="0">${tr('No failing checks.')}</p>`}
${dismissed.length
    ? html`<details id="dismissed-checks"><summary>${ntr('{n} dismissed check', '{n} dismissed checks', dismissed.length)}</summary><ul class="plain">${dismissed.map((c) => checkItem(o, c))}</ul></details>`
    : ''}
</section>`;
}

/**
 * The Approve button of the editor's form, for reviewers of a translation with review turned on, on strings not approved
 * yet: it saves the text as it stands in the fields with the state approved.
 */
export function approveButton(o: { translateHref: string; canReview: boolean; state: number }): SafeHtml {
  if (!o.canReview || o.state === STATE_APPROVED) return html``;
  return html`<button type="submit" name="action" value="approve" id="approve" class="secondary">${tr('Approve')}</button>`;
}

/** The link to the review queue, under the editor's form for reviewers. */
export function reviewQueueLink(o: { translateHref: string; canReview: boolean }): SafeHtml {
  if (!o.canReview) return html``;
  return html`<p><a href="${o.translateHref}review/" id="review-queue-link">${tr('Strings waiting for approval')}</a></p>`;
}

export interface ReviewRow {
  id: number;
  source: string[];
  target: string[];
  context: string;
  state: number;
}

export interface ReviewQueueData extends Common, TranslationPlace {
  translationHref: string;
  translateHref: string;
  direction: string;
  sourceCode: string;
  sourceDirection: string;
  /** Review is turned on for the translation's project. */
  reviewEnabled: boolean;
  /** The viewer may approve here. */
  canReview: boolean;
  rows: ReviewRow[];
  total: number;
  offset: number;
  pageSize: number;
  error: string | null;
}

/** /translate/<p>/<c>/<l>/review/: translated strings that are not approved yet, each with a one-click Approve. */
export function reviewQueuePage(o: ReviewQueueData): string {
  const pageLink = (offset: number) => `${o.translateHref}review/?offset=${offset}`;
  const search = `${o.translateHref}?q=${encodeURIComponent(REVIEW_QUERY)}`;
  const body = html`${notice(o.notice, o.noticeExtra)}<h1>${trHtml('Strings waiting for approval in {component} — {language}', { component: o.componentName, language: html`<span>${o.languageName}</span>` })}</h1>
${o.error ? html`<p class="error" role="alert" id="review-error">${o.error}</p>` : ''}
${!o.reviewEnabled
    ? html`<p class="panel" id="review-off">${tr('Reviews are turned off for this project: translations are not approved separately.')}</p>`
    : html`<p id="review-count">${ntr('{n} translated string waits for approval.', '{n} translated strings wait for approval.', o.total)} ${trHtml('They are the strings the search {query} finds; {link}.', { query: html`<code>${REVIEW_QUERY}</code>`, link: html`<a href="${search}" id="review-in-editor">${tr('review them one by one in the editor')}</a>` })}</p>
${o.canReview ? '' : html`<p class="muted" id="review-denied">${tr('Only reviewers can approve translations.')}</p>`}
${o.rows.length
        ? html`<div class="table-wrap"><table id="review-queue"><caption class="visually-hidden">${tr('Translated strings not approved yet')}</caption>
<thead><tr><th scope="col">${tr('Source')}</th><th scope="col">${tr('Translation')}</th><th scope="col">${tr('Actions')}</th></tr></thead>
<tbody>${o.rows.map((r) => html`<tr id="review-${r.id}"><td><span lang="${o.sourceCode}" dir="${o.sourceDirection}">${pluralCell(r.source)}</span>${r.context ? html`<div class="muted">${r.context}</div>` : ''}</td>
<td lang="${o.languageCode}" dir="${o.direction}">${pluralCell(r.target)}</td>
<td><a href="${o.translateHref}?id=${r.id}&amp;q=${encodeURIComponent(REVIEW_QUERY)}" aria-label="${tr('Edit string {n}', { n: r.id })}">${tr('Edit')}</a>
${o.canReview && r.state === STATE_TRANSLATED
            ? html` <form method="post" action="${o.translateHref}review/" class="inline">${csrfField(o.viewer)}<input type="hidden" name="unit" value="${r.id}"><input type="hidden" name="offset" value="${o.offset}"><button type="submit" name="action" value="approve-queued" id="approve-${r.id}" aria-label="${tr('Approve string {n}', { n: r.id })}">${tr('Approve')}</button></form>`
            : ''}</td></tr>`)}</tbody></table></div>`
        : html`<p class="muted" id="review-empty">${tr('Nothing waits for approval.')}</p>`}
<nav class="nav-units" aria-label="${tr('Pages')}">${o.offset > 0 ? html`<a class="button secondary" rel="prev" href="${pageLink(Math.max(0, o.offset - o.pageSize))}">${tr('← Previous page')}</a>` : ''}
${o.offset + o.rows.length < o.total ? html`<a class="button secondary" rel="next" href="${pageLink(o.offset + o.pageSize)}">${tr('Next page →')}</a>` : ''}</nav>`}
<p><a href="${o.translationHref}">${tr('Back to the translation')}</a></p>`;
  return page({
    title: tr('Review — {component} — {language}', { component: o.componentName, language: o.languageName }),
    viewer: o.viewer,
    here: o.here,
    breadcrumbs: translationCrumbs(o, tr('Review')),
    body,
  });
}

/** Plural forms one per line (never the internal separator). */
function pluralCell(forms: readonly string[]): SafeHtml {
  return html`${forms.map((f, i) => html`${i ? html`<br>` : ''}${f}`)}`;
}
