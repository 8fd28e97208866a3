// Keyed (monolingual) components end to end: edits and new keys reach the files, conversions, new languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const EN = '{\n  "app.title": "Parla",\n  "app.greeting": "Hello, {name}!",\n  "app.bye": "Goodbye"\n}\n';
const CS = '{\n  "app.title": "Parla",\n  "app.greeting": "Ahoj, {name}!"\n}\n';
const EN_PROPS = '# Window title\ntitle=Parla\ngreeting=Hello\n';
const DE_PROPS = 'title=Parla\ngreeting=Hallo\n';

describe.each(DIALECTS)('keyed components (%s)', (dialect) => {
  let server: TestServer;

  const unitsOf = async (path: string) => (await (await server.api(`${path}units/`)).json()).results as { id: number; context: string; source: string[]; target: string[]; state: number }[];

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'mono')).status).toBe(201);
    const zip = buildZip([
      { name: 'locales/en.json', data: EN },
      { name: 'locales/cs.json', data: CS },
    ]);
    const form = multipart({ name: 'Web', slug: 'web', file_format: 'json', filemask: 'locales/*.json', template: 'locales/en.json' }, { zipfile: { name: 'web.zip', data: zip } });
    const res = await server.api('/api/projects/mono/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const props = buildZip([
      { name: 'i18n/messages_en.properties', data: EN_PROPS },
      { name: 'i18n/messages_de.properties', data: DE_PROPS },
    ]);
    const form2 = multipart({ name: 'Java', slug: 'java', file_format: 'properties', filemask: 'i18n/messages_*.properties', template: 'i18n/messages_en.properties' }, { zipfile: { name: 'java.zip', data: props } });
    expect((await server.api('/api/projects/mono/components/', { method: 'POST', body: form2 })).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('reads sources from the template and targets by key', async () => {
    const units = await unitsOf('/api/translations/mono/web/cs/');
    expect(units.map((u) => [u.context, u.source[0], u.target[0], u.state])).toEqual([
      ['app.title', 'Parla', 'Parla', 20],
      ['app.greeting', 'Hello, {name}!', 'Ahoj, {name}!', 20],
      ['app.bye', 'Goodbye', '', 0],
    ]);
  });

  it('writes a PATCHed translation into the file, changing only that line', async () => {
    const units = await unitsOf('/api/translations/mono/web/cs/');
    const bye = units.find((u) => u.context === 'app.bye')!;
    const res = await server.api(`/api/units/${bye.id}/`, { method: 'PATCH', json: { target: ['Nashledanou "všem"'], state: 20 } });
    expect(res.status).toBe(200);
    const greeting = units.find((u) => u.context === 'app.greeting')!;
    expect((await server.api(`/api/units/${greeting.id}/`, { method: 'PATCH', json: { target: ['Čau, {name}!'], state: 20 } })).status).toBe(200);
    const file = await (await server.api('/api/translations/mono/web/cs/file/')).text();
    expect(JSON.parse(file)).toEqual({ 'app.title': 'Parla', 'app.greeting': 'Čau, {name}!', 'app.bye': 'Nashledanou "všem"' });
    expect(file.startsWith('{\n  "app.title": "Parla",\n  "app.greeting": "Čau, {name}!"')).toBe(true);
  });

  it('adds a key to the template and every language; the template file gets it', async () => {
    const res = await server.api('/api/translations/mono/web/en/units/', { method: 'POST', json: { key: 'app.new', value: ['Brand new'] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const template = await (await server.api('/api/translations/mono/web/en/file/')).text();
    expect(JSON.parse(template)['app.new']).toBe('Brand new');
    const cs = await unitsOf('/api/translations/mono/web/cs/');
    expect(cs.find((u) => u.context === 'app.new')).toMatchObject({ source: ['Brand new'], target: [''], state: 0 });
    // An untranslated key stays out of the translation file.
    expect(JSON.parse(await (await server.api('/api/translations/mono/web/cs/file/')).text())['app.new']).toBeUndefined();
    expect((await server.api('/api/components/mono/web/monolingual_base/')).headers.get('content-disposition')).toBe('attachment; filename="en.json"');
  });

  it('converts keyed translations to JSON, nested JSON, PO and CSV', async () => {
    const json = await server.api('/api/translations/mono/web/cs/file/?format=json-nested');
    expect(json.status).toBe(200);
    expect(JSON.parse(await json.text())).toEqual({ app: { title: 'Parla', greeting: 'Čau, {name}!', bye: 'Nashledanou "všem"' } });
    const po = await (await server.api('/api/translations/mono/web/cs/file/?format=po')).text();
    expect(po).toContain('msgctxt "app.bye"');
    expect(po).toContain('msgstr "Nashledanou \\"všem\\""');
  });

  it('uploads a keyed file in the component format and matches by key', async () => {
    const upload = '{\n  "app.title": "Parla CZ",\n  "app.unknown": "x"\n}\n';
    const res = await server.api('/api/translations/mono/web/cs/file/', { method: 'POST', body: multipart({ conflicts: 'replace-translated' }, { file: { name: 'cs.json', data: upload } }) });
    expect(await res.json()).toMatchObject({ accepted: 1, not_found: 1, total: 2 });
    expect(JSON.parse(await (await server.api('/api/translations/mono/web/cs/file/')).text())['app.title']).toBe('Parla CZ');
  });

  it('adds a language as an empty keyed file and Java properties keep their escapes', async () => {
    const res = await server.api('/api/components/mono/web/translations/', { method: 'POST', json: { language_code: 'de' } });
    expect(res.status).toBe(201);
    expect((await (await server.api('/api/translations/mono/web/de/file/')).text()).trim()).toBe('{}');

    const de = await unitsOf('/api/translations/mono/java/de/');
    const greeting = de.find((u) => u.context === 'greeting')!;
    expect((await server.api(`/api/units/${greeting.id}/`, { method: 'PATCH', json: { target: ['Grüß dich'], state: 20 } })).status).toBe(200);
    expect(await (await server.api('/api/translations/mono/java/de/file/')).text()).toBe('title=Parla\ngreeting=Gr\\u00FC\\u00DF dich\n');
  });

  it('honours edit_template=false (read-only sources) and shows the intermediate file as the source', async () => {
    const zip = buildZip([
      { name: 'l/en.json', data: EN },
      { name: 'l/cs.json', data: CS },
      { name: 'dev/en.json', data: '{\n  "app.title": "Parla (dev)",\n  "app.greeting": "Hi {name}"\n}\n' },
    ]);
    const form = multipart(
      { name: 'Fixed', slug: 'fixed', file_format: 'json', filemask: 'l/*.json', template: 'l/en.json', intermediate: 'dev/en.json', edit_template: 'false' },
      { zipfile: { name: 'fixed.zip', data: zip } },
    );
    const res = await server.api('/api/projects/mono/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const source = await unitsOf('/api/translations/mono/fixed/en/');
    expect(source.map((u) => u.state)).toEqual([100, 100, 100]);
    const patch = await server.api(`/api/units/${source[0]!.id}/`, { method: 'PATCH', json: { target: ['Other'], state: 20 } });
    expect(patch.status).toBe(403);
    const cs = await unitsOf('/api/translations/mono/fixed/cs/');
    expect(cs.map((u) => u.source[0])).toEqual(['Parla (dev)', 'Hi {name}', 'Goodbye']);
  });

  it('maps Android plurals to the language\'s plural forms and writes them back by quantity', async () => {
    const base = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="app_name">Parla</string>\n    <plurals name="files">\n        <item quantity="one">%d file</item>\n        <item quantity="other">%d files</item>\n    </plurals>\n</resources>\n';
    const cs = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="app_name">Parla</string>\n    <plurals name="files">\n        <item quantity="one">%d soubor</item>\n        <item quantity="other">%d souborů</item>\n    </plurals>\n</resources>\n';
    const zip = buildZip([
      { name: 'res/values/strings.xml', data: base },
      { name: 'res/values-cs/strings.xml', data: cs },
    ]);
    const form = multipart({ name: 'Android', slug: 'android', file_format: 'aresource', filemask: 'res/values-*/strings.xml', template: 'res/values/strings.xml' }, { zipfile: { name: 'a.zip', data: zip } });
    const res = await server.api('/api/projects/mono/components/', { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const units = await unitsOf('/api/translations/mono/android/cs/');
    const files = units.find((u) => u.context === 'files')!;
    expect(files.source).toEqual(['%d file', '%d files']);
    // Czech in CLDR: one, few, many (fractions), other.
    expect(files.target).toEqual(['%d soubor', '', '', '%d souborů']);
    expect((await server.api(`/api/units/${files.id}/`, { method: 'PATCH', json: { target: ['%d soubor', '%d soubory', '%d souboru', '%d souborů'], state: 20 } })).status).toBe(200);
    const file = await (await server.api('/api/translations/mono/android/cs/file/')).text();
    expect(file).toContain('<item quantity="few">%d soubory</item>');
    expect(file).toContain('<item quantity="one">%d soubor</item>');
    expect(file).toContain('<item quantity="many">%d souboru</item>');
  });
});
