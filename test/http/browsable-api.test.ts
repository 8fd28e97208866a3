// The browsable API page: HTML for ?format=api and browsers, write forms where Allow has them,
// escaping of user data, a CSP without inline code, and the session + CSRF requests its form script makes.
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const XSS = '<script>alert("x")</script>';

/** The decoded text of the page's one textarea and the prefilled bodies of its form. */
function formOf(html: string) {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const textarea = /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
  const bodies = /data-bodies="([^"]*)"/.exec(html)?.[1];
  const options = [...html.matchAll(/<option value="([A-Z]+)"/g)].map((m) => m[1]);
  return { textarea: textarea === undefined ? undefined : decode(textarea), bodies: bodies === undefined ? undefined : (JSON.parse(decode(bodies)) as Record<string, string>), options };
}

describe.each(DIALECTS)('browsable API on %s', (dialect) => {
  let s: TestServer;
  let plainToken: string;

  const page = async (path: string, init: Parameters<TestServer['api']>[1] = {}) => {
    const res = await s.api(path, init);
    expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    plainToken = await s.createUser('plain');
    expect((await createProject(s, 'xss', { name: XSS, web: 'https://example.com/?a=1&b=<i>' })).status).toBe(201);
  });
  afterAll(() => s?.close());

  it('offers a POST form on a list the caller may add to, prefilled from the body schema', async () => {
    const { res, html } = await page('/api/projects/?format=api');
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(html).toContain('<form id="api-form"');
    const form = formOf(html);
    expect(form.options).toEqual(['POST']);
    const template = JSON.parse(form.textarea!);
    expect(template).toMatchObject({ name: '', slug: '', web: '', access_control: 0, translation_review: false });
    // Identifiers and links are read-only: not offered for editing.
    expect(template).not.toHaveProperty('url');
    expect(template).not.toHaveProperty('id');
    expect(form.bodies).toEqual({ POST: form.textarea });
    // The form's script is a file of the allow-listed assets, not inline code.
    const script = /<script src="([^"]+)"><\/script>/.exec(html)?.[1];
    expect(script).toMatch(/^\/api\/docs\/assets\/browsable-api\.js\?v=[0-9a-f]{16}$/);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(html).not.toMatch(/<style|style="/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('leaves file fields out of the JSON template of an upload address and says where they go', async () => {
    const { html } = await page('/api/screenshots/?format=api');
    const template = JSON.parse(formOf(html).textarea!);
    expect(template).toHaveProperty('name');
    expect(template).not.toHaveProperty('image');
    expect(html).toContain('Files (image) go in a multipart/form-data request');
    expect(formOf((await page('/api/projects/?format=api')).html).textarea).not.toContain('zipfile');
    expect((await page('/api/projects/?format=api')).html).not.toContain('multipart/form-data');
  });

  it('renders the page for browsers (Accept: text/html) too, with a stylesheet from the assets', async () => {
    const { html } = await page('/api/projects/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(html).toContain('<form id="api-form"');
    const css = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    const res = await s.api(css!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('has no form on a GET-only address, nor for anonymous callers who may not write', async () => {
    for (const path of ['/api/?format=api', '/api/languages/cs/statistics/?format=api', '/api/projects/xss/statistics/?format=api']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(html, path).not.toContain('<form');
      expect(html, path).not.toContain('<textarea');
    }
    const anon = await page('/api/projects/?format=api', { token: null });
    expect(anon.html).toContain('Allow: GET, POST, HEAD, OPTIONS');
    expect(anon.html).not.toContain('<form');
  });

  it('prefills PUT and PATCH with the editable fields of the object and offers DELETE', async () => {
    const { html } = await page('/api/projects/xss/?format=api');
    const form = formOf(html);
    expect(form.options).toEqual(['PUT', 'PATCH', 'DELETE']);
    const current = await (await s.api('/api/projects/xss/')).json();
    const patch = JSON.parse(form.bodies!.PATCH);
    expect(patch).toMatchObject({ name: XSS, slug: 'xss', web: current.web, access_control: current.access_control });
    for (const k of ['id', 'url', 'web_url', 'components_list_url', 'statistics_url']) expect(patch).not.toHaveProperty(k);
    expect(JSON.parse(form.textarea!)).toEqual(JSON.parse(form.bodies!.PUT));
    expect(form.bodies!.DELETE).toBe('');
    // What the form would send back is accepted as it is.
    const res = await s.api('/api/projects/xss/', { method: 'PATCH', json: patch });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("has the site's header and stylesheet, with a link back to the web interface", async () => {
    const { html } = await page('/api/projects/?format=api');
    expect(html).toMatch(/<link rel="stylesheet" href="\/ui\/static\/parla\.css\?v=[0-9a-f]+">/);
    expect(html).toMatch(/<header class="site"><a class="brand" href="\/">Parla<\/a>/);
    expect(html).toContain('<a href="/" id="back-to-ui">Back to the web interface</a>');
    expect(html).toContain('<a href="/api/docs/">API reference</a>');
    expect(html).toMatch(/<main id="main" tabindex="-1">[\s\S]*<pre class="api-json">/);
    const css = /href="(\/ui\/static\/parla\.css\?v=[0-9a-f]+)"/.exec(html)![1]!;
    expect((await fetch(`${s.url}${css}`)).status).toBe(200);
  });

  it('escapes user data everywhere on the page', async () => {
    const { html } = await page('/api/projects/xss/?format=api');
    expect(html).not.toContain(XSS);
    expect(html).not.toContain('<i>');
    expect(html).not.toMatch(/<script>alert/i);
    // In the pretty-printed JSON, in the textarea and in the data attribute alike.
    expect(html).toContain('&lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt;');
    expect(formOf(html).textarea).toContain(JSON.stringify(XSS).slice(1, -1));
    expect(html).not.toMatch(/<\/textarea>[^<]*<script/);
    // The only elements are the page's own.
    const tags = new Set([...html.matchAll(/<([a-z][a-z0-9]*)[\s>]/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['a', 'body', 'button', 'form', 'h1', 'h2', 'head', 'header', 'html', 'label', 'li', 'link', 'main', 'meta', 'nav', 'option', 'p', 'pre', 'script', 'section', 'select', 'span', 'strong', 'textarea', 'title', 'ul']);
    // A link with markup characters in it is not made clickable.
    expect(html).not.toContain('href="https://example.com/?a=1');
  });

  it('shows a form to a user with a browser session, whose script writes with the session cookie and CSRF token', async () => {
    await s.container.users.create({ username: 'browser', email: 'browser@example.com', full_name: 'Browser', password: 'browser password', is_superuser: true });
    const login = await s.api('/accounts/login/', { method: 'POST', token: null, json: { username: 'browser', password: 'browser password' } });
    expect(login.status).toBe(200);
    const cookie = /^parla_session=[^;]*/.exec(login.headers.getSetCookie()[0])![0];
    const { html } = await page('/api/projects/?format=api', { token: null, headers: { Cookie: cookie } });
    expect(html).toContain('<form id="api-form"');

    // What browsable-api.js does on submit: fetch the CSRF token, then send the JSON body with cookie and token.
    const script = await (await s.api(/<script src="([^"]+)">/.exec(html)![1], { token: null })).text();
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).toContain("'/accounts/csrf/'");
    expect(script).toContain("'X-CSRFToken'");
    expect(script).toContain("searchParams.delete('format')");
    const csrf = await (await s.api('/accounts/csrf/', { token: null, headers: { Cookie: cookie } })).json();
    const body = JSON.stringify({ ...JSON.parse(formOf(html).textarea!), name: 'From the form', slug: 'from-form', web: 'https://example.org/', new_lang: 'add', language_code_style: '' });
    const headers = { Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' };
    const refused = await s.api('/api/projects/', { method: 'POST', token: null, headers, body });
    expect(refused.status).toBe(403);
    const created = await s.api('/api/projects/', { method: 'POST', token: null, headers: { ...headers, 'X-CSRFToken': csrf.csrf_token }, body });
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await created.json()).slug).toBe('from-form');
  });

  it('offers the form to any authenticated user and leaves the permission check to the write itself', async () => {
    const { html } = await page('/api/projects/xss/?format=api', { token: plainToken });
    // Allow lists what the address supports; the form is offered to authenticated users, the server decides.
    expect(html).toContain('Allow: GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(html).toContain('<form id="api-form"');
    const res = await s.api('/api/projects/xss/', { method: 'PATCH', token: plainToken, json: JSON.parse(formOf(html).bodies!.PATCH) });
    expect(res.status).toBe(403);
  });
  it('renders the bodies the read caches keep as bytes (a unit, a page of units) like any other', async () => {
    expect((await createPoComponent(s, 'xss')).status).toBe(201);
    const units = await (await s.api('/api/translations/xss/app/cs/units/?page_size=2')).json();
    const unit = units.results[0];
    // Twice: on SQLite the second answer comes from the read cache.
    for (let i = 0; i < 2; i++) {
      expect(await (await s.api(`/api/units/${unit.id}/`)).json()).toEqual(unit);
      const detail = await page(`/api/units/${unit.id}/?format=api`);
      expect(detail.res.status).toBe(200);
      const form = formOf(detail.html);
      expect(form.options).toEqual(['PUT', 'PATCH', 'DELETE']);
      expect(JSON.parse(form.bodies!.PATCH)).toMatchObject({ target: unit.target, state: unit.state });
      const list = await page('/api/translations/xss/app/cs/units/?page_size=2&format=api');
      expect(list.res.status).toBe(200);
      expect(list.html).toContain(`/api/units/${unit.id}/`);
      expect(list.html).toContain('&quot;count&quot;');
    }
  });
});
