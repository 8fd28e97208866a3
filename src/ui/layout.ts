// The page shell every UI page shares: landmarks, skip link, header with sign in/out, shortcut help, assets.
import { html, type SafeHtml } from './html.js';
import { assetUrl } from './assets.js';
import { currentCatalog, tr, trHtml } from './i18n.js';
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

/**
 * The keyboard shortcuts help (shown on "?"): parla.js fills it from the language's script texts when first opened,
 * so that pages do not carry it. Without JavaScript there are no shortcuts to list.
 */
const SHORTCUTS_DIALOG = html`<dialog id="shortcuts" aria-labelledby="shortcuts-title"></dialog>`;

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
${SHORTCUTS_DIALOG}
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
