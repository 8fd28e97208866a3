// The glossary pages over HTTP as a browser uses them: adding a term with its flags (the API then has the unit and the flag),
// refusals next to the field, editing and deleting a term, importing CSV and TBX files, export, and no writes for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { fieldError, fieldValue, joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

const tbx = (lang: string, terms: [string, string][]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><martifHeader><fileDesc><sourceDesc><p>G</p></sourceDesc></fileDesc></martifHeader><text><body>' +
  terms.map(([en, t], i) => `<termEntry id="t${i}"><langSet xml:lang="en"><tig><term>${en}</term></tig></langSet><langSet xml:lang="${lang}"><tig><term>${t}</term></tig></langSet></termEntry>`).join('') +
  '</body></text></martif>\n';

interface Unit {
  id: number;
  source: string[];
  target: string[];
  extra_flags: string;
}

describe.each(DIALECTS)('glossary pages (%s)', (dialect) => {
  let s: TestServer;
  let editor: UiSession;
  let reader: UiSession;
  const PAGE = '/glossary/gl/terms/cs/';

  const units = async (lang: string): Promise<Unit[]> => ((await (await s.api(`/api/translations/gl/terms/${lang}/units/?page_size=1000`)).json()) as { results: Unit[] }).results;
  const unitOf = async (lang: string, source: string) => (await units(lang)).find((u) => u.source[0] === source);

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'gl', { access_control: 1 })).status).toBe(201);
    const zip = buildZip([{ name: 'tbx/cs.tbx', data: tbx('cs', [['world', 'svět'], ['file', 'soubor']]) }]);
    const res = await s.api('/api/projects/gl/components/', {
      method: 'POST',
      body: multipart({ name: 'Terms', slug: 'terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true', manage_units: 'true' }, { zipfile: { name: 'g.zip', data: zip } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    for (const name of ['gina', 'tom']) await userWithPassword(s, name);
    await joinTeam(s, 'gina', 'Administration', 'gl');
    editor = await signIn(s, 'gina');
    reader = await signIn(s, 'tom');
  });
  afterAll(() => s?.close());

  it('lists the terms of a language, linked from the component page', async () => {
    const component = await editor.get('/projects/gl/terms/');
    expect(component.html).toContain('href="/glossary/gl/terms/"');
    const languages = await editor.get('/glossary/gl/terms/');
    expect(languages.html).toContain(`href="${PAGE}"`);
    const page = await editor.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.html).toContain('svět');
    expect(page.html).toContain('id="glossary-add"');
    expect((await editor.get(`${PAGE}?q=soubor`)).html).not.toContain('svět');
    expect((await editor.get('/glossary/gl/nothing/cs/')).status).toBe(404);
  });

  it('adds a term with the forbidden flag: the API has the unit, and its source string has the flag', async () => {
    const res = await editor.post(`${PAGE}add/`, { source: 'server', target: 'serverovna', forbidden: 'true' }, { from: PAGE });
    expect(res.status, res.html).toBe(303);
    expect(res.location).toBe(`${PAGE}?done=term_added`);
    expect((await unitOf('cs', 'server'))?.target).toEqual(['serverovna']);
    expect((await unitOf('en', 'server'))?.extra_flags).toBe('forbidden');
    const page = await editor.get(res.location!);
    expect(page.html).toContain('The term is added.');
    expect(page.html).toMatch(/serverovna<\/td><td>Forbidden translation<\/td>/);
  });

  it('refuses an empty term or one that exists next to the term field, keeping what was typed', async () => {
    const empty = await editor.post(`${PAGE}add/`, { source: '', target: 'něco', read_only: 'true' }, { from: PAGE });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.html, 'source')).toBe('Enter the term.');
    expect(fieldValue(empty.html, 'target')).toBe('něco');
    expect(empty.html).toMatch(/id="id_read_only" name="read_only" value="true" checked/);
    const twice = await editor.post(`${PAGE}add/`, { source: 'server', target: 'jiný' }, { from: PAGE });
    expect(twice.status).toBe(400);
    expect(fieldError(twice.html, 'source')).toBe('This string seems to already exist.');
  });

  it('edits a term (translation and read-only flag) and deletes one', async () => {
    const file = await unitOf('cs', 'file');
    const form = await editor.get(`${PAGE}term/${file!.id}/`);
    expect(form.status).toBe(200);
    expect(fieldValue(form.html, 'target')).toBe('soubor');
    const saved = await editor.post(`${PAGE}term/${file!.id}/`, { target: 'složka', read_only: 'true' }, { from: `${PAGE}term/${file!.id}/` });
    expect(saved.status, saved.html).toBe(303);
    expect((await unitOf('cs', 'file'))?.target).toEqual(['složka']);
    expect((await unitOf('en', 'file'))?.extra_flags).toBe('read-only');
    const server = await unitOf('cs', 'server');
    const gone = await editor.post(`${PAGE}term/${server!.id}/delete/`, {}, { from: `${PAGE}term/${server!.id}/` });
    expect(gone.status).toBe(303);
    expect(await unitOf('cs', 'server')).toBeUndefined();
    expect(await unitOf('en', 'server')).toBeUndefined();
  });

  it('imports CSV and TBX files as the upload API does, and exports the terms as TBX and CSV', async () => {
    const csv = await editor.post(`${PAGE}import/`, { file: new File(['"source","target"\r\n"printer","tiskárna"\r\n'], 'more.csv'), method: 'add' }, { from: PAGE });
    expect(csv.status, csv.html).toBe(303);
    expect(csv.location).toBe(`${PAGE}?done=imported&accepted=1&total=1`);
    const t = await editor.post(`${PAGE}import/`, { file: new File([tbx('cs', [['keyboard', 'klávesnice']])], 'more.tbx'), method: 'add' }, { from: PAGE });
    expect(t.status, t.html).toBe(303);
    const page = await editor.get(PAGE);
    expect(page.html).toContain('tiskárna');
    expect(page.html).toContain('klávesnice');
    expect(page.html).toContain(`href="/api/translations/gl/terms/cs/file/?format=tbx"`);
    const exported = await fetch(`${s.url}/api/translations/gl/terms/cs/file/?format=tbx`, { headers: { Cookie: editor.cookie } });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    for (const term of ['printer', 'tiskárna', 'keyboard', 'klávesnice']) expect(text).toContain(term);
    const asCsv = await (await fetch(`${s.url}/api/translations/gl/terms/cs/file/?format=csv`, { headers: { Cookie: editor.cookie } })).text();
    expect(asCsv).toContain('tiskárna');

    const bad = await editor.post(`${PAGE}import/`, { file: new File(['<martif'], 'broken.tbx'), method: 'add' }, { from: PAGE });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, 'file')).toMatch(/^Could not parse uploaded file/);
  });

  it('refuses writes to those without the right and forms without the CSRF token', async () => {
    const page = await reader.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('id="glossary-add"');
    expect((await reader.post(`${PAGE}add/`, { source: 'mouse', target: 'myš' }, { from: PAGE })).status).toBe(403);
    expect((await reader.post(`${PAGE}import/`, { file: new File(['"source","target"\r\n"mouse","myš"\r\n'], 'x.csv'), method: 'add' }, { from: PAGE })).status).toBe(403);
    const world = await unitOf('cs', 'world');
    expect((await reader.get(`${PAGE}term/${world!.id}/`)).status).toBe(403);
    expect((await reader.post(`${PAGE}term/${world!.id}/delete/`, {}, { from: PAGE })).status).toBe(403);
    const noToken = await fetch(`${s.url}${PAGE}add/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: editor.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ source: 'mouse', target: 'myš' }),
    });
    expect(noToken.status).toBe(403);
    expect(await unitOf('cs', 'mouse')).toBeUndefined();
    expect(await unitOf('cs', 'world')).toBeTruthy();
  });
});
