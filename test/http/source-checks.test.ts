// Checks that need more than one string: source checks on import, new strings and re-checks (ellipsis,
// multiple_failures, long_untranslated), reused (bulk and single edits) and prohibited_initial_character in glossaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { signIn } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';

const HEADER = (lang: string | null) =>
  `msgid ""\nmsgstr ""\n${lang ? `"Language: ${lang}\\n"\n` : ''}"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n`;

/** One PO file: msgid → msgstr, a c-format flag on "Saved %s files". */
function po(lang: string | null, entries: Record<string, string>): string {
  let out = HEADER(lang);
  for (const [source, target] of Object.entries(entries)) out += `\n${source.includes('%s') ? '#, c-format\n' : ''}msgid ${JSON.stringify(source)}\nmsgstr ${JSON.stringify(lang ? target : '')}\n`;
  return out;
}

const SOURCES = ['Loading...', 'Saved %s files', 'Hello', 'Open', 'Opened', 'Rare string'];

describe.each(DIALECTS)('checks across strings on %s', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'sc')).status).toBe(201);
    const empty = Object.fromEntries(SOURCES.map((k) => [k, '']));
    const zip = buildZip([
      { name: 'po/app.pot', data: po(null, empty) },
      // cs: "Saved %s files" drops %s, "Open" and "Opened" share one translation.
      { name: 'po/cs.po', data: po('cs', { ...empty, 'Loading...': 'Načítání…', 'Saved %s files': 'Uloženo souborů', Hello: 'Ahoj', Open: 'Otevřít', Opened: 'Otevřít' }) },
      // de: "Saved %s files" drops %s too: two languages fail, which points at the source.
      { name: 'po/de.po', data: po('de', { ...empty, 'Loading...': 'Laden…', 'Saved %s files': 'Dateien gespeichert', Hello: 'Hallo', Open: 'Öffnen', Opened: 'Geöffnet' }) },
    ]);
    const res = await createPoComponent(s, 'sc', 'app', zip);
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
  }, 60_000);
  afterAll(async () => s?.close());

  const json = async (path: string) => {
    const res = await s.api(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Record<string, any>;
  };
  const units = async (component: string, lang: string, q: string) =>
    ((await json(`/api/translations/sc/${component}/${lang}/units/?q=${encodeURIComponent(q)}`)).results as Record<string, any>[]).map((u) => u.source[0] as string).sort();
  const idOf = async (component: string, lang: string, source: string) =>
    ((await json(`/api/translations/sc/${component}/${lang}/units/?q=${encodeURIComponent(`source:="${source}"`)}`)).results as Record<string, any>[])[0]!.id as number;
  const patch = async (id: number, body: unknown) => {
    const res = await s.api(`/api/units/${id}/`, { method: 'PATCH', json: body });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Record<string, any>;
  };

  it('runs the source checks on the source strings of an imported component', async () => {
    expect(await units('app', 'en', 'check:ellipsis')).toEqual(['Loading...']);
    expect((await json(`/api/units/${await idOf('app', 'en', 'Loading...')}/`)).has_failing_check).toBe(true);
    expect((await json(`/api/units/${await idOf('app', 'en', 'Hello')}/`)).has_failing_check).toBe(false);
    // The source translation counts its failing strings like any other.
    expect((await json('/api/translations/sc/app/en/statistics/')).failing).toBe(2);
  });

  it('multiple_failures: a source whose translations fail in two languages, until one is fixed', async () => {
    expect(await units('app', 'en', 'check:multiple_failures')).toEqual(['Saved %s files']);
    const de = await idOf('app', 'de', 'Saved %s files');
    await patch(de, { target: ['%s Dateien gespeichert'], state: 20 });
    expect(await units('app', 'en', 'check:multiple_failures')).toEqual([]);
    expect(await units('app', 'en', 'has:check')).toEqual(['Loading...']);
    await patch(de, { target: ['Dateien gespeichert'], state: 20 });
    expect(await units('app', 'en', 'check:multiple_failures')).toEqual(['Saved %s files']);
  });

  it('reused: two sources with one translation, from a file and from an edit', async () => {
    expect(await units('app', 'cs', 'check:reused')).toEqual(['Open', 'Opened']);
    expect(await units('app', 'de', 'check:reused')).toEqual([]);
    const opened = await idOf('app', 'de', 'Opened');
    const failingBefore = (await json('/api/translations/sc/app/de/statistics/')).failing as number;
    const saved = await patch(opened, { target: ['Öffnen'], state: 20 });
    expect(saved.has_failing_check).toBe(true);
    // The string that had the translation first gets the check too, at once.
    expect(await units('app', 'de', 'check:reused')).toEqual(['Open', 'Opened']);
    expect((await json(`/api/units/${await idOf('app', 'de', 'Open')}/`)).has_failing_check).toBe(true);
    expect((await json('/api/translations/sc/app/de/statistics/')).failing).toBe(failingBefore + 2);
    await patch(opened, { target: ['Geöffnet'], state: 20 });
    expect(await units('app', 'de', 'check:reused')).toEqual([]);
    expect((await json(`/api/units/${await idOf('app', 'de', 'Open')}/`)).has_failing_check).toBe(false);
    expect((await json('/api/translations/sc/app/de/statistics/')).failing).toBe(failingBefore);
  });

  it('a string added through the API gets its source checks', async () => {
    expect((await s.api('/api/components/sc/app/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const res = await s.api('/api/translations/sc/app/cs/units/', { method: 'POST', json: { source: ['Please wait...'], target: ['Čekejte prosím…'], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await units('app', 'en', 'check:ellipsis')).toEqual(['Loading...', 'Please wait...']);
    const res2 = await s.api('/api/translations/sc/app/cs/units/', { method: 'POST', json: { source: ['Thanks'], target: ['Díky'], state: 20 } });
    expect(res2.status).toBe(200);
    expect((await json(`/api/units/${await idOf('app', 'en', 'Thanks')}/`)).has_failing_check).toBe(false);
  });

  it('long_untranslated: an old source translated in far fewer languages than the component', async () => {
    // Nothing is old yet.
    expect(await units('app', 'en', 'check:long_untranslated')).toEqual([]);
    // 100 days pass for every string; changed check settings re-check the component.
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString();
    await s.container.database.db.updateTable('units').set({ timestamp: old }).execute();
    const res = await s.api('/api/components/sc/app/', { method: 'PATCH', json: { check_flags: 'ignore-duplicate' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await units('app', 'en', 'check:long_untranslated')).toEqual(['Rare string']);
    // Translated in both languages, it is fine again (a single edit re-checks its source).
    await patch(await idOf('app', 'cs', 'Rare string'), { target: ['Vzácný řetězec'], state: 20 });
    await patch(await idOf('app', 'de', 'Rare string'), { target: ['Seltene Zeichenkette'], state: 20 });
    expect(await units('app', 'en', 'check:long_untranslated')).toEqual([]);
  });

  it('a search and replace over many strings checks across strings as a single edit does (inconsistent, reused)', async () => {
    const sources = { 'Loading...': '', Save: '', Saved: '' };
    const zip = buildZip([
      { name: 'w/web.pot', data: po(null, sources) },
      { name: 'w/cs.po', data: po('cs', { 'Loading...': 'Načítání…', Save: 'Uložit', Saved: 'Uloženo' }) },
    ]);
    const form = multipart({ name: 'Web', slug: 'web', file_format: 'po', filemask: 'w/*.po', new_base: 'w/web.pot' }, { zipfile: { name: 'w.zip', data: zip } });
    const res = await s.api('/api/projects/sc/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
    const admin = await signIn(s, 'admin');
    const replace = async (q: string, search: string, replacement: string) => {
      const done = await admin.post('/translate/sc/web/cs/replace/', { q, search, replacement, action: 'apply', all: '1' }, { from: '/translate/sc/web/cs/bulk/' });
      expect(done.status).toBe(303);
      expect(done.location).toContain('changed=1');
    };
    expect(await units('web', 'cs', 'has:check')).toEqual([]);
    // "Loading..." now differs from its translation in the app component.
    await replace('source:="Loading..."', 'Načítání', 'Nahrávání');
    expect(await units('web', 'cs', 'check:inconsistent')).toEqual(['Loading...']);
    // "Saved" now has the translation of "Save": both get the check, as after a single edit.
    await replace('source:="Saved"', 'Uloženo', 'Uložit');
    expect(await units('web', 'cs', 'check:reused')).toEqual(['Save', 'Saved']);
    expect((await json('/api/translations/sc/web/cs/statistics/')).failing).toBe(3);
    // And both lose it when it changes back.
    await replace('source:="Saved"', 'Uložit', 'Uloženo');
    expect(await units('web', 'cs', 'check:reused')).toEqual([]);
    await replace('source:="Loading..."', 'Nahrávání', 'Načítání');
    expect(await units('web', 'cs', 'check:inconsistent')).toEqual([]);
  });

  it('long_untranslated: the daily run reports a string that grew old with nothing else happening', async () => {
    const zip = buildZip([
      { name: 'o/old.pot', data: po(null, { Alpha: '', Beta: '', Gamma: '' }) },
      { name: 'o/cs.po', data: po('cs', { Alpha: 'Alfa', Beta: 'Beta verze', Gamma: '' }) },
      { name: 'o/de.po', data: po('de', { Alpha: 'Alpha-Version', Beta: 'Beta-Version', Gamma: '' }) },
    ]);
    const form = multipart({ name: 'Old', slug: 'old', file_format: 'po', filemask: 'o/*.po', new_base: 'o/old.pot' }, { zipfile: { name: 'o.zip', data: zip } });
    const res = await s.api('/api/projects/sc/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
    const daily = s.container.dailySourceChecks;
    // The component's first daily run: nothing is old yet.
    expect(await daily.queueDue()).toBeGreaterThanOrEqual(1);
    await s.container.tasks.idle();
    expect(await units('old', 'en', 'check:long_untranslated')).toEqual([]);
    // 100 days pass and nobody touches the strings; the same day's run queues nothing again.
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString();
    const component = await s.container.database.db.selectFrom('components').select('id').where('slug', '=', 'old').executeTakeFirstOrThrow();
    await s.container.database.db
      .updateTable('units')
      .set({ timestamp: old })
      .where('translation_id', 'in', (eb) => eb.selectFrom('translations').select('id').where('component_id', '=', component.id))
      .execute();
    expect(await daily.queueDue()).toBe(0);
    // The next day's run finds the string translated in none of the languages the others are.
    expect(await daily.queueDue(new Date(Date.now() + 86_400_000 + 60_000))).toBeGreaterThanOrEqual(1);
    await s.container.tasks.idle();
    expect(await units('old', 'en', 'check:long_untranslated')).toEqual(['Gamma']);
    expect((await json('/api/translations/sc/old/en/statistics/')).failing).toBe(1);
  });

  it('prohibited_initial_character: only in glossaries', async () => {
    const terms = { Sum: '', Cell: '' };
    const zip = buildZip([
      { name: 'g/terms.pot', data: po(null, terms) },
      { name: 'g/cs.po', data: po('cs', { Sum: '=SUMA', Cell: 'Buňka' }) },
    ]);
    const form = multipart({ name: 'Terms', slug: 'terms', file_format: 'po', filemask: 'g/*.po', new_base: 'g/terms.pot', is_glossary: 'true' }, { zipfile: { name: 'g.zip', data: zip } });
    const res = await s.api('/api/projects/sc/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
    expect(await units('terms', 'cs', 'check:prohibited_initial_character')).toEqual(['Sum']);
    // A single edit of a glossary term, and the same text outside a glossary.
    const cell = await idOf('terms', 'cs', 'Cell');
    expect((await patch(cell, { target: ['+Buňka'], state: 20 })).has_failing_check).toBe(true);
    expect(await units('terms', 'cs', 'check:prohibited_initial_character')).toEqual(['Cell', 'Sum']);
    const hello = await idOf('app', 'cs', 'Hello');
    await patch(hello, { target: ['=Ahoj'], state: 20 });
    expect(await units('app', 'cs', 'check:prohibited_initial_character')).toEqual([]);
  });
});
