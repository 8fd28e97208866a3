// The page shell every UI page shares: landmarks, skip link, header with sign in/out, shortcut help, assets.
import { html, type SafeHtml } from './html.js';
import { assetUrl } from './assets.js';

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
  if (!viewer.username) return html`<a href="/accounts/login/?next=${encodeURIComponent(here)}" id="sign-in">Sign in</a>`;
  return html`<span class="who">Signed in as <a href="/accounts/profile/" id="profile-link"><strong id="username">${viewer.displayName ?? viewer.username}</strong></a></span>
    <form method="post" action="/accounts/signout/" class="inline">${csrfField(viewer)}<button type="submit" id="sign-out">Sign out</button></form>`;
}

function breadcrumbs(items: PageOptions['breadcrumbs']): SafeHtml {
  if (!items?.length) return html``;
  return html`<nav aria-label="Breadcrumb" class="crumbs"><ol>${items.map((b, i) =>
    b.href && i < items.length - 1 ? html`<li><a href="${b.href}">${b.label}</a></li>` : html`<li aria-current="page">${b.label}</li>`,
  )}</ol></nav>`;
}

export function page(o: PageOptions): string {
  return html`<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} – Parla</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('parla.css')}">
<script src="${assetUrl('parla.js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
  <a class="brand" href="/">Parla</a>
  <nav aria-label="Site"><ul><li><a href="/">Dashboard</a></li><li><a href="/api/">API</a></li>${o.viewer.isSuperuser ? html`<li><a href="/manage/" id="manage-link">Manage</a></li>` : ''}</ul></nav>
  <div class="account">${account(o.viewer, o.here)}</div>
</header>
<main id="main" tabindex="-1">
${breadcrumbs(o.breadcrumbs)}
${o.body}
</main>
<footer class="site"><p>Press <kbd>?</kbd> for keyboard shortcuts.</p></footer>
<dialog id="shortcuts" aria-labelledby="shortcuts-title">
  <h2 id="shortcuts-title">Keyboard shortcuts</h2>
  <dl class="keys">
    <dt><kbd>Ctrl</kbd>+<kbd>Enter</kbd></dt><dd>Save and go to the next string (in the comment field: add the comment)</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Enter</kbd></dt><dd>Save and stay</dd>
    <dt><kbd>Alt</kbd>+<kbd>PageDown</kbd> or <kbd>Ctrl</kbd>+<kbd>↓</kbd></dt><dd>Next string</dd>
    <dt><kbd>Alt</kbd>+<kbd>PageUp</kbd> or <kbd>Ctrl</kbd>+<kbd>↑</kbd></dt><dd>Previous string</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>B</kbd></dt><dd>Copy the source into the focused translation field</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>E</kbd></dt><dd>Toggle “Needs editing”</dd>
    <dt><kbd>Ctrl</kbd>+<kbd>M</kbd></dt><dd>Load machine translation and memory matches</dd>
    <dt><kbd>?</kbd></dt><dd>Show this help</dd>
  </dl>
  <form method="dialog"><button type="submit" id="shortcuts-close">Close</button></form>
</dialog>
</body>
</html>
`.value;
}

/** A page that only says what went wrong (404, 403, 400 ...). */
export function errorPage(viewer: Viewer, here: string, status: number, message: string): string {
  const title = status === 404 ? 'Not found' : status === 403 ? 'Permission denied' : status >= 500 ? 'Server error' : 'Request failed';
  return page({
    title,
    viewer,
    here,
    body: html`<h1>${title}</h1><p class="error" role="alert">${message}</p>${!viewer.username && (status === 403 || status === 404) ? html`<p>You may need to <a href="/accounts/login/?next=${encodeURIComponent(here)}">sign in</a>.</p>` : ''}<p><a href="/">Back to the dashboard</a></p>`,
  });
}
