// Projects, components from ZIP uploads, translations, units and statistics over HTTP, on every database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';

describe.each(DIALECTS)('core resources on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'hello')).status).toBe(201);
    const res = await createPoComponent(s, 'hello');
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(() => s.close());

  it('lists the API root with absolute URLs', async () => {
    const res = await s.api('/api/', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const body = await res.json();
    expect(body.projects).toBe(`${s.url}/api/projects/`);
    expect(body.languages).toBe(`${s.url}/api/languages/`);
    expect(body).not.toHaveProperty('tasks');
  });

  it('serves projects with links and the list envelope', async () => {
    const res = await s.api('/api/projects/', { token: null });
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const body = await res.json();
    expect(body.count).toBe(1);
    expect(body.next).toBeNull();
    const p = body.results[0];
    expect(p).toMatchObject({ slug: 'hello', name: 'HELLO', web: 'https://example.com/', url: `${s.url}/api/projects/hello/`, web_url: `${s.url}/projects/hello/` });
    expect(p.components_list_url).toBe(`${s.url}/api/projects/hello/components/`);
  });

  it('creates the component with one translation per file and a source translation', async () => {
    const comp = await (await s.api('/api/components/hello/app/')).json();
    expect(comp).toMatchObject({ slug: 'app', file_format: 'po', filemask: 'po/*.po', vcs: 'local', repo: 'local:', task_url: null });
    expect(comp.source_language.code).toBe('en');
    expect(comp.project.slug).toBe('hello');
    const list = await (await s.api('/api/components/hello/app/translations/')).json();
    expect(list.results.map((t: any) => t.language.code).sort()).toEqual(['cs', 'de', 'en']);
    const cs = list.results.find((t: any) => t.language.code === 'cs');
    expect(cs).toMatchObject({ filename: 'po/cs.po', total: 4, translated: 2, fuzzy: 1, is_source: false, translated_percent: 50.0, fuzzy_percent: 25.0 });
    expect(cs.language.plural.number).toBe(3);
    const en = list.results.find((t: any) => t.language.code === 'en');
    expect(en).toMatchObject({ is_source: true, total: 4, translated: 4 });
  });

  it('lists units of a translation and serves one unit', async () => {
    const res = await s.api('/api/translations/hello/app/cs/units/');
    const body = await res.json();
    expect(body.count).toBe(4);
    const [hello, goodbye, open, plural] = body.results;
    expect(hello).toMatchObject({ source: ['Hello'], target: ['Ahoj'], state: 20, translated: true, fuzzy: false, location: 'src/main.c:10', position: 1 });
    expect(goodbye).toMatchObject({ state: 10, fuzzy: true, translated: false, target: ['Sbohem světe'] });
    expect(open).toMatchObject({ context: 'menu', state: 0, target: [''] });
    expect(plural.source).toEqual(['One file', '%d files']);
    expect(plural.target).toEqual(['Jeden soubor', '%d soubory', '%d souborů']);
    expect(typeof hello.id_hash).toBe('string');
    const unit = await (await s.api(`/api/units/${hello.id}/`)).json();
    expect(unit).toMatchObject({ id: hello.id, url: `${s.url}/api/units/${hello.id}/`, translation: `${s.url}/api/translations/hello/app/cs/` });
    const source = await (await s.api(unit.source_unit.replace(s.url, ''))).json();
    expect(source).toMatchObject({ source: ['Hello'], target: ['Hello'], state: 100, language_code: 'en' });
  });

  it('paginates unit lists with page_size up to 10000 and clamps beyond', async () => {
    const page = await (await s.api('/api/translations/hello/app/cs/units/?page_size=2')).json();
    expect(page.results).toHaveLength(2);
    expect(page.count).toBe(4);
    expect(page.next).toBe(`${s.url}/api/translations/hello/app/cs/units/?page_size=2&page=2`);
    const second = await (await s.api(new URL(page.next).pathname + new URL(page.next).search)).json();
    expect(second.previous).toBe(`${s.url}/api/translations/hello/app/cs/units/?page_size=2`);
    expect(second.next).toBeNull();
    const all = await (await s.api('/api/units/?page_size=50000')).json();
    expect(all.count).toBe(12);
    expect((await s.api('/api/units/?page=9')).status).toBe(404);
  });

  it('reports statistics from counters at every level', async () => {
    const tr = await (await s.api('/api/translations/hello/app/cs/statistics/')).json();
    expect(tr).toMatchObject({ total: 4, translated: 2, fuzzy: 1, translated_percent: 50.0, code: 'cs', name: 'Czech', approved: 0, readonly: 0 });
    expect(tr.total_words).toBe(1 + 2 + 1 + 4);
    expect(tr.url).toBe(`${s.url}/projects/hello/app/cs/`);
    const comp = await (await s.api('/api/components/hello/app/statistics/')).json();
    expect(comp.count).toBe(3);
    expect(comp.results.map((r: any) => r.code)).toEqual(['cs', 'de', 'en']);
    const proj = await (await s.api('/api/projects/hello/statistics/')).json();
    expect(proj).toMatchObject({ total: 12, translated: 2 + 4 + 4, fuzzy: 1, readonly: 4, name: 'HELLO' });
    const lang = await (await s.api('/api/languages/de/statistics/')).json();
    expect(lang).toMatchObject({ total: 4, translated: 4, translated_percent: 100.0, code: 'de' });
    const langs = await (await s.api('/api/projects/hello/languages/')).json();
    expect(langs.count).toBe(3);
    expect(langs.results.find((r: any) => r.code === 'de')).toMatchObject({ total: 4, translated: 4, language: 'German' });
  });

  it('adds a translation by language code, writing its file, and deletes it', async () => {
    const res = await s.api('/api/components/hello/app/translations/', { method: 'POST', json: { language_code: 'pt_BR' } });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ language_code: 'pt_BR', filename: 'po/pt_BR.po', total: 4, translated: 0 });
    const units = await (await s.api('/api/translations/hello/app/pt_BR/units/')).json();
    expect(units.results[3].target).toEqual(['', '']);
    const again = await s.api('/api/components/hello/app/translations/', { method: 'POST', json: { language_code: 'pt_BR' } });
    expect(again.status).toBe(400);
    expect((await again.json()).errors[0].attr).toBe('language_code');
    const stats = await (await s.api('/api/projects/hello/statistics/')).json();
    expect(stats.total).toBe(16);
    expect((await s.api('/api/translations/hello/app/pt_BR/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/translations/hello/app/pt_BR/')).status).toBe(404);
    expect((await (await s.api('/api/projects/hello/statistics/')).json()).total).toBe(12);
  });

  it('edits and deletes projects and components', async () => {
    expect((await createProject(s, 'temp')).status).toBe(201);
    const patched = await s.api('/api/projects/temp/', { method: 'PATCH', json: { instructions: 'Be nice', translation_review: true } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ instructions: 'Be nice', translation_review: true });
    expect((await createPoComponent(s, 'temp', 'second')).status).toBe(201);
    const renamed = await s.api('/api/components/temp/second/', { method: 'PATCH', json: { name: 'Second', slug: 'renamed', priority: 80 } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ slug: 'renamed', priority: 80 });
    expect((await s.api('/api/translations/temp/renamed/cs/units/')).status).toBe(200);
    const added = await s.api('/api/components/temp/renamed/translations/', { method: 'POST', json: { language_code: 'fr' } });
    expect(added.status).toBe(201);
    expect((await s.api('/api/components/temp/renamed/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/components/temp/renamed/')).status).toBe(404);
    expect((await s.api('/api/projects/temp/', { method: 'DELETE' })).status).toBe(204);
    expect((await s.api('/api/projects/temp/')).status).toBe(404);
  });

  it('locks and unlocks a component', async () => {
    expect(await (await s.api('/api/components/hello/app/lock/')).json()).toEqual({ locked: false });
    const res = await s.api('/api/components/hello/app/lock/', { method: 'POST', json: { lock: true } });
    expect(await res.json()).toEqual({ locked: true });
    expect((await (await s.api('/api/components/hello/app/')).json()).locked).toBe(true);
    expect(await (await s.api('/api/components/hello/app/lock/', { method: 'POST', json: { lock: false } })).json()).toEqual({ locked: false });
    expect((await s.api('/api/components/hello/app/lock/', { method: 'POST', json: {} })).status).toBe(400);
  });
});
