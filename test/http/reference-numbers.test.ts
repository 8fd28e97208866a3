// Texts and numbers as existing clients read them: character counts, plural types, the statistics
// export's columns, the change a screenshot's unlinked string records, and the whitespace fix that
// makes a translation's leading and trailing whitespace (a final newline) follow its source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Sources ending in newlines and spaces, as C programs write them. */
const HELLO_POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Hello, world!\\n"
msgstr ""

msgid "Orangutan has %d banana.\\n"
msgid_plural "Orangutan has %d bananas.\\n"
msgstr[0] ""
msgstr[1] ""

msgid "Hello test "
msgstr ""

msgid "  Indented"
msgstr ""
`;
const HELLO_CS = HELLO_POT.replace('charset=UTF-8\\n"', 'charset=UTF-8\\n"\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"').replace('msgstr[1] ""', 'msgstr[1] ""\nmsgstr[2] ""');

describe.each(DIALECTS)('texts and numbers as the reference gives them (%s)', (dialect) => {
  let s: TestServer;

  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const units = async (component: string, lang: string) =>
    (await ok(await s.api(`/api/translations/ref/${component}/${lang}/units/?page_size=100`))).results as { id: number; source: string[]; target: string[] }[];
  const unitOf = async (component: string, lang: string, source: string) => (await units(component, lang)).find((u) => u.source[0] === source)!;

  beforeAll(async () => {
    s = await startServer(dialect);
    await ok(await createProject(s, 'ref'), 201);
    await ok(await createPoComponent(s, 'ref'), 201);
    const zip = buildZip([
      { name: 'po/hello.pot', data: HELLO_POT },
      { name: 'po/cs.po', data: HELLO_CS },
    ]);
    await ok(await s.api('/api/projects/ref/components/', { method: 'POST', body: multipart({ name: 'Hello', slug: 'hello', file_format: 'po', filemask: 'po/*.po', new_base: 'po/hello.pot' }, { zipfile: { name: 'hello.zip', data: zip } }) }), 201);
  });
  afterAll(async () => s?.close());

  it('counts characters over the stored source, plural separators included', async () => {
    // Hello (5) + Goodbye world (13) + Open (4) + One file and %d files (8 + 8 + the separator's 2).
    const cs = await ok(await s.api('/api/translations/ref/app/cs/statistics/'));
    expect(cs.total_chars).toBe(40);
    expect(cs.total_words).toBe(8);
    // Translated: Hello and the plural string.
    expect(cs.translated_chars).toBe(5 + 18);
    const component = await ok(await s.api('/api/components/ref/app/statistics/?page_size=10'));
    const czech = component.results.find((r: { code: string }) => r.code === 'cs');
    expect(czech.total_chars).toBe(40);
    // A string added later counts the same way.
    await ok(await s.api('/api/components/ref/app/', { method: 'PATCH', json: { manage_units: true } }));
    await ok(await s.api('/api/translations/ref/app/en/units/', { method: 'POST', json: { source: ['One tree', '%d trees'] } }));
    expect((await ok(await s.api('/api/translations/ref/app/cs/statistics/'))).total_chars).toBe(40 + 8 + 8 + 2);
  });

  it('gives Czech and the other one/few/many languages the one/few/many plural type', async () => {
    const type = async (code: string) => (await ok(await s.api(`/api/languages/${code}/`))).plural.type as number;
    expect(await type('cs')).toBe(22);
    for (const code of ['sk', 'ru', 'uk', 'pl', 'lt', 'hr', 'be']) expect(await type(code), code).toBe(22);
    // One/few/other languages keep theirs.
    for (const code of ['ro']) expect(await type(code), code).toBe(2);
    expect(await type('de')).toBe(1);
  });

  it('writes the statistics export of a project with the columns of the component export', async () => {
    const columns = [
      'name', 'code', 'total', 'translated', 'translated_percent', 'translated_words_percent', 'total_words', 'translated_words',
      'total_chars', 'translated_chars', 'translated_chars_percent', 'failing', 'failing_percent', 'fuzzy', 'fuzzy_percent',
      'url_translate', 'url', 'translate_url', 'last_change', 'last_author', 'recent_changes', 'readonly', 'readonly_percent',
      'approved', 'approved_percent', 'suggestions', 'comments',
    ];
    for (const path of ['/exports/stats/ref/?format=csv', '/exports/stats/ref/app/?format=csv']) {
      const res = await s.api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const [header, ...rows] = (await res.text()).trim().split('\r\n');
      expect(header!.split(','), path).toEqual(columns);
      const cs = rows.find((r) => r.split(',')[1] === 'cs')!.split(',');
      expect(cs[0]).toBe('Czech');
      expect(Number(cs[columns.indexOf('total')])).toBeGreaterThan(0);
    }
  });

  it('records the removal of a string from a screenshot', async () => {
    const shot = await ok(
      await s.api('/api/screenshots/', { method: 'POST', body: multipart({ name: 'Window', project_slug: 'ref', component_slug: 'app', language_code: 'en' }, { image: { name: 'shot.png', data: PNG } }) }),
      201,
    );
    const hello = await unitOf('app', 'en', 'Hello');
    await ok(await s.api(`/api/screenshots/${shot.id}/units/`, { method: 'POST', json: { unit_id: hello.id } }));
    expect((await s.api(`/api/screenshots/${shot.id}/units/${hello.id}/`, { method: 'DELETE' })).status).toBe(204);
    const removed = (await ok(await s.api('/api/components/ref/app/changes/?action=85'))).results as { unit: string | null; user: string | null; target: string }[];
    expect(removed).toHaveLength(1);
    expect(removed[0]!.unit).toMatch(new RegExp(`/api/units/${hello.id}/$`));
    expect(removed[0]!.user).toMatch(/\/api\/users\/admin\/$/);
    expect(removed[0]!.target).toBe('Window');
  });

  it('makes a translation\'s trailing newline (and leading and trailing whitespace) follow the source', async () => {
    const patch = async (source: string, target: string[]) => {
      const unit = await unitOf('hello', 'cs', source);
      return (await ok(await s.api(`/api/units/${unit.id}/`, { method: 'PATCH', json: { state: 20, target } }))).target as string[];
    };
    expect(await patch('Hello, world!\n', ['Test translation'])).toEqual(['Test translation\n']);
    expect((await unitOf('hello', 'cs', 'Hello, world!\n')).target).toEqual(['Test translation\n']);
    expect(await patch('Hello, world!\n', ['Ahoj světe!\n\n'])).toEqual(['Ahoj světe!\n']);
    expect(await patch('Orangutan has %d banana.\n', ['singular', 'many', 'other'])).toEqual(['singular\n', 'many\n', 'other\n']);
    // Whitespace the source has is kept, and what it has not is dropped.
    expect(await patch('Hello test ', ['Test translation '])).toEqual(['Test translation ']);
    expect(await patch('  Indented', ['Odsazeno\n'])).toEqual(['  Odsazeno']);
    // A blank translation stays as it is.
    const blank = await unitOf('hello', 'cs', '  Indented');
    expect((await ok(await s.api(`/api/units/${blank.id}/`, { method: 'PATCH', json: { state: 0, target: [''] } }))).target).toEqual(['']);

    // Suggestions get the same fix.
    const hello = await unitOf('hello', 'cs', 'Hello, world!\n');
    const suggestion = await ok(await s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target: ['Navrh'] } }), 201);
    expect(suggestion.target).toEqual(['Navrh\n']);

    // The ignore-end-space flag leaves the end as typed.
    const source = await unitOf('hello', 'en', 'Hello, world!\n');
    await ok(await s.api(`/api/units/${source.id}/`, { method: 'PATCH', json: { extra_flags: 'ignore-end-space' } }));
    expect(await patch('Hello, world!\n', ['Bez konce'])).toEqual(['Bez konce']);
  });
});
