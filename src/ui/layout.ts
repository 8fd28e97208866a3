// The page shell every UI page shares: landmarks, skip link, header with sign in/out, shortcut help, assets.
import { html, type SafeHtml } from './html.js';
import { assetUrl } from './assets.js';
import { currentCatalog, perLanguage, tr, trHtml } from './i18n.js';
import { scriptMessages } from './i18n-script.js';

/** Who is looking at the page, and the session's CSRF token for its forms (null for token or anonymous callers). */
export interface Viewer {
  username: string | null;
  displayName: string | null;
  csrf: string | null;
  /** Superusers: the header links to the site administration. */
  isSuperuser?: boolean;
}

export interface PageOptions {
  title: string;
  viewer: Viewer;
  /** The address of this page, where "Sign in" comes back to. */
  here: string;
  breadcrumbs?: { label: string; href?: string }[];
  body: SafeHtml;
}

/** The hidden field that carries the session's CSRF token in a form POST. */
export function csrfField(viewer: Viewer): SafeHtml {
  return viewer.csrf ? html`<input type="hidden" name="csrfmiddlewaretoken" value="${viewer.csrf}">` : html``;
}

function account(viewer: Viewer, here: string): SafeHtml {
  if (!viewer.username) return html`<a href="/accounts/login/?next=${encodeURIComponent(here)}" id="sign-in">${tr('Sign in')}</a>`;
  return html`<span class="who">${trHtml('Signed in as {user}', { user: html`<a href="/accounts/profile/" id="profile-link"><strong id="username">${viewer.displayName ?? viewer.username}</strong></a>` })}</span>
    <form method="post" action="/accounts/signout/" class="inline">${csrfField(viewer)}<button type="submit" id="sign-out">${tr('Sign out')}</button></form>`;
}

function breadcrumbs(items: PageOptions['breadcrumbs']): SafeHtml {
  if (!items?.length) return html``;
  return html`<nav aria-label="${tr('Breadcrumb')}" class="crumbs"><ol>${items.map((b, i) =>
    b.href && i < items.length - 1 ? html`<li><a href="${b.href}">${b.label}</a></li>` : html`<li aria-current="page">${b.label}</li>`,
  )}</ol></nav>`;
}

/** The keyboard shortcuts help every page carries (shown on "?"); the same for every page of a language. */
const shortcutsDialog = perLanguage(() => html`<dialog id="shortcuts" aria-labelledby="shortcuts-title">
  <h2 id="shortcuts-title">${tr('Keyboard shortcuts')}</h2>
  <dl class="keys">
    <dt><kbd>Ctrl</kbd>+<kbd>Enter</kbd></dt><dd>${tr('Save and go to the next string (in the comment field: add the comment)')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Enter</kbd></dt><dd>${tr('Save and stay')}</dd>
    <dt>${trHtml('{first} or {second}', { first: html`<kbd>Alt</kbd>+<kbd>PageDown</kbd>`, second: html`<kbd>Ctrl</kbd>+<kbd>↓</kbd>` })}</dt><dd>${tr('Next string')}</dd>
    <dt>${trHtml('{first} or {second}', { first: html`<kbd>Alt</kbd>+<kbd>PageUp</kbd>`, second: html`<kbd>Ctrl</kbd>+<kbd>↑</kbd>` })}</dt><dd>${tr('Previous string')}</dd>
    <dt>${trHtml('{first} or {second}', { first: html`<kbd>Alt</kbd>+<kbd>↓</kbd>`, second: html`<kbd>Alt</kbd>+<kbd>↑</kbd>` })}</dt><dd>${tr('Next or previous string')}</dd>
    <dt><kbd>Alt</kbd>+<kbd>Home</kbd></dt><dd>${tr('First string of the search')}</dd>
    <dt><kbd>Alt</kbd>+<kbd>End</kbd></dt><dd>${tr('Last string of the search')}</dd>
    <dt><kbd>Alt</kbd>+<kbd>Enter</kbd></dt><dd>${tr('Save as a suggestion')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>B</kbd></dt><dd>${tr('Copy the source into the focused translation field')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>E</kbd></dt><dd>${tr('Toggle “Needs editing”')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>M</kbd></dt><dd>${tr('Load machine translation and memory matches')}</dd>
    <dt>${trHtml('{first} or {second}', { first: html`<kbd>Ctrl</kbd>+<kbd>O</kbd>`, second: html`<kbd>Ctrl</kbd>+<kbd>Y</kbd>` })}</dt><dd>${tr('Copy the source; toggle “Needs editing” (the reference’s keys)')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>I</kbd></dt><dd>${tr('Focus the translation field')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>J</kbd></dt><dd>${tr('Go to the panels beside the string (nearby strings, other languages, …)')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>U</kbd></dt><dd>${tr('Focus the comment field')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>S</kbd></dt><dd>${tr('Focus the search field')}</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>Enter</kbd> ${tr('in zen mode')}</dt><dd>${tr('Save the string and go to the next one')}</dd>
    <dt><kbd>?</kbd></dt><dd>${tr('Show this help')}</dd>
  </dl>
  <form method="dialog"><button type="submit" id="shortcuts-close">${tr('Close')}</button></form>
</dialog>`);

export function page(o: PageOptions): string {
  const language = currentCatalog();
  return html`<!DOCTYPE html>
<html lang="${language.code}" dir="${language.direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${tr('{title} – Parla', { title: o.title })}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('parla.css')}">
${scriptMessages()}
<script src="${assetUrl('parla.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">${tr('Skip to content')}</a>
<header class="site">
  <a class="brand" href="/">Parla</a>
  <nav aria-label="${tr('Site')}"><ul><li><a href="/">${tr('Dashboard')}</a></li><li><a href="/api/">${tr('API')}</a></li>${o.viewer.isSuperuser ? html`<li><a href="/manage/" id="manage-link">${tr('Manage')}</a></li>` : ''}</ul></nav>
  <div class="account">${account(o.viewer, o.here)}</div>
</header>
<main id="main" tabindex="-1">
${breadcrumbs(o.breadcrumbs)}
${o.body}
</main>
<footer class="site"><p>${trHtml('Press {key} for keyboard shortcuts.', { key: html`<kbd>?</kbd>` })}</p></footer>
${shortcutsDialog()}
</body>
</html>
`.value;
}

/** A page that only says what went wrong (404, 403, 400 ...). */
export function errorPage(viewer: Viewer, here: string, status: number, message: string): string {
  const title = status === 404 ? tr('Not found') : status === 403 ? tr('Permission denied') : status >= 500 ? tr('Server error') : tr('Request failed');
  return page({
    title,
    viewer,
    here,
    body: html`<h1>${title}</h1><p class="error" role="alert">${tr(message)}</p>${!viewer.username && (status === 403 || status === 404) ? html`<p>${trHtml('You may need to {link}.', { link: html`<a href="/accounts/login/?next=${encodeURIComponent(here)}">${tr('sign in')}</a>` })}</p>` : ''}<p><a href="/">${tr('Back to the dashboard')}</a></p>`,
  });
}
