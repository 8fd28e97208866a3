// Pages of two-factor authentication: the second step of a sign-in, the signed-in user's second factors, recovery codes shown once.
import { csrfField, page, type Viewer } from './layout.js';
import { html, type SafeHtml } from './html.js';
import { assetUrl } from './assets.js';

export interface SecondFactorsView {
  totp: boolean;
  webauthn: { id: number; name: string; created: string; last_used: string | null }[];
  recovery_codes: number;
  last_2fa: string | null;
  required_by: { teams: string[]; projects: { name: string; slug: string }[] };
}

function messages(o: { error?: string | null; notice?: string | null }): SafeHtml {
  return html`${o.error ? html`<p class="error" role="alert" id="twofa-error">${o.error}</p>` : ''}${o.notice ? html`<p class="message" role="status" id="notice">${o.notice}</p>` : ''}`;
}

/** The second step of a sign-in: a code (authenticator app or recovery code), or a security key. */
export function secondFactorPage(o: { viewer: Viewer; next: string; methods: string[]; error?: string | null }): string {
  const key = o.methods.includes('webauthn');
  const codes = o.methods.includes('totp') || o.methods.includes('recovery');
  return page({
    title: 'Two-factor authentication',
    viewer: o.viewer,
    here: '/accounts/2fa/verify/',
    body: html`<script src="${assetUrl('two-factor.js')}" defer></script>
<h1>Two-factor authentication</h1>
${messages(o)}
${codes
  ? html`<form method="post" action="/accounts/2fa/verify/" id="twofa-form" class="panel">
<input type="hidden" name="next" value="${o.next}">
<div class="field"><label for="id_code">Code from your authenticator app, or a recovery code</label><input type="text" id="id_code" name="code" autocomplete="one-time-code" inputmode="text" spellcheck="false" required autofocus></div>
<button type="submit" id="twofa-submit">Verify</button>
</form>`
  : ''}
${key
  ? html`<section class="panel" aria-labelledby="key-title"><h2 id="key-title">Security key</h2>
<p><button type="button" id="webauthn-signin" data-next="${o.next}">Use a security key</button></p>
<p class="error" role="alert" id="webauthn-error" hidden></p></section>`
  : ''}
<p><a href="/accounts/login/">Start over</a></p>`,
  });
}

/** The signed-in user's second factors, with the enrolment under way when there is one. */
export function twoFactorSettingsPage(o: {
  viewer: Viewer;
  status: SecondFactorsView;
  enrolment: { secret: string; qrSvg: string } | null;
  error?: string | null;
  notice?: string | null;
}): string {
  const v = o.viewer;
  const s = o.status;
  const totp = s.totp
    ? html`<p id="totp-state">An authenticator app is set up.</p>
<form method="post" action="/accounts/2fa/totp/remove/" class="inline">${csrfField(v)}<button type="submit" class="secondary" id="totp-remove">Remove the authenticator app</button></form>`
    : o.enrolment
      ? html`<p>Scan this code with your authenticator app, or type the key into it, then enter the six-digit code it shows.</p>
<p><img id="totp-qr" alt="QR code of the authenticator app set-up" width="200" height="200" src="data:image/svg+xml;base64,${Buffer.from(o.enrolment.qrSvg).toString('base64')}"></p>
<p>Key: <code id="totp-secret">${o.enrolment.secret}</code></p>
<form method="post" action="/accounts/2fa/totp/confirm/" id="totp-confirm-form">${csrfField(v)}
<div class="field"><label for="id_totp_code">Code</label><input type="text" id="id_totp_code" name="code" autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" required></div>
<button type="submit" id="totp-confirm">Confirm</button></form>`
      : html`<p id="totp-state">No authenticator app is set up.</p>
<form method="post" action="/accounts/2fa/totp/" class="inline">${csrfField(v)}<button type="submit" id="totp-start">Set up an authenticator app</button></form>`;
  return page({
    title: 'Two-factor authentication',
    viewer: v,
    here: '/accounts/2fa/',
    body: html`<script src="${assetUrl('two-factor.js')}" defer></script>
<h1>Two-factor authentication</h1>
${messages(o)}
<p>With a second factor, signing in asks for a code from your authenticator app or your security key after the password. API tokens keep working without one.</p>
${!s.totp && !s.webauthn.length && (s.required_by.teams.length || s.required_by.projects.length)
  ? html`<p class="error" role="alert" id="twofa-required">Two-factor authentication is required by ${[
      ...s.required_by.projects.map((p) => html`the project <a href="/projects/${encodeURIComponent(p.slug)}/">${p.name}</a>`),
      ...s.required_by.teams.map((t) => html`the team ${t}`),
    ].flatMap((item, i) => (i ? [html`, `, item] : [item]))}. Until you set up a second factor, they give you no access in the browser.</p>`
  : ''}
${s.last_2fa ? html`<p>Last used: <time datetime="${s.last_2fa}">${s.last_2fa}</time></p>` : ''}
<section class="panel" aria-labelledby="totp-title"><h2 id="totp-title">Authenticator app</h2>${totp}</section>
<section class="panel" aria-labelledby="keys-title"><h2 id="keys-title">Security keys</h2>
${s.webauthn.length
  ? html`<ul id="webauthn-keys">${s.webauthn.map(
      (k) => html`<li>${k.name} (added <time datetime="${k.created}">${k.created.slice(0, 10)}</time>)
<form method="post" action="/accounts/2fa/webauthn/${String(k.id)}/remove/" class="inline">${csrfField(v)}<button type="submit" class="secondary" aria-label="Remove ${k.name}">Remove</button></form></li>`,
    )}</ul>`
  : html`<p id="webauthn-none">No security key is registered.</p>`}
<div class="field"><label for="id_key_name">Name of a new key</label><input type="text" id="id_key_name" maxlength="100" value="Security key"></div>
<button type="button" id="webauthn-register" data-csrf="${v.csrf ?? ''}">Register a security key</button>
<p class="error" role="alert" id="webauthn-error" hidden></p>
<div id="webauthn-codes" hidden><p>Your recovery codes, shown this once; keep them somewhere safe:</p><ul id="webauthn-code-list"></ul><p><a href="/accounts/2fa/">Done</a></p></div>
</section>
<section class="panel" aria-labelledby="recovery-title"><h2 id="recovery-title">Recovery codes</h2>
<p id="recovery-count">${s.recovery_codes} unused recovery code${s.recovery_codes === 1 ? '' : 's'} left. Each one signs you in once without your second factor.</p>
${s.totp || s.webauthn.length ? html`<form method="post" action="/accounts/2fa/recovery/" class="inline">${csrfField(v)}<button type="submit" class="secondary" id="recovery-regenerate">Make new recovery codes</button></form>` : ''}
</section>`,
  });
}

/** New recovery codes, shown once. */
export function recoveryCodesPage(o: { viewer: Viewer; codes: string[]; notice?: string | null }): string {
  return page({
    title: 'Recovery codes',
    viewer: o.viewer,
    here: '/accounts/2fa/',
    body: html`<h1>Recovery codes</h1>
${messages({ notice: o.notice })}
<p>Keep these codes somewhere safe: each signs you in once when your second factor is not at hand. They are shown only now; making new ones ends these.</p>
<ul id="recovery-codes" class="panel">${o.codes.map((c) => html`<li><code>${c}</code></li>`)}</ul>
<p><a href="/accounts/2fa/" id="recovery-done">Done</a></p>`,
  });
}
