// Search query language `q` over HTTP: unit lists, downloads, errors with positions, index use (EXPLAIN).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCondition } from '../../src/db/unit-search/index.js';
import { TrigramFrequencies } from '../../src/search/trigram-sample.js';
import { searchableUnits } from '../../src/db/unit-lists.repository.js';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip, zipEntries } from '../helpers/zip.js';

const POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#. Greeting on the start screen
#: src/main.c:10
msgid "Hello"
msgstr ""

#: src/main.c:11
msgid "Goodbye world"
msgstr ""

#: src/menu.c:5
msgctxt "menu"
msgid "Open"
msgstr ""

msgid "One file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""

#: src/net.c:1
msgid "Visit https://example.com/docs for help"
msgstr ""

msgid "Progress: 50% done_now"
msgstr ""

msgctxt "toolbar"
msgid "Save as"
msgstr ""
`;

const CS = `msgid ""
msgstr ""
"Language: cs\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

#. Greeting on the start screen
#: src/main.c:10
msgid "Hello"
msgstr "Ahoj"

#: src/main.c:11
#, fuzzy
msgid "Goodbye world"
msgstr "Sbohem světe"

#: src/menu.c:5
msgctxt "menu"
msgid "Open"
msgstr ""

msgid "One file"
msgid_plural "%d files"
msgstr[0] "Jeden soubor"
msgstr[1] "%d soubory"
msgstr[2] "%d souborů"

#: src/net.c:1
msgid "Visit https://example.com/docs for help"
msgstr "Navštivte https://example.com/docs pro pomoc"

msgid "Progress: 50% done_now"
msgstr "Průběh: 50% hotovo"

msgctxt "toolbar"
msgid "Save as"
msgstr ""
`;

const DE = `msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Hello"
msgstr "Hallo"

msgid "Goodbye world"
msgstr "Auf Wiedersehen Welt"
`;

interface Unit {
  id: number;
  source: string[];
  target: string[];
  context: string;
  state: number;
  position: number;
}

const CS_UNITS = '/api/translations/srch/app/cs/units/';

describe.each(DIALECTS)('search query language on %s', (dialect) => {
  let s: TestServer;

  /** Sources (first form) of the cs units matching q, sorted. */
  const found = async (q: string, path = CS_UNITS): Promise<string[]> => {
    const res = await s.api(`${path}?page_size=1000&q=${encodeURIComponent(q)}`);
    const body = await res.json();
    expect(res.status, `${q}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.count, q).toBe(body.results.length);
    return (body.results as Unit[]).map((u) => u.source[0]!).sort();
  };
  const all = async (path = CS_UNITS): Promise<Unit[]> => (await (await s.api(`${path}?page_size=1000`)).json()).results;
  const bad = async (q: string, path = CS_UNITS) => {
    const res = await s.api(`${path}?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(400);
    const body = await res.json();
    expect(body.errors[0].attr).toBe('q');
    return body.errors[0].detail as string;
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'srch')).status).toBe(201);
    const zip = buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }, { name: 'po/de.po', data: DE }]);
    const form = multipart({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: zip } });
    expect((await s.api('/api/projects/srch/components/', { method: 'POST', body: form })).status).toBe(201);
    // A second project, so that project:/path:/language: have something to exclude.
    expect((await createProject(s, 'other')).status).toBe(201);
    const other = multipart({ name: 'Web', slug: 'web', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, {
      zipfile: { name: 'web.zip', data: buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/de.po', data: DE }]) },
    });
    expect((await s.api('/api/projects/other/components/', { method: 'POST', body: other })).status).toBe(201);
    expect((await all()).length).toBe(7);
  }, 60_000);

  afterAll(async () => {
    await s?.close();
  });

  it('bare words: substring of source OR target OR context, case-insensitive, URLs included', async () => {
    expect(await found('world')).toEqual(['Goodbye world']);
    expect(await found('AHOJ')).toEqual(['Hello']); // target only
    expect(await found('menu')).toEqual(['Open']); // context only
    expect(await found('https://example.com/docs')).toEqual(['Visit https://example.com/docs for help']);
    expect(await found('světe')).toEqual(['Goodbye world']);
    expect(await found('nothing-like-this')).toEqual([]);
    expect(await found('')).toHaveLength(7);
  });

  it('LIKE wildcards are plain characters (short and long terms)', async () => {
    expect(await found('%')).toEqual(['One file', 'Progress: 50% done_now']);
    expect(await found('_n')).toEqual(['Progress: 50% done_now']);
    expect(await found('50%')).toEqual(['Progress: 50% done_now']);
    expect(await found('e_n')).toEqual(['Progress: 50% done_now']);
    expect(await found('"% x"')).toEqual([]);
    expect(await found('"o\\"x"')).toEqual([]);
    expect(await found('source:"n\'s"')).toEqual([]);
  });

  it('text fields with :, := and regex; key is context; comparison operators are literal text', async () => {
    expect(await found('source:hello')).toEqual(['Hello']);
    expect(await found('source:ahoj')).toEqual([]);
    expect(await found('target:ahoj')).toEqual(['Hello']);
    expect(await found('target:oj')).toEqual(['Hello']);
    expect(await found('source:=Hello')).toEqual(['Hello']);
    expect(await found('source:=hello')).toEqual([]);
    expect(await found('source:="Goodbye"')).toEqual([]);
    expect(await found('context:menu')).toEqual(['Open']);
    expect(await found('key:tool')).toEqual(['Save as']);
    expect(await found('context:=toolbar')).toEqual(['Save as']);
    expect(await found('note:greeting')).toEqual(['Hello']);
    expect(await found('location:menu.c')).toEqual(['Open']);
    expect(await found('location:src/main')).toEqual(['Goodbye world', 'Hello']);
    expect(await found('source:>a')).toEqual([]);
    expect(await found('source:"s: 50"')).toEqual(['Progress: 50% done_now']);
  });

  it('regular expressions are case-sensitive database regexes', async () => {
    expect(await found('source:r"^[A-Z][a-z]+$"')).toEqual(['Hello', 'Open']);
    expect(await found('source:r"^hello$"')).toEqual([]);
    expect(await found('target:r"^Jeden s"')).toEqual(['One file']);
    expect(await found('r"^Ope"')).toEqual(['Open']);
    expect(await found('context:r"^(menu|toolbar)$"')).toEqual(['Open', 'Save as']);
    const detail = await bad('source:r"(unclosed"');
    expect(detail).toMatch(/^Could not parse query string: Invalid regular expression.* at position 7$/);
  });

  it('a source regex finds what the exact text finds in every language, also for units without a link to their source string', async () => {
    const ids = async (q: string) => {
      const res = await s.api(`/api/units/?page_size=1000&q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      return ((await res.json()).results as Unit[]).map((u) => u.id).sort((a, b) => a - b);
    };
    const regex = 'source:r"^Goodbye w[aeiou]rld$"';
    const compiledSql = () => s.container.database.db.selectFrom('units').select('id').where(s.container.units.filter({ q: regex })!).compile().sql;
    const exact = await ids('source:="Goodbye world"');
    expect(exact).toHaveLength(5); // two source strings, their cs and two de translations
    // The first search learns that every unit has its link; the second goes through the source strings alone.
    for (let i = 0; i < 2; i++) expect(await ids(regex)).toEqual(exact);
    if (dialect === 'postgres') expect(compiledSql()).toContain('units.source_unit_id IN (SELECT su.id');
    // A restored backup may hold a translation whose source string is missing: its own text decides.
    const db = s.container.database.db;
    const cs = (await db.selectFrom('units').select(['id', 'source_unit_id']).where('id', 'in', exact).where('source_unit_id', '<>', sql<number>`units.id`).orderBy('id').executeTakeFirstOrThrow());
    await db.updateTable('units').set({ source_unit_id: null }).where('id', '=', cs.id).execute();
    try {
      for (let i = 0; i < 2; i++) expect(await ids(regex)).toEqual(exact);
      if (dialect === 'postgres') expect(compiledSql()).toContain('nu.source_unit_id IS NULL');
      expect(await ids('source:r"^Goodbye w[aeiou]rld!$"')).toEqual([]);
    } finally {
      await db.updateTable('units').set({ source_unit_id: cs.source_unit_id }).where('id', '=', cs.id).execute();
    }
  });

  it('pages of a search are the slices of its whole list, whether cut from the sorted matches or by walking the ids', async () => {
    const ids = async (q: string, query: string) => {
      const res = await s.api(`/api/units/?${query}&q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      const body = await res.json();
      return { count: body.count as number, ids: (body.results as Unit[]).map((u) => u.id) };
    };
    for (const q of ['o', 'source:world', 'state:<translated']) {
      const whole = await ids(q, 'page_size=1000');
      expect(whole.ids.length, q).toBe(whole.count);
      expect(whole.ids, q).toEqual([...whole.ids].sort((a, b) => a - b));
      // One unit per page: many matches among few units are walked, few are sorted (on PostgreSQL).
      const pages: number[] = [];
      for (let page = 1; page <= whole.count; page++) {
        const one = await ids(q, `page_size=1&page=${page}`);
        expect(one.count, q).toBe(whole.count);
        pages.push(...one.ids);
      }
      expect(pages, q).toEqual(whole.ids);
    }
  });

  it('states, is: and has:', async () => {
    expect(await found('state:translated')).toEqual(['Hello', 'One file', 'Progress: 50% done_now', 'Visit https://example.com/docs for help']);
    expect(await found('state:<translated')).toEqual(['Goodbye world', 'Open', 'Save as']);
    expect(await found('state:needs-editing')).toEqual(['Goodbye world']);
    expect(await found('state:empty')).toEqual(['Open', 'Save as']);
    expect(await found('state:>=10')).toHaveLength(5);
    expect(await found('state:[0 to 10]')).toEqual(['Goodbye world', 'Open', 'Save as']);
    expect(await found('is:fuzzy')).toEqual(['Goodbye world']);
    expect(await found('is:untranslated')).toEqual(['Goodbye world', 'Open', 'Save as']);
    expect(await found('is:translated')).toHaveLength(4);
    expect(await found('is:approved')).toEqual([]);
    expect(await found('has:plural')).toEqual(['One file']);
    expect(await found('has:context')).toEqual(['Open', 'Save as']);
    expect(await found('has:note')).toEqual(['Hello']);
    expect(await found('has:location')).toEqual(['Goodbye world', 'Hello', 'Open', 'Visit https://example.com/docs for help']);
    expect(await found('has:translation')).toHaveLength(4);
    // Tables that do not exist yet: nothing has them.
    expect(await found('has:comment')).toEqual([]);
    expect(await found('NOT has:label')).toHaveLength(7);
    expect(await found('check:same')).toEqual([]);
    expect(await found('labels_count:0')).toHaveLength(7);
    // Source units of a bilingual component are read-only.
    const sourceState = (await all('/api/translations/srch/app/en/units/'))[0]!.state;
    expect(await found(`source_state:${sourceState}`)).toHaveLength(7);
    expect(await found(`source_state:<${sourceState}`)).toEqual([]);
    expect(await bad('state:bogus')).toBe('Could not parse query string: Unsupported state: bogus at position 6');
    expect(await bad('is:wrong')).toBe('Could not parse query string: Unsupported lookup for is: wrong at position 3');
  });

  it('numbers: id lists, position comparisons and ranges, priority', async () => {
    const units = await all();
    const [a, b] = [units[0]!, units[3]!];
    expect(await found(`id:${a.id},${b.id}`)).toEqual([a.source[0], b.source[0]].sort());
    expect(await found(`id:=${a.id}`)).toEqual([a.source[0]]);
    const positions = units.map((u) => u.position).sort((x, y) => x - y);
    expect(await found(`position:>${positions[4]}`)).toHaveLength(2);
    expect(await found(`position:>=${positions[4]}`)).toHaveLength(3);
    expect(await found(`position:<${positions[1]}`)).toHaveLength(1);
    expect(await found(`position:<=${positions[1]}`)).toHaveLength(2);
    expect(await found(`position:[${positions[1]} to ${positions[3]}]`)).toHaveLength(3);
    expect(await found('priority:100')).toHaveLength(7);
    expect(await found('priority:>100')).toEqual([]);
    expect(await bad('priority:high')).toBe('Could not parse query string: Could not parse numeric value: high at position 9');
  });

  it('boolean logic: implicit AND, OR, NOT, parentheses, precedence', async () => {
    expect(await found('goodbye world')).toEqual(['Goodbye world']);
    expect(await found('hello world')).toEqual([]);
    expect(await found('hello OR world')).toEqual(['Goodbye world', 'Hello']);
    expect(await found('hello or world')).toEqual(['Goodbye world', 'Hello']);
    expect(await found('hello OR goodbye world')).toEqual(['Goodbye world', 'Hello']);
    expect(await found('(hello OR goodbye) AND is:fuzzy')).toEqual(['Goodbye world']);
    expect(await found('hello OR goodbye is:fuzzy')).toEqual(['Goodbye world', 'Hello']);
    expect(await found('NOT state:translated')).toEqual(['Goodbye world', 'Open', 'Save as']);
    expect(await found('NOT (has:context OR is:translated)')).toEqual(['Goodbye world']);
    expect(await found('not has:context and not is:translated')).toEqual(['Goodbye world']);
    expect(await found('"and"')).toEqual([]);
  });

  it('scope fields on /api/units/: language, project, component, path', async () => {
    const units = '/api/units/';
    expect(await found('language:de', units)).toEqual(['Goodbye world', 'Goodbye world', 'Hello', 'Hello']);
    expect(await found('language:DE project:srch', units)).toEqual(['Goodbye world', 'Hello']);
    expect(await found('project:other', units)).toHaveLength(7 + 2);
    expect(await found('component:we project:other language:de', units)).toEqual(['Goodbye world', 'Hello']);
    expect(await found('component:=web', units)).toHaveLength(7 + 2);
    expect(await found('component:=we', units)).toEqual([]);
    expect(await found('path:srch/app/cs', units)).toHaveLength(7);
    expect(await found('path:other/-/de', units)).toEqual(['Goodbye world', 'Hello']);
    expect(await found('path:srch/nope/cs', units)).toEqual([]);
    expect(await found('path:srch/app/cs/extra', units)).toEqual([]);
    // Count and page agree, and the next link keeps q.
    const res = await s.api(`${units}?page_size=2&q=${encodeURIComponent('language:de')}`);
    const page = await res.json();
    expect(page.count).toBe(4);
    expect(page.results).toHaveLength(2);
    expect(new URL(page.next).searchParams.get('q')).toBe('language:de');
    // Access control still applies to searches.
    const token = await s.createUser('searcher');
    await s.api('/api/projects/other/', { method: 'PATCH', json: { access_control: 100 } });
    const anon = await (await s.api(`${units}?q=${encodeURIComponent('hello')}`, { token })).json();
    expect(anon.results.every((u: { translation: string }) => !u.translation.includes('/other/'))).toBe(true);
    // A regex search too (its count and page come from one pass over the matches).
    const regexOf = async (q: string, query: string, as?: string) => (await (await s.api(`${units}?${query}&q=${encodeURIComponent(q)}`, { token: as })).json()) as { count: number; results: { id: number; translation: string }[]; next: string | null };
    const everyone = await regexOf('source:r"(?i)hello|goodbye"', 'page_size=1000');
    expect(everyone.results.some((u) => u.translation.includes('/other/'))).toBe(true);
    const hidden = await regexOf('source:r"(?i)hello|goodbye"', 'page_size=1000', token);
    expect(hidden.count).toBe(hidden.results.length);
    expect(hidden.count).toBeLessThan(everyone.count);
    expect(hidden.results.every((u) => !u.translation.includes('/other/'))).toBe(true);
    // Paged one by one: the same units in the same order, and the count on every page.
    const paged: number[] = [];
    for (let p = 1; p <= everyone.count; p++) {
      const one = await regexOf('source:r"(?i)hello|goodbye"', `page_size=1&page=${p}`);
      expect(one.count).toBe(everyone.count);
      paged.push(...one.results.map((u) => u.id));
    }
    expect(paged).toEqual(everyone.results.map((u) => u.id));
    await s.api('/api/projects/other/', { method: 'PATCH', json: { access_control: 0 } });
  });

  it('dates and change events: changed/changed_by/change_action after an edit, added, last_changed; the index follows edits', async () => {
    expect(await found('changed:>=yesterday')).toEqual([]);
    expect(await found('added:>=today')).toHaveLength(7);
    expect(await found('added:<2000-01-01')).toEqual([]);
    expect(await found(`added:${new Date().getUTCFullYear()}`)).toHaveLength(7);
    const open = (await all()).find((u) => u.source[0] === 'Open')!;
    const res = await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít soubor'], state: 20 } });
    expect(res.status).toBe(200);

    expect(await found('changed:>=yesterday')).toEqual(['Open']);
    expect(await found('changed:today')).toEqual(['Open']);
    expect(await found('changed:>=20_days_ago')).toEqual(['Open']);
    expect(await found('changed:"July 4, 2013"')).toEqual([]);
    expect(await found('changed:<2000')).toEqual([]);
    expect(await found('change_time:>="1 hour ago"')).toEqual(['Open']);
    expect(await found('last_changed:>=today')).toContain('Open');
    expect(await found('changed_by:admin')).toEqual(['Open']);
    expect(await found('changed_by:ADMIN')).toEqual(['Open']);
    expect(await found('changed_by:nobody')).toEqual([]);
    expect(await found('changed_by:admin change_action:translation-added')).toEqual(['Open']);
    expect(await found('changed_by:admin change_action:"Translation added"')).toEqual(['Open']);
    // Same change event: the admin's change was no "Comment added".
    expect(await found('changed_by:admin change_action:comment-added')).toEqual([]);
    expect(await found('changed_by:admin changed:<2000')).toEqual([]);
    expect(await found('NOT changed_by:admin')).toHaveLength(6);
    expect(await found('pending:yes')).toEqual(['Open']);
    expect(await found('is:pending')).toEqual(['Open']);
    expect(await found('pending:no')).toHaveLength(6);

    // The text index saw the update: the new target is found, the old empty one had nothing.
    expect(await found('target:otevřít')).toEqual(['Open']);
    expect(await found('"soubor"')).toEqual(['One file', 'Open']);
    await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 20 } });
    expect(await found('target:"Otevřít soubor"')).toEqual([]);
    expect(await found('target:Otevři')).toEqual(['Open']);
    expect(await bad('changed:someday')).toBe('Could not parse query string: Could not parse timestamp: someday at position 8');
  });

  it('has:suggestion and suggestion: read the suggestions table', async () => {
    expect(await found('has:suggestion')).toEqual([]);
    const upload = multipart({ method: 'suggest' }, { file: { name: 'cs.po', data: CS.replace('msgstr "Ahoj"', 'msgstr "Nazdar"') } });
    const res = await s.api('/api/translations/srch/app/cs/file/', { method: 'POST', body: upload });
    expect(res.status).toBe(200);
    expect(await found('has:suggestion')).toEqual(['Hello']);
    expect(await found('suggestion:nazdar')).toEqual(['Hello']);
    expect(await found('suggestion:ahoj')).toEqual([]);
    expect(await found('suggestion_author:admin')).toEqual(['Hello']);
    expect(await found('NOT has:suggestion')).toHaveLength(6);
  });

  it('legacy filter_type ids', async () => {
    const res = await s.api(`${CS_UNITS}?filter_type=todo`);
    const body = await res.json();
    expect(body.count).toBe((await found('state:<translated')).length);
    expect((await s.api(`${CS_UNITS}?filter_type=bogus`)).status).toBe(400);
  });

  it('bad queries: 400 on attr q with the reason and the position', async () => {
    expect(await bad('foo:bar')).toBe('Could not parse query string: Unknown search field: foo (expected a known search field) at position 0');
    expect(await bad('hello (world')).toBe("Could not parse query string: Unexpected end of query (expected ')') at position 12");
    expect(await bad('a OR OR b')).toBe("Could not parse query string: Unexpected 'OR' (expected a search term) at position 5");
    expect(await bad('a\0')).toBe('Could not parse query string: NUL characters are not allowed. at position 1');
    expect(await bad('('.repeat(50) + 'a' + ')'.repeat(50))).toMatch(/^Could not parse query string: Search query is too complex\./);
    expect(await bad('bogus:1', '/api/units/')).toMatch(/Unknown search field: bogus/);
  });

  it('downloads: format + q converts only the matching units; q needs a format; bad q is 400', async () => {
    const file = '/api/translations/srch/app/cs/file/';
    const po = await s.api(`${file}?format=po&q=${encodeURIComponent('state:translated')}`);
    expect(po.status).toBe(200);
    const text = await po.text();
    expect(text).toContain('msgstr "Ahoj"');
    expect(text).not.toContain('Sbohem');
    expect(text).not.toContain('toolbar');
    const csv = await (await s.api(`${file}?format=csv&q=${encodeURIComponent('source:goodbye OR context:menu')}`)).text();
    expect(csv).toContain('Sbohem');
    expect(csv).not.toContain('Ahoj');

    const noFormat = await s.api(`${file}?q=hello`);
    expect(noFormat.status).toBe(400);
    expect((await noFormat.json()).errors[0]).toMatchObject({ attr: 'q', detail: 'Query string is ignored without format' });
    const broken = await s.api(`${file}?format=po&q=${encodeURIComponent('state:nope')}`);
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0]).toMatchObject({ attr: 'q', detail: 'Could not parse query string: Unsupported state: nope at position 6' });

    const zip = await s.api(`/api/components/srch/app/file/?format=zip:csv&q=${encodeURIComponent('source:=Hello')}`);
    expect(zip.status).toBe(200);
    const entries = await zipEntries(Buffer.from(await zip.arrayBuffer()));
    const cs = [...entries].find(([name]) => name.endsWith('cs.csv'))![1];
    expect(cs).toContain('Ahoj');
    expect(cs).not.toContain('Sbohem');
    const de = [...entries].find(([name]) => name.endsWith('de.csv'))![1];
    expect(de).toContain('Hallo');
    expect(de).not.toContain('Wiedersehen');
    expect((await s.api(`/api/components/srch/app/file/?format=zip:csv&q=${encodeURIComponent('x:1')}`)).status).toBe(400);
  });

  it.runIf(dialect === 'sqlite')('SQLite: queued text changes are flushed into the index in bulk and searches stay exact', async () => {
    const db = s.container.database.db;
    // The same flush trigger with a threshold of 3 instead of thousands, so that a few edits cross it.
    const trigger = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'units_fts_flush'`.execute(db);
    const ddl = trigger.rows[0]!.sql;
    expect(ddl).toMatch(/new\.seq >= \d+/);
    await sql`DROP TRIGGER units_fts_flush`.execute(db);
    await sql.raw(ddl.replace(/new\.seq >= \d+/, 'new.seq >= 3')).execute(db);
    try {
      // A new component: its units are queued on insert and flushed three at a time; its edits queue the old text.
      expect((await createProject(s, 'flush')).status).toBe(201);
      const zip = buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }]);
      const form = multipart({ name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: zip } });
      expect((await s.api('/api/projects/flush/components/', { method: 'POST', body: form })).status).toBe(201);
      const path = '/api/translations/flush/app/cs/units/';
      expect(await found('target:ahoj', path)).toEqual(['Hello']);
      const units = (await all(path)).filter((u) => u.state >= 20 && u.source[0] !== 'One file');
      expect(units.length).toBeGreaterThanOrEqual(3);
      for (const [i, u] of units.entries()) {
        const res = await s.api(`/api/units/${u.id}/`, { method: 'PATCH', json: { target: [`Zkouška indexu ${i}`], state: 20 } });
        expect(res.status).toBe(200);
      }
      const queued = await sql<{ n: number }>`SELECT count(*) AS n FROM units_fts_stale`.execute(db);
      expect(Number(queued.rows[0]!.n)).toBeLessThan(3);
      await sql`INSERT INTO units_fts(units_fts) VALUES ('integrity-check')`.execute(db);
      expect(await found('target:"zkouška indexu"', path)).toHaveLength(units.length);
      expect(await found(`target:"indexu ${units.length - 1}"`, path)).toEqual([units[units.length - 1]!.source[0]]);
      expect(await found('target:ahoj', path)).toEqual([]);
      expect(await found('hello', path)).toEqual(['Hello']);
    } finally {
      await sql`DROP TRIGGER units_fts_flush`.execute(db);
      await sql.raw(ddl).execute(db);
    }
  });

  it('asking the index for only the rarest trigrams finds exactly what the whole phrase finds', async () => {
    const db = s.container.database.db;
    const texts = await db.selectFrom('units').select(['source', 'target', 'context']).execute();
    const freq = { source: new TrigramFrequencies(texts.map((t) => t.source)), target: new TrigramFrequencies(texts.map((t) => t.target)), context: new TrigramFrequencies(texts.map((t) => t.context)) };
    const ids = async (q: string, trigrams: boolean) => {
      const where = searchCondition({ q }, { dialect, trigrams: trigrams ? (c) => freq[c] : undefined })!;
      const sqlText = searchableUnits(db).select('units.id').where(where).compile().sql;
      // Substrings longer than five characters are read through their rarest trigrams and checked exactly.
      const term = q.replace(/^\w+:/, '').replace(/"/g, '');
      if (trigrams && dialect === 'sqlite' && !q.includes('r"') && [...term].length > 5) expect(sqlText, q).toContain('parla_contains');
      return (await searchableUnits(db).select('units.id').where(where).orderBy('units.id').execute()).map((r) => r.id);
    };
    for (const q of ['source:"Goodbye world"', 'GOODBYE WORLD', '"https://example.com/docs"', 'target:"Otevřít soubor"', 'SVĚTE', 'target:"SBOHEM SVĚTE"',
      'source:r"^[A-Z][a-z]+ wor"', 'r"oodbye w"', 'target:r"Jeden sou"', 'source:r"Visit https://exa"', 'context:"toolbar"']) {
      const full = await ids(q, false);
      expect(await ids(q, true), q).toEqual(full);
    }
    expect((await ids('target:"SBOHEM SVĚTE"', true)).length).toBeGreaterThan(0); // Unicode case folding, like the index
  });

  it('substring search uses the text index (EXPLAIN)', async () => {
    const db = s.container.database.db;
    const where = searchCondition({ q: 'source:world' }, { dialect })!;
    const query = db
      .selectFrom('units')
      .innerJoin('translations', 'translations.id', 'units.translation_id')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .innerJoin('languages', 'languages.id', 'translations.language_id')
      .select('units.id')
      .where(where)
      .compile();
    let plan: string;
    if (dialect === 'sqlite') {
      const rows = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
      plan = rows.rows.map((r) => r.detail).join('\n');
      // e.g. "SEARCH units USING INTEGER PRIMARY KEY (rowid=?)" + "LIST SUBQUERY 1" + "SCAN units_fts VIRTUAL TABLE INDEX 0:M1"
      expect(plan).toMatch(/units_fts VIRTUAL TABLE INDEX \d+:M/);
    } else {
      // A handful of rows makes a sequential scan or a walk of the primary key cheaper; with both off the planner
      // shows whether the text index applies.
      plan = await db.transaction().execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`SET LOCAL enable_indexscan = off`.execute(tx);
        const rows = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      // e.g. "Bitmap Index Scan on units_source_trgm  Index Cond: (lower(source) ~~ lower('%world%'::text))"
      expect(plan).toMatch(/Bitmap Index Scan on units_source_trgm/);
    }
    if (process.env.PARLA_SHOW_PLANS) console.log(`${dialect} plan for q=source:world\n${plan}`);
  });
});
