// The page a single sign-on that did not go through ends on: what happened, and the way back to the sign-in page.
import { html } from './html.js';
import { tr } from './i18n.js';
import { page, type Viewer } from './layout.js';

export function signInFailedPage(o: { viewer: Viewer; provider: string; message: string; next: string }): string {
  return page({
    title: tr('Sign-in failed'),
    viewer: o.viewer,
    here: '/accounts/login/',
    body: html`<h1>${tr('Sign-in with {provider} failed', { provider: o.provider })}</h1>
<p class="error" role="alert" id="sso-error">${tr(o.message)}</p>
<p><a href="/accounts/login/?next=${encodeURIComponent(o.next)}" id="sso-back">${tr('Back to the sign-in page')}</a></p>`,
  });
}
