// The web UI in the reader's language: Accept-Language with q-values and regional fallback, the profile's interface
// language first, Content-Language and Vary, translated form errors after a POST, translated error pages, Czech
// plurals, right-to-left pages, and e-mails in the recipient's language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { signIn, userWithPassword } from '../helpers/ui-session.js';
import { CatalogSet, useCatalogs } from '../../src/ui/i18n-catalogs.js';

const get = (s: TestServer, pathname: string, headers: Record<string, string> = {}) => fetch(`${s.url}${pathname}`, { headers, redirect: 'manual' });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1);

describe.each(DIALECTS)('UI languages on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
    await userWithPassword(s, 'klara');
    for (const slug of ['p1', 'p2']) expect((await createProject(s, slug)).status).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows German pages through Accept-Language, with Content-Language and Vary', async () => {
    const res = await get(s, '/accounts/login/', { 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' });
    const html = await res.text();
    expect(res.headers.get('content-language')).toBe('de');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(langOf(html)).toEqual(['de', 'ltr']);
    expect(titleOf(html)).toBe('Anmelden – Parla');
    expect(html).toContain('<button type="submit" id="login-submit">Anmelden</button>');
    expect(html).toContain('>Passwort vergessen?</a>');
    // q-values decide, not the order; unknown languages are passed over.
    const cs = await (await get(s, '/accounts/login/', { 'Accept-Language': 'fr;q=1, de;q=0.4, cs;q=0.8' })).text();
    expect(langOf(cs)).toEqual(['cs', 'ltr']);
    expect(titleOf(cs)).toBe('Přihlásit se – Parla');
    const en = await get(s, '/accounts/login/');
    expect(en.headers.get('content-language')).toBe('en');
    expect(titleOf(await en.text())).toBe('Sign in – Parla');
    // The API stays English and does not vary by language.
    const api = await get(s, '/api/', { 'Accept-Language': 'de' });
    expect(api.headers.get('content-language')).toBeNull();
  });

  it('serves the scripts texts of the page language as one cacheable script per language', async () => {
    const page = await (await get(s, '/accounts/login/', { 'Accept-Language': 'de' })).text();
    const src = /<script src="(\/ui\/static\/texts-de\.js\?v=([0-9a-f]{12}))" defer><\/script>\s*<script src="\/ui\/static\/parla\.js/.exec(page);
    expect(src, 'the texts script comes before parla.js').not.toBeNull();
    // Pages no longer carry the texts or the shortcuts list themselves.
    expect(page).not.toContain('<dl class="keys">');
    expect(page).toContain('<dialog id="shortcuts" aria-labelledby="shortcuts-title"></dialog>');
    const res = await get(s, src![1]!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await res.text();
    const texts = JSON.parse(body.replace(/^window\.parlaMessages=/, '').replace(/;\n$/, '')) as { lang: string; messages: Record<string, string>; states: Record<string, [string, string]>; shortcuts: [string, string][] };
    expect(texts.lang).toBe('de');
    expect(texts.messages.liveKeep).toBe('Meine behalten');
    expect(texts.states['20']).toEqual(['Übersetzt', 'translated']);
    expect(texts.shortcuts[0]![0]).toBe('<kbd>Ctrl</kbd>+<kbd>Enter</kbd>');
    // Each language has its own script and hash; English is the source; unknown languages are not served.
    const en = await (await get(s, '/accounts/login/')).text();
    const enSrc = /\/ui\/static\/texts-en\.js\?v=([0-9a-f]{12})/.exec(en);
    expect(enSrc?.[1]).not.toBe(src![2]);
    expect(await (await get(s, enSrc![0])).text()).toContain('"liveKeep":"Keep mine"');
    expect((await get(s, '/ui/static/texts-xx.js')).status).toBe(404);
    expect((await get(s, '/ui/static/texts-de.js')).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('prefers the interface language of the profile over Accept-Language', async () => {
    const ui = await signIn(s, 'klara');
    const saved = await ui.post('/accounts/profile/', { section: 'languages', language: 'cs' });
    expect(saved.status).toBe(303);
    const res = await fetch(`${s.url}/accounts/profile/`, { headers: { Cookie: ui.cookie, 'Accept-Language': 'de' } });
    const html = await res.text();
    expect(res.headers.get('content-language')).toBe('cs');
    expect(titleOf(html)).toBe('Váš profil – Parla');
    expect(html).toMatch(/<option value="cs" lang="cs" selected>čeština<\/option>/);
    expect((await ui.post('/accounts/profile/', { section: 'languages', language: '' })).status).toBe(303);
    const back = await fetch(`${s.url}/accounts/profile/`, { headers: { Cookie: ui.cookie, 'Accept-Language': 'de' } });
    expect(back.headers.get('content-language')).toBe('de');
  });

  it('translates the messages of a refused form after the POST body is read', async () => {
    const res = await fetch(`${s.url}/accounts/reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url, 'Accept-Language': 'de' },
      body: new URLSearchParams({ email: 'not an address' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="error field-error" id="id_email_error">Geben Sie eine gültige E-Mail-Adresse ein.</p>');
    expect(titleOf(html)).toBe('Passwort zurücksetzen – Parla');
  });

  it('translates error pages', async () => {
    const res = await get(s, '/projects/no-such-project/', { 'Accept-Language': 'de' });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(titleOf(html)).toBe('Nicht gefunden – Parla');
    expect(html).toContain('>Zurück zur Übersicht</a>');
  });

  it('uses the Czech plural forms', async () => {
    const html = await (await get(s, '/', { 'Accept-Language': 'cs' })).text();
    expect(html).toContain('<caption class="muted">2 projekty</caption>');
  });

  it('lays out right-to-left languages from right to left', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-rtl-'));
    try {
      fs.mkdirSync(path.join(dir, 'he', 'LC_MESSAGES'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'he', 'LC_MESSAGES', 'parla.po'),
        'msgid ""\nmsgstr ""\n"Language: he\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\nmsgid "Sign in"\nmsgstr "כניסה"\n',
      );
      useCatalogs(new CatalogSet(dir));
      const res = await get(s, '/accounts/login/', { 'Accept-Language': 'he-IL' });
      const html = await res.text();
      expect(res.headers.get('content-language')).toBe('he');
      expect(langOf(html)).toEqual(['he', 'rtl']);
      expect(titleOf(html)).toBe('כניסה – Parla');
    } finally {
      useCatalogs(null);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes e-mails in the language of the recipient', async () => {
    const user = await s.container.users.create({ username: 'jana', email: 'jana@example.com', password: 'violet kettle on a bicycle', profile: { language: 'cs' } });
    expect(user.username).toBe('jana');
    // Asked for from an English browser: the mail still goes out in Czech, the recipient's language.
    const res = await fetch(`${s.url}/accounts/reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url, 'Accept-Language': 'en' },
      body: new URLSearchParams({ email: 'jana@example.com' }),
    });
    expect(res.status).toBe(200);
    await s.container.tasks.idle();
    const admin = await signIn(s, 'admin');
    const outbox = await admin.get('/manage/mail/');
    expect(outbox.html).toContain('jana@example.com');
    expect(outbox.html).toContain('Obnovení hesla na Parla');
    expect(outbox.html).toContain('Odkaz funguje jednou, po dobu');
  });
});
