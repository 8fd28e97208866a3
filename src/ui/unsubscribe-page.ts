// The page an unsubscribe link of a notification mail opens: what it ends, and the button that ends it (no sign-in needed).
import { html } from './html.js';
import { tr, trHtml } from './i18n.js';
import { page, type Viewer } from './layout.js';

const FREQUENCIES: Record<number, string> = { 0: 'never', 1: 'instantly', 2: 'daily', 3: 'weekly', 4: 'monthly' };

export function unsubscribePage(o: { viewer: Viewer; action: string; entries: readonly { label: string; where: string; frequency: number }[] }): string {
  const active = o.entries.filter((e) => e.frequency !== 0);
  return page({
    title: tr('Unsubscribe'),
    viewer: o.viewer,
    here: '/',
    body: html`<h1>${tr('Unsubscribe')}</h1>
${
  active.length
    ? html`<p>${tr('This link stops these notifications:')}</p>
<ul id="unsubscribe-list">${active.map((e) => html`<li>${e.label} – ${e.where} (${FREQUENCIES[e.frequency] ?? ''})</li>`)}</ul>
<form method="post" action="${o.action}" id="unsubscribe-form"><button type="submit" name="List-Unsubscribe" value="One-Click">${tr('Unsubscribe')}</button></form>`
    : html`<p class="message" role="status" id="account-message">${tr('These notifications are already off.')}</p>`
}
<p>${trHtml('Signed in, you choose every notification on your {link}.', { link: html`<a href="/accounts/profile/#notifications">${tr('profile')}</a>` })}</p>`,
  });
}
