// The web UI: pages, sign-in form, the editor's form POSTs, escaping, CSP and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { buildZip } from '../helpers/zip.js';
import { startServer, type TestServer } from '../helpers/server.js';

const XSS = '<script>alert(1)</script>';
const XSS_POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/<img/src=x/onerror=alert(2)>.c:1
msgctxt "${XSS}"
msgid "${XSS} source"
msgstr ""
`;

describe.each(DIALECTS)('web UI on %s', (dialect) => {
  let s: TestServer;
  let plain: string; // Users team: translates public projects
  let viewer: string; // no rights beyond viewing (taken out of the Users team)

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  /** A page as the browser gets it: status, HTML, and the security headers every page carries. */
  const page = async (path: string, init: RequestInit & { token?: string | null; cookie?: string } = {}, status = 200) => {
    const { cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set('Cookie', cookie);
    const res = await s.api(path, { token: null, ...rest, headers, redirect: 'manual' });
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 500)}`).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    return text;
  };
  const unitsOf = async (project: string, lang: string) => (await json(await s.api(`/api/translations/${project}/app/${lang}/units/?page_size=100`))).results as { id: number; source: string[]; target: string[]; state: number; context: string }[];
  const unitBySource = async (project: string, lang: string, source: string) => (await unitsOf(project, lang)).find((u) => u.source[0] === source)!;
  const stats = async (project: string, lang: string) => json(await s.api(`/api/translations/${project}/app/${lang}/statistics/`));

  /** Signs in through the HTML form as a browser would (Origin header, form body), returning the session cookie. */
  const signIn = async (username: string, password: string) => {
    const form = await page('/accounts/login/?next=/projects/pub/');
    expect(form).toContain('id="login-form"');
    expect(form).toMatch(/<label for="id_username">/);
    expect(form).toMatch(/<label for="id_password">/);
    const res = await fetch(`${s.url}/accounts/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ username, password, next: '/projects/pub/' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/projects/pub/');
    const cookie = /^([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeTruthy();
    return cookie!;
  };
  const csrfOf = (html: string) => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1] ?? '';
  /** A form POST with the session cookie, as the browser sends it; returns the response (redirects not followed). */
  const post = (path: string, fields: Record<string, string>, auth: { cookie?: string; token?: string }) =>
    s.api(path, {
      method: 'POST',
      token: auth.token ?? null,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(auth.cookie ? { Cookie: auth.cookie } : {}), Origin: s.url },
      body: new URLSearchParams(fields),
    });

  beforeAll(async () => {
    s = await startServer(dialect);
    plain = await s.createUser('plain');
    viewer = await s.createUser('viewer');
    const users = (await json(await s.api('/api/groups/?page_size=100'))).results as { id: number; name: string; defining_project: string | null }[];
    const usersTeam = users.find((g) => g.name === 'Users' && g.defining_project === null)!;
    expect((await s.api('/api/users/viewer/groups/', { method: 'DELETE', json: { group_id: usersTeam.id } })).status).toBeLessThan(300);
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub'), 201);
    await json(await createProject(s, 'priv', { access_control: 100, name: 'Secret project' }), 201);
    await json(await createPoComponent(s, 'priv'), 201);
    await json(await createProject(s, 'evil', { name: `Evil ${XSS}` }), 201);
    const evilCs = XSS_POT.replace('"Content-Type', '"Language: cs\\n"\n"Content-Type');
    await json(await createPoComponent(s, 'evil', 'app', buildZip([{ name: 'po/app.pot', data: XSS_POT }, { name: 'po/cs.po', data: evilCs }])), 201);
    await json(await s.api('/api/components/evil/app/', { method: 'PATCH', json: { name: `App ${XSS}` } }));
    await json(await s.api('/api/components/pub/app/translations/', { method: 'POST', json: { language_code: 'he' } }), 201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('serves the dashboard with visible projects only, with progress bars and no inline code', async () => {
    const anon = await page('/');
    expect(anon).toContain('href="/projects/pub/"');
    expect(anon).not.toContain('/projects/priv/');
    expect(anon).not.toContain('Secret project');
    expect(anon).toMatch(/class="progress" role="img" aria-label="PUB: [\d.]+% translated/);
    // Landmarks, skip link, language and direction of the page.
    expect(anon).toMatch(/<html lang="en" dir="ltr">/);
    expect(anon).toContain('<a class="skip" href="#main">');
    expect(anon).toMatch(/<header class="site">[\s\S]*<main id="main"/);
    expect(anon).not.toMatch(/<script>|\sstyle=|\son[a-z]+=/i);
    expect(anon).toContain('id="sign-in"');
    // The admin (token) sees the private project as well.
    const admin = await page('/', { token: s.adminToken });
    expect(admin).toContain('href="/projects/priv/"');
  });

  it('serves its own script and stylesheet with cache headers', async () => {
    const html = await page('/');
    const js = /<script src="(\/ui\/static\/parla\.js\?v=[0-9a-f]+)" defer><\/script>/.exec(html)?.[1];
    const css = /<link rel="stylesheet" href="(\/ui\/static\/parla\.css\?v=[0-9a-f]+)">/.exec(html)?.[1];
    expect(js && css).toBeTruthy();
    const jsRes = await fetch(`${s.url}${js}`);
    expect(jsRes.status).toBe(200);
    expect(jsRes.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(jsRes.headers.get('cache-control')).toContain('immutable');
    expect(await jsRes.text()).toContain("'save-next'");
    const cssRes = await fetch(`${s.url}${css}`);
    expect(cssRes.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await cssRes.text()).toContain(':focus-visible');
    expect((await fetch(`${s.url}/ui/static/..%2Fhtml.ts`)).status).toBe(404);
  });

  it('hides private projects from anonymous visitors on every page', async () => {
    for (const path of ['/projects/priv/', '/projects/priv/app/', '/projects/priv/app/cs/', '/translate/priv/app/cs/']) {
      const html = await page(path, {}, 404);
      expect(html).not.toContain('Secret project');
    }
    expect(await page('/languages/cs/')).not.toContain('Secret project');
    expect(await page('/projects/priv/app/cs/', { token: s.adminToken })).toContain('Secret project');
  });

  it('shows project, component, language and translation pages with the statistics the API reports', async () => {
    const st = await stats('pub', 'cs');
    const html = await page('/projects/pub/app/cs/');
    expect(html).toMatch(new RegExp(`All strings</a></th><td class="num">${st.total}</td>`));
    expect(html).toMatch(new RegExp(`>Translated</a></th><td class="num">${st.translated}</td><td class="num">${st.translated_percent}%</td>`));
    expect(html).toMatch(new RegExp(`>Needs editing</a></th><td class="num">${st.fuzzy}</td>`));
    expect(html).toContain('href="/translate/pub/app/cs/"');
    // Every statistics row and button links to a search the editor understands.
    const links = [...html.matchAll(/href="(\/translate\/pub\/app\/cs\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(links.length).toBeGreaterThan(4);
    for (const link of links) expect(await page(link), link).not.toContain('id="search-error"');
    // Anonymous visitors may download (Guests) but not upload.
    expect(html).toContain('href="/api/translations/pub/app/cs/file/"');
    expect(html).not.toContain('id="upload-form"');
    const project = await page('/projects/pub/');
    expect(project).toContain('href="/projects/pub/app/"');
    expect(project).toContain('href="/languages/cs/"');
    expect(project).toContain('id="changes"');
    const component = await page('/projects/pub/app/');
    expect(component).toContain('href="/projects/pub/app/cs/"');
    const language = await page('/languages/cs/');
    expect(language).toContain('href="/projects/pub/app/cs/"');
    // Repository buttons only for who may use them.
    expect(project).not.toContain('id="repo-commit"');
    expect(await page('/projects/pub/', { token: s.adminToken })).toContain('id="repo-commit"');
  });

  it('signs in and out through the forms, keeping the JSON login of the API', async () => {
    const wrong = await fetch(`${s.url}/accounts/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ username: 'admin', password: 'nope', next: '//evil.example/' }),
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/accounts/login/?failed=1&next=%2F');
    expect(await page('/accounts/login/?failed=1&next=%2F')).toContain('id="login-error"');
    for (const next of ['/\t/evil.example/', '/\\evil.example/', 'https://evil.example/']) {
      expect(await page(`/accounts/login/?next=${encodeURIComponent(next)}`)).toContain('<input type="hidden" name="next" value="/">');
    }
    // Without `next` the endpoint answers JSON as before.
    const apiLogin = await fetch(`${s.url}/accounts/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'nope' }) });
    expect(apiLogin.status).toBe(400);
    expect((await apiLogin.json()).type).toBe('validation_error');
    // A form from another site is refused.
    const foreign = await fetch(`${s.url}/accounts/login/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://evil.example' },
      body: new URLSearchParams({ username: 'admin', password: 'admin-password', next: '/' }),
    });
    expect(foreign.status).toBe(403);

    const cookie = await signIn('admin', 'admin-password');
    const html = await page('/projects/pub/', { cookie });
    expect(html).toContain('id="username"');
    expect(html).toContain('id="sign-out"');
    const csrf = csrfOf(html);
    expect(csrf).toBeTruthy();
    // Signing out without the form's token is refused; with it the session ends.
    expect((await post('/accounts/signout/', {}, { cookie })).status).toBe(403);
    const out = await post('/accounts/signout/', { csrfmiddlewaretoken: csrf }, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(await page('/', { cookie })).toContain('id="sign-in"');
  });

  it('edits a string through the editor form and updates the statistics', async () => {
    const cookie = await signIn('admin', 'admin-password');
    const unit = await unitBySource('pub', 'cs', 'Open');
    expect(unit.target).toEqual(['']);
    const before = await stats('pub', 'cs');
    const html = await page(`/translate/pub/app/cs/?id=${unit.id}`, { cookie });
    expect(html).toMatch(/<div class="source-text" id="source-0" lang="en" dir="ltr">Open<\/div>/);
    expect(html).toMatch(/<dd id="unit-context">menu<\/dd>/);
    expect(html).toContain('<label for="target-0">Translation</label>');
    expect(html).toMatch(/<textarea id="target-0" name="target_0" lang="cs" dir="ltr"/);
    expect(html).toContain('id="save-next"');
    expect(html).toContain('id="fuzzy"');
    expect(html).toContain('id="machinery-load"');
    // Opened by id, the string still knows its place for previous/next.
    expect(html).toContain('<span id="position">String 3 of 4</span>');
    expect(html).toContain('id="prev" href="/translate/pub/app/cs/?offset=1"');
    expect(html).toContain('id="next" href="/translate/pub/app/cs/?offset=3"');
    const csrf = csrfOf(html);

    // Without the CSRF token the session may not write.
    expect((await post('/translate/pub/app/cs/', { id: String(unit.id), target_0: 'X', action: 'save' }, { cookie })).status).toBe(403);

    const res = await post('/translate/pub/app/cs/', { csrfmiddlewaretoken: csrf, id: String(unit.id), q: '', offset: '0', target_0: 'Otevřít', action: 'save' }, { cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/translate/pub/app/cs/?id=${unit.id}&done=saved`);
    const after = await json(await s.api(`/api/units/${unit.id}/`));
    expect(after.target).toEqual(['Otevřít']);
    expect(after.state).toBe(20);
    const st = await stats('pub', 'cs');
    expect(st.translated).toBe(before.translated + 1);
    const shown = await page(`/translate/pub/app/cs/?id=${unit.id}&done=saved`, { cookie });
    expect(shown).toContain('id="notice"');
    expect(shown).toMatch(/<textarea id="target-0"[^>]*>\nOtevřít<\/textarea>/);
    expect(await page('/projects/pub/app/cs/')).toMatch(new RegExp(`>Translated</a></th><td class="num">${st.translated}</td>`));

    // "Needs editing" saves state 10; "save and continue" goes to the next string of the search.
    const next = await post('/translate/pub/app/cs/', { csrfmiddlewaretoken: csrf, id: String(unit.id), q: '', offset: '2', target_0: 'Otevřít', fuzzy: '1', action: 'save-next' }, { cookie });
    expect(next.status).toBe(303);
    expect(next.headers.get('location')).toBe('/translate/pub/app/cs/?offset=3&done=saved');
    expect((await json(await s.api(`/api/units/${unit.id}/`))).state).toBe(10);
  });

  it('labels one field per plural form with its category, and lays out right-to-left languages', async () => {
    const plural = await unitBySource('pub', 'cs', 'One file');
    const html = await page(`/translate/pub/app/cs/?id=${plural.id}`, { token: s.adminToken });
    expect(html).toContain('<label for="target-0">Translation, plural form 1: one (1)</label>');
    expect(html).toContain('<label for="target-1">Translation, plural form 2: few (2, 3, 4)</label>');
    expect(html).toContain('<label for="target-2">Translation, plural form 3: other (0, 5, 6, 7, 8, 9, …)</label>');
    expect(html).toMatch(/<textarea id="target-2" name="target_2"/);

    const he = await unitBySource('pub', 'he', 'Hello');
    const rtl = await page(`/translate/pub/app/he/?id=${he.id}`, { token: s.adminToken });
    expect(rtl).toMatch(/<textarea id="target-0" name="target_0" lang="he" dir="rtl"/);
    expect(rtl).toMatch(/<div class="source-text" id="source-0" lang="en" dir="ltr">/);
    expect(await page('/translate/pub/app/he/?view=list', { token: s.adminToken })).toMatch(/<td lang="he" dir="rtl">/);
    // An untranslated plural string gets as many fields as the language has plural forms, and saves them all.
    const forms = (await json(await s.api('/api/languages/he/'))).plural.number as number;
    const hePlural = await unitBySource('pub', 'he', 'One file');
    const heHtml = await page(`/translate/pub/app/he/?id=${hePlural.id}`, { token: s.adminToken });
    expect([...heHtml.matchAll(/<textarea id="target-\d+"/g)].length).toBe(forms);
    const fields = Object.fromEntries(Array.from({ length: forms }, (_, i) => [`target_${i}`, `קובץ ${i}`]));
    const saved = await post('/translate/pub/app/he/', { id: String(hePlural.id), action: 'save', ...fields }, { token: s.adminToken });
    expect(saved.status).toBe(303);
    expect((await json(await s.api(`/api/units/${hePlural.id}/`))).target).toEqual(Array.from({ length: forms }, (_, i) => `קובץ ${i}`));
  });

  it('searches with the query language and reports a bad query as a 400 page', async () => {
    const found = await page(`/translate/pub/app/cs/?q=${encodeURIComponent('source:Goodbye')}`);
    expect(found).toContain('Goodbye world');
    expect(found).toContain('String 1 of 1');
    const list = await page(`/translate/pub/app/cs/?view=list&q=${encodeURIComponent('state:empty OR state:needs-editing')}`);
    expect(list).toContain('<table id="units">');
    expect(list).toContain('Goodbye world');
    expect(list).not.toContain('>Hello<');
    // The searches the statistics table links to are valid queries.
    for (const q of ['state:>=translated', 'state:needs-editing', 'state:empty', 'has:check', 'has:suggestion', 'has:comment', 'state:<translated']) {
      expect(await page(`/translate/pub/app/cs/?q=${encodeURIComponent(q)}`), q).not.toContain('id="search-error"');
    }
    const bad = await page(`/translate/pub/app/cs/?q=${encodeURIComponent('source:(')}`, {}, 400);
    expect(bad).toContain('id="search-error"');
    expect(bad).toContain('aria-invalid="true"');
    expect(await page(`/translate/pub/app/cs/?view=list&q=${encodeURIComponent('nosuchfield:x')}`, {}, 400)).toContain('id="search-error"');
  });

  it('escapes names and strings in every page', async () => {
    const units = await unitsOf('evil', 'cs');
    const evil = units.find((u) => u.source[0]!.includes('<script>'))!;
    expect(evil.context).toBe(XSS);
    const paths = ['/', '/projects/evil/', '/projects/evil/app/', '/projects/evil/app/cs/', '/translate/evil/app/cs/?view=list', '/languages/cs/', `/translate/evil/app/cs/?id=${evil.id}`];
    for (const path of paths) {
      const html = await page(path, { token: s.adminToken });
      expect(html, path).not.toContain(XSS);
      expect(html, path).not.toContain('<img/src=x');
    }
    expect(await page('/projects/evil/', { token: s.adminToken })).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt;');
    const editor = await page(`/translate/evil/app/cs/?id=${evil.id}`, { token: s.adminToken });
    expect(editor).toContain('&lt;script&gt;alert(1)&lt;/script&gt; source');
    expect(editor).toContain('<dd id="unit-context">&lt;script&gt;');
    expect(editor).toContain('&lt;img/src=x/onerror=alert(2)&gt;');
    // A search echoed back is escaped, too.
    expect(await page(`/translate/pub/app/cs/?q=${encodeURIComponent(`source:"${XSS}"`)}`)).not.toContain(XSS);
  });

  it('gives anonymous visitors no edit forms and refuses their posts', async () => {
    const unit = await unitBySource('pub', 'cs', 'Hello');
    const html = await page(`/translate/pub/app/cs/?id=${unit.id}`);
    expect(html).not.toContain('id="translate-form"');
    expect(html).not.toContain('id="comment-form"');
    expect(html).toContain('id="target-readonly"');
    for (const path of ['/translate/pub/app/cs/', '/translate/pub/app/cs/comments/', '/projects/pub/repository/', '/projects/pub/app/cs/upload/']) {
      const res = await post(path, { id: String(unit.id), unit: String(unit.id), target_0: 'Hacked', comment: 'x', operation: 'commit', action: 'save' }, {});
      expect(res.status, path).toBe(403);
    }
    expect((await json(await s.api(`/api/units/${unit.id}/`))).target).toEqual(['Ahoj']);
    // A signed-in user without translate rights sees the string read-only and is refused on save.
    const ro = await page(`/translate/pub/app/cs/?id=${unit.id}`, { token: viewer });
    expect(ro).not.toContain('id="save-next"');
    const refused = await post('/translate/pub/app/cs/', { id: String(unit.id), target_0: 'Nope', action: 'save' }, { token: viewer });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('id="save-error"');
    expect((await json(await s.api(`/api/units/${unit.id}/`))).target).toEqual(['Ahoj']);
  });

  it('adds, votes and accepts suggestions and adds comments through the forms', async () => {
    const unit = await unitBySource('pub', 'de', 'Hello');
    const res = await post('/translate/pub/app/de/', { id: String(unit.id), target_0: 'Servus', action: 'suggest' }, { token: plain });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/translate/pub/app/de/?id=${unit.id}&done=suggested`);
    const list = await json(await s.api(`/api/units/${unit.id}/suggestions/`));
    expect(list.results.map((x: { target: string[] }) => x.target)).toEqual([['Servus']]);
    const suggestion = list.results[0].id as number;
    const html = await page(`/translate/pub/app/de/?id=${unit.id}`, { token: s.adminToken });
    expect(html).toContain(`id="suggestion-${suggestion}"`);
    expect(html).toContain(`id="accept-${suggestion}"`);
    expect(html).toMatch(/lang="de" dir="ltr">Servus<\/div>/);

    const comment = await post('/translate/pub/app/de/comments/', { unit: String(unit.id), comment: 'Too informal?', scope: 'translation' }, { token: plain });
    expect(comment.status).toBe(303);
    expect(await page(`/translate/pub/app/de/?id=${unit.id}`)).toContain('Too informal?');

    const accepted = await post('/translate/pub/app/de/suggestions/', { unit: String(unit.id), suggestion: String(suggestion), action: 'accept' }, { token: s.adminToken });
    expect(accepted.status).toBe(303);
    expect((await json(await s.api(`/api/units/${unit.id}/`))).target).toEqual(['Servus']);
    // A suggestion of another string cannot be reached through this one.
    const other = await unitBySource('pub', 'de', 'Goodbye world');
    expect((await post('/translate/pub/app/de/suggestions/', { unit: String(other.id), suggestion: String(suggestion), action: 'delete' }, { token: s.adminToken })).status).toBe(404);
  });

  it('uploads a translation file from the translation page', async () => {
    const cookie = await signIn('admin', 'admin-password');
    const html = await page('/projects/pub/app/de/', { cookie });
    expect(html).toContain('id="upload-form"');
    expect(html).toContain('<label for="upload-file">');
    const form = multipart({ csrfmiddlewaretoken: csrfOf(html), method: 'translate', conflicts: 'replace-translated' }, {
      file: { name: 'de.po', data: 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Goodbye world"\nmsgstr "Tschüss Welt"\n' },
    });
    const res = await s.api('/projects/pub/app/de/upload/', { method: 'POST', token: null, redirect: 'manual', body: form, headers: { Cookie: cookie, Origin: s.url } });
    // The file is imported by a task, followed on its page.
    expect(res.status, await res.text()).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/tasks\/[0-9a-f-]{36}\/$/);
    await s.container.tasks.idle();
    expect((await unitBySource('pub', 'de', 'Goodbye world')).target).toEqual(['Tschüss Welt']);
    expect(await page(res.headers.get('location')!, { cookie })).toContain('The file is processed: 1 of 1 string accepted.');
    // A broken file is reported on the task page in words, not as JSON.
    const broken = multipart({ csrfmiddlewaretoken: csrfOf(html), method: 'translate' }, { file: { name: 'de.po', data: 'msgid "unterminated\n' } });
    const bad = await s.api('/projects/pub/app/de/upload/', { method: 'POST', token: null, redirect: 'manual', body: broken, headers: { Cookie: cookie, Origin: s.url } });
    expect(bad.status).toBe(303);
    await s.container.tasks.idle();
    expect(await page(bad.headers.get('location')!, { cookie })).toMatch(/id="task-error" data-task-outcome><p>The task failed: Could not parse uploaded file/);
  });

  it('answers machine translation and memory matches as JSON for the editor script', async () => {
    const unit = await unitBySource('pub', 'cs', 'Hello');
    const res = await s.api(`/translate/pub/app/cs/machinery/?id=${unit.id}`, { token: plain });
    const body = await json(res);
    expect(Array.isArray(body.results)).toBe(true);
    expect(Array.isArray(body.errors)).toBe(true);
    // The memory holds the translation of the string itself after a save (the memory engine runs unconfigured).
    for (const r of body.results) expect(Object.keys(r).sort()).toEqual(['quality', 'service', 'source', 'text']);
    expect((await s.api(`/translate/priv/app/cs/machinery/?id=${unit.id}`, { token: null })).status).toBe(404);
    const other = await unitBySource('pub', 'de', 'Hello');
    expect((await s.api(`/translate/pub/app/cs/machinery/?id=${other.id}`, { token: plain })).status).toBe(404);
  });

  it('lists failing checks and screenshot thumbnails next to the string', async () => {
    const cookie = await signIn('admin', 'admin-password');
    const unit = await unitBySource('pub', 'cs', 'Goodbye world');
    const html = await page(`/translate/pub/app/cs/?id=${unit.id}`, { cookie });
    expect(html).not.toContain('id="failing-checks"');
    // A trailing full stop the source does not have fails the end_stop check.
    const res = await post('/translate/pub/app/cs/', { csrfmiddlewaretoken: csrfOf(html), id: String(unit.id), target_0: 'Sbohem světe.', action: 'save' }, { cookie });
    expect(res.status).toBe(303);
    expect((await json(await s.api(`/api/units/${unit.id}/`))).has_failing_check).toBe(true);
    const failing = await page(`/translate/pub/app/cs/?id=${unit.id}`, { cookie });
    expect(failing).toMatch(/<div class="warning" id="failing-checks" role="status">[\s\S]*data-check="end_stop"/);

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const shot = await json(await s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Main window', project_slug: 'pub', component_slug: 'app', language_code: 'en' }, { image: { name: 'shot.png', data: png } }) }), 201);
    const source = await unitBySource('pub', 'en', 'Goodbye world');
    await json(await s.api(`/api/screenshots/${shot.id}/units/`, { method: 'POST', json: { unit_id: source.id } }));
    const withShot = await page(`/translate/pub/app/cs/?id=${unit.id}`, { cookie });
    expect(withShot).toContain(`<img src="/api/screenshots/${shot.id}/file/" alt="Screenshot: Main window"`);
    const img = await fetch(`${s.url}/api/screenshots/${shot.id}/file/`, { headers: { Cookie: cookie } });
    expect(img.status).toBe(200);
  });

  it('runs repository operations from the buttons for those allowed', async () => {
    const res = await post('/projects/pub/app/repository/', { operation: 'commit' }, { token: s.adminToken });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/projects/pub/app/?done=commit');
    const denied = await post('/projects/pub/app/repository/', { operation: 'commit' }, { token: plain });
    expect(denied.status).toBe(403);
  });
});
