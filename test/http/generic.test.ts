// Generic API behaviour: negotiation, Allow and 405, authentication, errors, bodies and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject, multipart, poZip } from '../helpers/fixtures.js';
import { buildZip } from '../helpers/zip.js';

describe.each(DIALECTS)('generic behaviour on %s', (dialect) => {
  let s: TestServer;
  let userToken: string;
  beforeAll(async () => {
    s = await startServer(dialect);
    userToken = await s.createUser('jane');
    expect((await createProject(s, 'pub')).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'secret')).status).toBe(201);
  });
  afterAll(() => s.close());

  it('negotiates JSON and the browsable HTML page', async () => {
    const json = await s.api('/api/projects/', { headers: { Accept: 'application/json' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('vary')).toContain('Accept');
    const html = await s.api('/api/projects/?format=api');
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await html.text();
    expect(page).toContain(`<a href="${s.url}/api/projects/pub/">`);
    expect(page).toContain('Allow: GET, POST, HEAD, OPTIONS');
    const browser = await s.api('/api/projects/', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    const forced = await s.api('/api/projects/?format=json', { headers: { Accept: 'text/html' } });
    expect(forced.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await s.api('/api/projects/?format=yaml')).status).toBe(404);
    const unacceptable = await s.api('/api/projects/', { headers: { Accept: 'application/xml' } });
    expect(unacceptable.status).toBe(406);
    expect((await unacceptable.json()).type).toBe('client_error');
  });

  it('answers 405 with Allow for other methods, OPTIONS with metadata', async () => {
    const res = await s.api('/api/components/', { method: 'POST', json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'method_not_allowed', attr: null }] });
    const opt = await s.api('/api/projects/', { method: 'OPTIONS' });
    expect(opt.status).toBe(200);
    expect(opt.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await opt.json()).name).toBe('Project List');
    const head = await s.api('/api/projects/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await s.api('/api/projects/pub/')).headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
  });

  it('authenticates tokens: anonymous reads, 401 for anonymous writes and bad tokens', async () => {
    expect((await s.api('/api/projects/pub/', { token: null })).status).toBe(200);
    const anonWrite = await s.api('/api/projects/', { method: 'POST', token: null, json: { name: 'X', slug: 'x' } });
    expect(anonWrite.status).toBe(401);
    expect(anonWrite.headers.get('www-authenticate')).toBe('Token');
    expect(await anonWrite.json()).toMatchObject({ type: 'client_error', errors: [{ code: 'not_authenticated' }] });
    const anon405 = await s.api('/api/components/', { method: 'DELETE', token: null });
    expect(anon405.status).toBe(401);
    const bad = await s.api('/api/projects/', { token: 'plu_notarealtokennotarealtokennotarealto' });
    expect(bad.status).toBe(401);
    expect((await bad.json()).detail).toBe('Invalid token.');
    const bearer = await fetch(`${s.url}/api/users/`, { headers: { Authorization: `Bearer ${userToken}` } });
    expect((await bearer.json()).results.map((u: any) => u.username)).toEqual(['jane']);
  });

  it('hides private projects (404) and forbids what a user may not do (403)', async () => {
    expect((await s.api('/api/projects/secret/', { token: null })).status).toBe(404);
    expect((await s.api('/api/projects/secret/', { token: userToken })).status).toBe(404);
    expect((await s.api('/api/components/secret/app/', { token: userToken })).status).toBe(404);
    expect((await s.api('/api/translations/secret/app/cs/units/', { token: userToken })).status).toBe(404);
    const projects = await (await s.api('/api/projects/', { token: userToken })).json();
    expect(projects.results.map((p: any) => p.slug)).toEqual(['pub']);
    const units = await (await s.api('/api/units/', { token: null })).json();
    expect(units.count).toBe(0);
    const admin = await (await s.api('/api/units/')).json();
    expect(admin.count).toBe(12);
    const anyUnit = admin.results[0].id;
    expect((await s.api(`/api/units/${anyUnit}/`, { token: userToken })).status).toBe(404);
    const create = await s.api('/api/projects/', { method: 'POST', token: userToken, json: { name: 'Mine', slug: 'mine' } });
    expect(create.status).toBe(403);
    expect((await create.json()).detail).toBe('Can not create projects');
    expect((await s.api('/api/projects/pub/', { method: 'PATCH', token: userToken, json: { name: 'Nope' } })).status).toBe(403);
    expect((await s.api('/api/projects/pub/', { method: 'DELETE', token: userToken })).status).toBe(403);
  });

  it('accepts JSON, form-urlencoded and multipart bodies', async () => {
    const form = await s.api('/api/projects/', { method: 'POST', body: new URLSearchParams({ name: 'Form', slug: 'form', translation_review: 'true' }) });
    expect(form.status).toBe(201);
    expect(await form.json()).toMatchObject({ slug: 'form', translation_review: true });
    expect(form.headers.get('location')).toBe(`${s.url}/api/projects/form/`);
    const mp = await s.api('/api/projects/', { method: 'POST', body: multipart({ name: 'Multi', slug: 'multi' }, {}) });
    expect(mp.status).toBe(201);
  });

  it('names missing, invalid and unknown fields in 400 errors', async () => {
    const missing = await s.api('/api/projects/', { method: 'POST', json: { name: 'Only name' } });
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.type).toBe('validation_error');
    expect(body.errors).toContainEqual({ code: 'required', detail: 'This field is required.', attr: 'slug' });
    expect(body.detail).toContain('slug');
    const wrongType = await s.api('/api/projects/', { method: 'POST', json: { name: 'T', slug: 't', translation_review: 'maybe' } });
    expect((await wrongType.json()).errors).toContainEqual(expect.objectContaining({ attr: 'translation_review', code: 'invalid' }));
    const unknown = await s.api('/api/projects/', { method: 'POST', json: { name: 'U', slug: 'u', colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toContainEqual(expect.objectContaining({ attr: 'colour', code: 'unknown_field' }));
    const dup = await createProject(s, 'pub');
    expect((await dup.json()).errors).toContainEqual(expect.objectContaining({ attr: 'slug', code: 'unique' }));
    const badSlug = await s.api('/api/projects/', { method: 'POST', json: { name: 'Bad', slug: 'bad slug/x' } });
    expect((await badSlug.json()).errors[0].attr).toBe('slug');
    expect((await s.api('/api/projects/?page=0')).status).toBe(404);
    expect((await s.api('/api/projects/', { token: null })).status).toBe(200);
  });

  it('rejects malformed and oversized bodies with a clear detail', async () => {
    const malformed = await s.api('/api/projects/', { method: 'POST', body: '{"name": ', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).detail).toMatch(/JSON parse error/);
    const huge = await s.api('/api/projects/', { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), slug: 'huge' }), headers: { 'Content-Type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect((await huge.json()).detail).toMatch(/too large/);
    const media = await s.api('/api/projects/', { method: 'POST', body: 'name=x', headers: { 'Content-Type': 'text/plain' } });
    expect(media.status).toBe(415);
    expect((await s.api('/api/projects/')).status).toBe(200);
    const list = await (await s.api('/api/projects/')).json();
    expect(list.results.map((p: any) => p.slug)).not.toContain('huge');
  });

  it('rejects hostile or broken uploads and writes nothing', async () => {
    const upload = (zip: Buffer, slug = 'bad') =>
      s.api('/api/projects/pub/components/', { method: 'POST', body: multipart({ name: slug, slug, file_format: 'po', filemask: 'po/*.po' }, { zipfile: { name: 'x.zip', data: zip } }) });
    const cases: [string, Buffer, RegExp][] = [
      ['traversal', buildZip([{ name: '../../evil.po', data: 'x' }, { name: 'po/cs.po', data: 'msgid "a"\nmsgstr "b"\n' }]), /unsafe path/],
      ['absolute', buildZip([{ name: '/etc/evil.po', data: 'x' }]), /unsafe path/],
      ['symlink', buildZip([{ name: 'po/link.po', data: '/etc/passwd', symlink: true }]), /symbolic link/],
      ['bomb', buildZip([{ name: 'po/cs.po', data: Buffer.alloc(20 * 1024 * 1024) }]), /compression ratio|too much data/],
      ['lying size', buildZip([{ name: 'po/cs.po', data: Buffer.alloc(200_000, 65), declaredSize: 10 }]), /larger than declared|parse uploaded ZIP|invalid/i],
      ['not a zip', Buffer.from('this is not a zip file'), /Could not parse uploaded ZIP file/],
      ['non-UTF-8', buildZip([{ name: 'po/cs.po', data: Buffer.from('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "caf\xe9"\nmsgstr "x"\n', 'latin1') }]), /UTF-8/],
      ['malformed po', buildZip([{ name: 'po/cs.po', data: 'msgid "unterminated\nmsgstr ""\n' }]), /Could not parse po\/cs\.po/],
      ['no match', buildZip([{ name: 'other/cs.po', data: 'msgid "a"\nmsgstr "b"\n' }]), /did not match/],
    ];
    for (const [name, zip, pattern] of cases) {
      const res = await upload(zip);
      expect(res.status, name).toBe(400);
      const body = await res.json();
      expect(body.type, name).toBe('validation_error');
      expect(body.detail, name).toMatch(pattern);
    }
    expect((await s.api('/api/components/pub/bad/')).status).toBe(404);
    const comps = await (await s.api('/api/projects/pub/components/')).json();
    expect(comps.count).toBe(0);
    const missing = await s.api('/api/projects/pub/components/', { method: 'POST', body: multipart({ name: 'Z', slug: 'z' }, { zipfile: { name: 'z.zip', data: poZip() } }) });
    const errs = (await missing.json()).errors.map((e: any) => e.attr);
    expect(errs).toEqual(expect.arrayContaining(['file_format', 'filemask']));
    // Local repositories need PARLA_VCS_ALLOW_LOCAL=1: a server must not read its own disk for a user.
    for (const repo of ['/etc', 'file:///etc']) {
      const json = await s.api('/api/projects/pub/components/', { method: 'POST', json: { name: 'G', slug: 'g', file_format: 'po', filemask: 'po/*.po', repo, vcs: 'git' } });
      expect(json.status, repo).toBe(400);
      expect((await json.json()).errors[0].attr).toBe('repo');
    }
  });
});
