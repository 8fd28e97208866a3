// Glossaries over HTTP: a TBX glossary component, term lookup for units, editing terms, check_glossary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const entry = (id: string, en: string, target: { lang: string; term: string } | null, extra = '') =>
  `<termEntry id="${id}">${extra}<langSet xml:lang="en"><tig><term>${en}</term></tig></langSet>` +
  (target ? `<langSet xml:lang="${target.lang}"><tig><term>${target.term}</term></tig></langSet>` : '') +
  '</termEntry>';
const tbx = (lang: string, terms: [string, string, string][]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><martifHeader><fileDesc><sourceDesc><p>G</p></sourceDesc></fileDesc></martifHeader><text><body>' +
  terms.map(([id, en, t], i) => entry(id, en, t ? { lang, term: t } : null, i === 0 ? '<descrip>The planet</descrip>' : '')).join('') +
  '</body></text></martif>\n';

const GLOSSARY_ZIP = () =>
  buildZip([
    { name: 'tbx/cs.tbx', data: tbx('cs', [['t1', 'world', 'svět'], ['t2', 'file', 'soubor'], ['t3', 'Open menu', 'Otevřít nabídku']]) },
    { name: 'tbx/de.tbx', data: tbx('de', [['t1', 'world', 'Welt'], ['t2', 'file', 'Datei'], ['t3', 'Open menu', '']]) },
  ]);

describe.each(DIALECTS)('glossaries on %s', (dialect) => {
  let s: TestServer;
  let userToken: string;
  const json = async (path: string, init: Parameters<TestServer['api']>[1] = {}) => {
    const res = await s.api(path, init);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (project: string, component: string, lang: string, source: string) => {
    const units = (await json(`/api/translations/${project}/${component}/${lang}/units/?page_size=1000`)).results as any[];
    const u = units.find((x) => x.source[0] === source);
    if (!u) throw new Error(`no unit ${source}`);
    return u as { id: number; url: string };
  };
  const glossaryOf = (id: number, token?: string | null) => json(`/api/units/${id}/glossary/`, { token });

  beforeAll(async () => {
    s = await startServer(dialect);
    userToken = await s.createUser('gina');
    expect((await createProject(s, 'gl')).status).toBe(201);
    expect((await createPoComponent(s, 'gl', 'app')).status).toBe(201);
    const res = await s.api('/api/projects/gl/components/', {
      method: 'POST',
      body: multipart({ name: 'Terms', slug: 'terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true' }, { zipfile: { name: 'g.zip', data: GLOSSARY_ZIP() } }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    expect(JSON.parse(text).is_glossary).toBe(true);
  });
  afterAll(() => s.close());

  it('a TBX upload makes a glossary component whose terms are units', async () => {
    const units = (await json('/api/translations/gl/terms/cs/units/')).results as any[];
    expect(units.map((u) => [u.source[0], u.target[0]])).toEqual(expect.arrayContaining([['world', 'svět'], ['file', 'soubor'], ['Open menu', 'Otevřít nabídku']]));
  });

  it('finds the terms in the source of a unit, with the translation in the unit language', async () => {
    const cs = await unitOf('gl', 'app', 'cs', 'Goodbye world');
    const terms = await glossaryOf(cs.id, userToken);
    const world = await unitOf('gl', 'terms', 'cs', 'world');
    expect(terms).toEqual([
      {
        source: 'world',
        target: 'svět',
        context: expect.any(String),
        explanation: expect.any(String),
        forbidden: false,
        read_only: false,
        unit: world.url,
        component: `${s.url}/api/components/gl/terms/`,
      },
    ]);
    const de = await unitOf('gl', 'app', 'de', 'Goodbye world');
    expect((await glossaryOf(de.id)).map((t: any) => [t.source, t.target])).toEqual([['world', 'Welt']]);
  });

  it('matches whole words only and multi-word terms; untranslated terms come with an empty target', async () => {
    // "One file" / "%d files": "file" is in the singular form only ("files" is another word).
    const plural = await unitOf('gl', 'app', 'cs', 'One file');
    expect((await glossaryOf(plural.id)).map((t: any) => [t.source, t.target])).toEqual([['file', 'soubor']]);
    const hello = await unitOf('gl', 'app', 'cs', 'Hello');
    expect(await glossaryOf(hello.id)).toEqual([]);
    // A source unit of the app: terms in the source language.
    const src = await unitOf('gl', 'app', 'en', 'Goodbye world');
    expect((await glossaryOf(src.id)).map((t: any) => [t.source, t.target])).toEqual([['world', 'world']]);
  });

  it('an edited glossary term shows at once in the lookup of other units', async () => {
    const term = await unitOf('gl', 'terms', 'cs', 'world');
    const res = await s.api(`/api/units/${term.id}/`, { method: 'PATCH', json: { target: ['svět (planeta)'], state: 20 } });
    expect(res.status, await res.text()).toBe(200);
    const cs = await unitOf('gl', 'app', 'cs', 'Goodbye world');
    expect((await glossaryOf(cs.id)).map((t: any) => t.target)).toEqual(['svět (planeta)']);
    await s.api(`/api/units/${term.id}/`, { method: 'PATCH', json: { target: ['svět'], state: 20 } });
    expect((await glossaryOf(cs.id)).map((t: any) => t.target)).toEqual(['svět']);
  });

  it('check_glossary (flag check-glossary) fails when the translation ignores the glossary', async () => {
    const failingIds = async () => ((await json(`/api/translations/gl/app/cs/units/?q=${encodeURIComponent('check:check_glossary')}`)).results as any[]).map((u) => u.source[0]);
    const cs = await unitOf('gl', 'app', 'cs', 'Goodbye world');
    const edit = (target: string) => s.api(`/api/units/${cs.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } });
    // Without the flag the check does not run.
    expect((await edit('Sbohem zemi')).status).toBe(200);
    expect(await failingIds()).toEqual([]);
    expect((await s.api('/api/components/gl/app/', { method: 'PATCH', json: { check_flags: 'check-glossary' } })).status).toBe(200);
    expect(await failingIds()).toEqual(['Goodbye world']);
    expect((await edit('Sbohem světe')).status).toBe(200);
    // "světe" is not the glossary's "svět" as a whole word: still failing; the exact term passes.
    expect(await failingIds()).toEqual(['Goodbye world']);
    expect((await edit('Sbohem, svět')).status).toBe(200);
    expect(await failingIds()).toEqual([]);
  });

  it('answers 404 for unknown units and hides private projects', async () => {
    expect((await s.api('/api/units/999999/glossary/')).status).toBe(404);
    expect((await s.api('/api/units/abc/glossary/')).status).toBe(404);
    expect((await createProject(s, 'glpriv', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'glpriv', 'app')).status).toBe(201);
    const u = await unitOf('glpriv', 'app', 'cs', 'Hello');
    expect((await s.api(`/api/units/${u.id}/glossary/`, { token: userToken })).status).toBe(404);
    expect((await s.api(`/api/units/${u.id}/glossary/`, { token: null })).status).toBe(404);
    expect((await s.api(`/api/units/${u.id}/glossary/`)).status).toBe(200);
  });
});
