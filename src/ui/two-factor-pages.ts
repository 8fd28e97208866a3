// Pages of two-factor authentication: the second step of a sign-in, the signed-in user's second factors, recovery codes shown once.
import { csrfField, page, type Viewer } from './layout.js';
import { ntr, tr, trHtml } from './i18n.js';
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
  return html`${o.error ? html`<p class="error" role="alert" id="twofa-error">${tr(o.error)}</p>` : ''}${o.notice ? html`<p class="message" role="status" id="notice">${tr(o.notice)}</p>` : ''}`;
}

/** The second step of a sign-in: a code (authenticator app or recovery code), or a security key. */
export function secondFactorPage(o: { viewer: Viewer; next: string; methods: string[]; error?: string | null }): string {
  const key = o.methods.includes('webauthn');
  const codes = o.methods.includes('totp') || o.methods.includes('recovery');
  return page({
    title: tr('Two-factor authentication'),
    viewer: o.viewer,
    here: '/accounts/2fa/verify/',
    body: html`<script src="${assetUrl('two-factor.js')}" defer></script>
<h1>${tr('Two-factor authentication')}</h1>
${messages(o)}
${codes
  ? html`<form method="post" action="/accounts/2fa/verify/" id="twofa-form" class="panel">
<input type="hidden" name="next" value="${o.next}">
<div class="field"><label for="id_code">${tr('Code from your authenticator app, or a recovery code')}</label><input type="text" id="id_code" name="code" autocomplete="one-time-code" inputmode="text" spellcheck="false" required autofocus></div>
<button type="submit" id="twofa-submit">${tr('Verify')}</button>
</form>`
  : ''}
${key
  ? html`<section class="panel" aria-labelledby="key-title"><h2 id="key-title">${tr('Security key')}</h2>
<p><button type="button" id="webauthn-signin" data-next="${o.next}">${tr('Use a security key')}</button></p>
<p class="error" role="alert" id="webauthn-error" hidden></p></section>`
  : ''}
<p><a href="/accounts/login/">${tr('Start over')}</a></p>`,
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
    ? html`<p id="totp-state">${tr('An authenticator app is set up.')}</p>
<form method="post" action="/accounts/2fa/totp/remove/" class="inline">${csrfField(v)}<button type="submit" class="secondary" id="totp-remove">${tr('Remove the authenticator app')}</button></form>`
    : o.enrolment
      ? html`<p>${tr('Scan this code with your authenticator app, or type the key into it, then enter the six-digit code it shows.')}</p>
<p><img id="totp-qr" alt="${tr('QR code of the authenticator app set-up')}" width="200" height="200" src="data:image/svg+xml;base64,${Buffer.from(o.enrolment.qrSvg).toString('base64')}"></p>
<p>${tr('Key:')} <code id="totp-secret">${o.enrolment.secret}</code></p>
<form method="post" action="/accounts/2fa/totp/confirm/" id="totp-confirm-form">${csrfField(v)}
<div class="field"><label for="id_totp_code">${tr('Code')}</label><input type="text" id="id_totp_code" name="code" autocomplete="one-time-code" inputmode="numeric" pattern="[0-9]{6}" required></div>
<button type="submit" id="totp-confirm">${tr('Confirm')}</button></form>`
      : html`<p id="totp-state">${tr('No authenticator app is set up.')}</p>
<form method="post" action="/accounts/2fa/totp/" class="inline">${csrfField(v)}<button type="submit" id="totp-start">${tr('Set up an authenticator app')}</button></form>`;
  return page({
    title: tr('Two-factor authentication'),
    viewer: v,
    here: '/accounts/2fa/',
    body: html`<script src="${assetUrl('two-factor.js')}" defer></script>
<h1>${tr('Two-factor authentication')}</h1>
${messages(o)}
<p>${tr('With a second factor, signing in asks for a code from your authenticator app or your security key after the password. API tokens keep working without one.')}</p>
${!s.totp && !s.webauthn.length && (s.required_by.teams.length || s.required_by.projects.length)
  ? html`<p class="error" role="alert" id="twofa-required">${trHtml('Two-factor authentication is required by {requirers}. Until you set up a second factor, they give you no access in the browser.', {
      requirers: html`${[
        ...s.required_by.projects.map((p) => trHtml('the project {project}', { project: html`<a href="/projects/${encodeURIComponent(p.slug)}/">${p.name}</a>` })),
        ...s.required_by.teams.map((t) => tr('the team {team}', { team: t })),
      ].flatMap((item, i) => (i ? [html`, `, item] : [item]))}`,
    })}</p>`
  : ''}
${s.last_2fa ? html`<p>${trHtml('Last used: {time}', { time: html`<time datetime="${s.last_2fa}">${s.last_2fa}</time>` })}</p>` : ''}
<section class="panel" aria-labelledby="totp-title"><h2 id="totp-title">${tr('Authenticator app')}</h2>${totp}</section>
<section class="panel" aria-labelledby="keys-title"><h2 id="keys-title">${tr('Security keys')}</h2>
${s.webauthn.length
  ? html`<ul id="webauthn-keys">${s.webauthn.map(
      (k) => html`<li>${trHtml('{name} (added {date})', { name: k.name, date: html`<time datetime="${k.created}">${k.created.slice(0, 10)}</time>` })}
<form method="post" action="/accounts/2fa/webauthn/${String(k.id)}/remove/" class="inline">${csrfField(v)}<button type="submit" class="secondary" aria-label="${tr('Remove {name}', { name: k.name })}">${tr('Remove')}</button></form></li>`,
    )}</ul>`
  : html`<p id="webauthn-none">${tr('No security key is registered.')}</p>`}
<div class="field"><label for="id_key_name">${tr('Name of a new key')}</label><input type="text" id="id_key_name" maxlength="100" value="${tr('Security key')}"></div>
<button type="button" id="webauthn-register" data-csrf="${v.csrf ?? ''}">${tr('Register a security key')}</button>
<p class="error" role="alert" id="webauthn-error" hidden></p>
<div id="webauthn-codes" hidden><p>${tr('Your recovery codes, shown this once; keep them somewhere safe:')}</p><ul id="webauthn-code-list"></ul><p><a href="/accounts/2fa/">${tr('Done')}</a></p></div>
</section>
<section class="panel" aria-labelledby="recovery-title"><h2 id="recovery-title">${tr('Recovery codes')}</h2>
<p id="recovery-count">${ntr('{n} unused recovery code left. Each one signs you in once without your second factor.', '{n} unused recovery codes left. Each one signs you in once without your second factor.', s.recovery_codes)}</p>
${s.totp || s.webauthn.length ? html`<form method="post" action="/accounts/2fa/recovery/" class="inline">${csrfField(v)}<button type="submit" class="secondary" id="recovery-regenerate">${tr('Make new recovery codes')}</button></form>` : ''}
</section>`,
  });
}

/** New recovery codes, shown once. */
export function recoveryCodesPage(o: { viewer: Viewer; codes: string[]; notice?: string | null }): string {
  return page({
    title: tr('Recovery codes'),
    viewer: o.viewer,
    here: '/accounts/2fa/',
    body: html`<h1>${tr('Recovery codes')}</h1>
${messages({ notice: o.notice })}
<p>${tr('Keep these codes somewhere safe: each signs you in once when your second factor is not at hand. They are shown only now; making new ones ends these.')}</p>
<ul id="recovery-codes" class="panel">${o.codes.map((c) => html`<li><code>${c}</code></li>`)}</ul>
<p><a href="/accounts/2fa/" id="recovery-done">${tr('Done')}</a></p>`,
  });
}
