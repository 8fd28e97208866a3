// Exports outside /api/: RSS 2.0 feeds of recent changes, read with a real RSS parser, and
// the legacy statistics export as JSON, JSONP and CSV; both only for who may see the object.
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

interface ApiChange {
  id: number;
  action_name: string;
  timestamp: string;
  translation: string | null;
  unit: string | null;
}

describe.each(DIALECTS)('exports (%s)', (dialect) => {
  let server: TestServer;
  let alice: string;
  const parser = new Parser();

  const feed = async (path: string, token?: string | null, headers: Record<string, string> = {}) => {
    const res = await server.api(path, { ...(token === undefined ? {} : { token }), headers });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe(RSS_TYPE);
    const xml = await res.text();
    return { xml, feed: await parser.parseString(xml) };
  };
  const apiChanges = async (path: string): Promise<ApiChange[]> => (await (await server.api(`${path}?page_size=10`)).json()).results;

  beforeAll(async () => {
    server = await startServer(dialect);
    alice = await server.createUser('alice');
    // A name that needs escaping in XML, and enough edits for more than ten changes.
    expect((await createProject(server, 'pub', { name: 'R&D <Tools> "quoted"' })).status).toBe(201);
    expect((await createPoComponent(server, 'pub')).status).toBe(201);
    expect((await createProject(server, 'priv', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(server, 'priv')).status).toBe(201);
    const units = (await (await server.api('/api/translations/pub/app/cs/units/')).json()).results as { id: number; source: string[] }[];
    const open = units.find((u) => u.source[0] === 'Open')!;
    for (let i = 0; i < 12; i++) {
      const res = await server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: [`Otevřít <${i}> & co`], state: 20 } });
      expect(res.status).toBe(200);
    }
    const privUnits = (await (await server.api('/api/translations/priv/app/cs/units/')).json()).results as { id: number; source: string[] }[];
    const res = await server.api(`/api/units/${privUnits.find((u) => u.source[0] === 'Open')!.id}/`, { method: 'PATCH', json: { target: ['Tajné'], state: 20 } });
    expect(res.status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('serves the site feed: the ten most recent visible changes, newest first', async () => {
    const { feed: f } = await feed('/exports/rss/');
    expect(f.title).toBe('Recent changes on Parla');
    expect(f.description).toBe('All recent changes made using Parla on Parla.');
    expect(f.link).toBe(`${server.url}/`);
    expect(f.items).toHaveLength(10);
    const expected = await apiChanges('/api/changes/');
    expect(f.items.map((i) => i.title)).toEqual(expected.map((c) => c.action_name));
    expect(f.items.map((i) => i.guid)).toEqual(expected.map((c) => `${server.url}/api/changes/${c.id}/`));
    expect(f.items.map((i) => new Date(i.pubDate!).getTime())).toEqual(expected.map((c) => Math.floor(Date.parse(c.timestamp) / 1000) * 1000));
    // The admin's last edit was in the private project: the superuser sees it first.
    expect(f.items[0].link).toMatch(new RegExp(`^${server.url}/translate/priv/app/cs/\\?checksum=&id=\\d+$`));
    expect(f.items[0].creator).toBe('admin');
    expect(f.items[0].content).toBe(`Translation added at ${expected[0].timestamp} on PRIV/APP — Czech by admin`);
  });

  it('leaves private projects out of the feeds of outsiders and answers 404 for their objects', async () => {
    for (const token of [null, alice]) {
      const { feed: f } = await feed('/exports/rss/', token);
      expect(f.items).toHaveLength(10);
      expect(f.items.every((i) => !i.link!.includes('/priv/'))).toBe(true);
      const lang = await feed('/exports/rss/language/cs/', token);
      expect(lang.feed.items.every((i) => !i.link!.includes('/priv/'))).toBe(true);
      for (const path of ['/exports/rss/priv/', '/exports/rss/priv/app/', '/exports/rss/priv/app/cs/']) {
        expect((await server.api(path, { token })).status, path).toBe(404);
      }
    }
    const { feed: f } = await feed('/exports/rss/priv/app/cs/');
    expect(f.items.map((i) => i.title)).toContain('Translation added');
  });

  it('serves project, component, translation and language feeds with escaped names', async () => {
    const project = await feed('/exports/rss/pub/');
    expect(project.xml).toContain('R&amp;D &lt;Tools&gt; &quot;quoted&quot;');
    expect(project.feed.title).toBe('Recent changes in R&D <Tools> "quoted"');
    expect(project.feed.description).toBe('All recent changes made using Parla in R&D <Tools> "quoted".');
    expect(project.feed.link).toBe(`${server.url}/projects/pub/`);
    expect(project.feed.items).toHaveLength(10);

    const component = await feed('/exports/rss/pub/app/');
    expect(component.feed.title).toBe('Recent changes in R&D <Tools> "quoted"/APP');
    expect(component.feed.link).toBe(`${server.url}/projects/pub/app/`);

    const translation = await feed('/exports/rss/pub/app/cs/');
    expect(translation.feed.title).toBe('Recent changes in R&D <Tools> "quoted"/APP — Czech');
    const expected = await apiChanges('/api/translations/pub/app/cs/changes/');
    expect(translation.feed.items.map((i) => i.title)).toEqual(expected.map((c) => c.action_name));
    expect(translation.feed.items[0].title).toBe('Translation changed');
    expect(translation.feed.items[0].content).toBe(`Translation changed at ${expected[0].timestamp} on R&D <Tools> "quoted"/APP — Czech by admin`);
    expect(translation.feed.items.every((i) => i.link!.startsWith(`${server.url}/translate/pub/app/cs/`))).toBe(true);

    const language = await feed('/exports/rss/language/cs/');
    expect(language.feed.title).toBe('Recent changes in Czech');
    expect(language.feed.link).toBe(`${server.url}/languages/cs/`);
    expect(language.feed.items).toHaveLength(10);
    // A language with no changes is an empty feed; an unknown one is 404.
    expect((await feed('/exports/rss/language/ja/')).feed.items).toHaveLength(0);
  });

  it('speaks the reader\'s language, language names included', async () => {
    const german = { 'Accept-Language': 'de-DE,de;q=0.9' };
    const translation = await feed('/exports/rss/pub/app/cs/', undefined, german);
    expect(translation.xml).toContain('<language>de</language>');
    expect(translation.feed.title).toBe('Letzte Änderungen in R&D <Tools> "quoted"/APP — Tschechisch');
    const expected = await apiChanges('/api/translations/pub/app/cs/changes/');
    expect(translation.feed.items[0].title).toBe('Übersetzung geändert');
    expect(translation.feed.items[0].content).toBe(`Übersetzung geändert am ${expected[0].timestamp} in R&D <Tools> "quoted"/APP — Tschechisch von admin`);
    const language = await feed('/exports/rss/language/cs/', undefined, { 'Accept-Language': 'cs' });
    expect(language.feed.title).toBe('Nedávné změny: čeština');
    expect((await feed('/exports/rss/', undefined, german)).feed.title).toBe('Letzte Änderungen auf Parla');
    // Without a preference, English, as before.
    expect((await feed('/exports/rss/')).xml).toContain('<language>en</language>');
  });

  it('answers 404 for unknown objects', async () => {
    for (const path of ['/exports/rss/nope/', '/exports/rss/pub/nope/', '/exports/rss/pub/app/xx/', '/exports/rss/language/xx-nope/', '/exports/stats/pub/nope/', '/exports/stats/nope/']) {
      expect((await server.api(path)).status, path).toBe(404);
    }
  });

  it('exports component statistics as pretty JSON ordered by language code', async () => {
    const res = await server.api('/exports/stats/pub/app/', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('[\n  {\n    "name": "Czech",')).toBe(true);
    const items = JSON.parse(text);
    expect(items.map((i: { code: string }) => i.code)).toEqual(['cs', 'de', 'en']);
    const cs = items[0];
    expect(cs).toMatchObject({
      name: 'Czech',
      code: 'cs',
      total: 4,
      translated: 3,
      translated_percent: 75,
      fuzzy: 1,
      fuzzy_percent: 25,
      failing: 0,
      url: `${server.url}/engage/pub/cs/`,
      url_translate: `${server.url}/translate/pub/app/cs/`,
      last_author: 'admin',
      recent_changes: 12,
    });
    for (const k of ['total_words', 'translated_words', 'failing_percent', 'last_change']) expect(cs).toHaveProperty(k);
    expect(Date.parse(cs.last_change)).not.toBeNaN();
    expect(items[1]).toMatchObject({ code: 'de', last_change: null, last_author: null, recent_changes: 0 });

    const statistics = await (await server.api('/api/translations/pub/app/cs/statistics/')).json();
    expect(cs.translated_percent).toBe(statistics.translated_percent);

    const indent1 = await (await server.api('/exports/stats/pub/app/?indent=1')).text();
    expect(indent1.startsWith('[\n {\n  "name": "Czech",')).toBe(true);
    expect(JSON.parse(indent1)).toEqual(items);
  });

  it('wraps the JSON in a JSONP callback, and refuses callbacks that are not identifiers', async () => {
    const res = await server.api('/exports/stats/pub/app/?jsonp=Parla.show_stats');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('Parla.show_stats([')).toBe(true);
    expect(body.endsWith('])')).toBe(true);
    expect(JSON.parse(body.slice('Parla.show_stats('.length, -1))).toHaveLength(3);
    for (const bad of ['alert(1)//', 'a b', '1abc', 'x;y', '<script>']) {
      const r = await server.api(`/exports/stats/pub/app/?jsonp=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).errors[0].attr).toBe('jsonp');
    }
  });

  it('exports CSV with a header row and an attachment name', async () => {
    const res = await server.api('/exports/stats/pub/app/?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=stats-pub-app.csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    const header = lines[0].split(',');
    expect(header.slice(0, 4)).toEqual(['name', 'code', 'total', 'translated']);
    expect(header).toContain('last_author');
    const cs = lines[1].split(',');
    expect(cs[header.indexOf('code')]).toBe('cs');
    expect(cs[header.indexOf('total')]).toBe('4');
    expect(cs[header.indexOf('last_author')]).toBe('admin');
    expect(lines[2].split(',')[header.indexOf('last_author')]).toBe('');
    // Unknown formats fall back to JSON.
    expect((await server.api('/exports/stats/pub/app/?format=xml')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('exports project statistics per language', async () => {
    const items = await (await server.api('/exports/stats/pub/')).json();
    expect(items.map((i: { code: string }) => i.code)).toEqual(['cs', 'de', 'en']);
    expect(items[0]).toMatchObject({ language: 'Czech', code: 'cs', total: 4, translated: 3, translated_percent: 75, url: `${server.url}/engage/pub/cs/` });
    expect(items[0]).toHaveProperty('words_percent');
    const csv = await server.api('/exports/stats/pub/?format=csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=stats-pub.csv');
  });

  it('shows statistics of private projects only to those who may see them', async () => {
    for (const token of [null, alice]) {
      expect((await server.api('/exports/stats/priv/app/', { token })).status).toBe(404);
      expect((await server.api('/exports/stats/priv/', { token })).status).toBe(404);
    }
    const items = await (await server.api('/exports/stats/priv/app/')).json();
    expect(items[0]).toMatchObject({ code: 'cs', translated: 3, recent_changes: 1 });
  });
});
