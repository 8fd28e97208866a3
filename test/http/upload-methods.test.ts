// Upload methods that change which strings a translation has: method=replace (the translation follows the
// uploaded file), method=add (new strings go to the source and the uploaded translation), and uploads to the
// source language, with the numbers each answer reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';

interface Unit {
  id: number;
  context: string;
  source: string[];
  target: string[];
  state: number;
}

const EN_JSON = '{\n  "hello": "Hello",\n  "bye": "Goodbye"\n}\n';
const CS_JSON = '{\n  "hello": "Ahoj",\n  "bye": "Nashledanou"\n}\n';
const DE_JSON = '{\n  "hello": "Hallo"\n}\n';

describe.each(DIALECTS)('upload methods that change the strings (%s)', (dialect) => {
  let s: TestServer;

  const upload = async (path: string, fields: Record<string, string>, name: string, data: string) => {
    const res = await s.api(`/api/translations/${path}/file/`, { method: 'POST', body: multipart(fields, { file: { name, data } }) });
    return { status: res.status, body: await res.json() };
  };
  const info = async (path: string) => (await s.api(`/api/translations/${path}/`)).json();
  const units = async (path: string): Promise<Unit[]> => (await (await s.api(`/api/translations/${path}/units/`)).json()).results;
  const file = async (path: string) => (await s.api(`/api/translations/${path}/file/`)).text();
  const changeActions = async (componentSlug: string) => {
    const db = s.container.database.db;
    const rows = await db.selectFrom('changes').innerJoin('components', 'components.id', 'changes.component_id').select(['changes.action']).where('components.slug', '=', componentSlug).execute();
    return rows.map((r) => r.action);
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'up')).status).toBe(201);
    for (const slug of ['rep', 'add', 'src']) expect((await createPoComponent(s, 'up', slug)).status).toBe(201);
    const zip = buildZip([
      { name: 'locales/en.json', data: EN_JSON },
      { name: 'locales/cs.json', data: CS_JSON },
      { name: 'locales/de.json', data: DE_JSON },
    ]);
    const form = multipart({ name: 'Keys', slug: 'keys', file_format: 'json', filemask: 'locales/*.json', template: 'locales/en.json' }, { zipfile: { name: 'keys.zip', data: zip } });
    expect((await s.api('/api/projects/up/components/', { method: 'POST', body: form })).status).toBe(201);
  });
  afterAll(async () => s?.close());

  it('method=replace: the translation takes the uploaded file\'s strings, untranslated ones included', async () => {
    const withNew = `${CS_PO}\nmsgid "Testing"\nmsgstr ""\n`;
    const res = await upload('up/rep/cs', { method: 'replace' }, 'cs.po', withNew);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 5, count: 5, not_found: 0, result: true, skipped: 0, total: 5 });
    expect(await info('up/rep/cs')).toMatchObject({ total: 5, translated: 2, fuzzy: 1 });
    const testing = (await units('up/rep/cs')).find((u) => u.source[0] === 'Testing');
    expect(testing).toMatchObject({ target: [''], state: 0 });
    // The source gains the string; the other bilingual translation follows its own file.
    expect((await info('up/rep/en')).total).toBe(5);
    expect((await info('up/rep/de')).total).toBe(4);
    expect(await file('up/rep/cs')).toBe(withNew);
    const actions = await changeActions('rep');
    expect(actions).toContain(54); // Translation replaced file by upload
    expect(actions).toContain(73); // String added in the upload
    expect(actions).toContain(78); // File uploaded
  });

  it('method=replace with fewer strings drops the ones the file no longer has', async () => {
    const two = `msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj"\n\nmsgid "Goodbye world"\nmsgstr "Sbohem"\n`;
    const res = await upload('up/rep/cs', { method: 'replace' }, 'cs.po', two);
    expect(res.body).toEqual({ accepted: 2, count: 2, not_found: 0, result: true, skipped: 0, total: 2 });
    expect(await info('up/rep/cs')).toMatchObject({ total: 2, translated: 2, fuzzy: 0 });
    expect((await units('up/rep/cs')).map((u) => [u.source[0], u.target[0], u.state])).toEqual([
      ['Hello', 'Ahoj', 20],
      ['Goodbye world', 'Sbohem', 20],
    ]);
    expect((await info('up/rep/de')).total).toBe(4);
    expect(await file('up/rep/cs')).toBe(two);
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });

  it('method=add adds new strings to the source and the uploaded translation only', async () => {
    expect((await s.api('/api/components/up/add/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const content = `${CS_PO}\nmsgid "Brand new"\nmsgstr "Zbrusu nový"\n\nmsgid "Still empty"\nmsgstr ""\n\n#, fuzzy\nmsgid "Fuzzy new"\nmsgstr "Nejasný"\n`;
    const res = await upload('up/add/cs', { method: 'add' }, 'cs.po', content);
    expect(res.status).toBe(200);
    // Existing strings are skipped, fuzzy entries (one of them existing) are left out with fuzzy="", every
    // entry counts in the total.
    expect(res.body).toEqual({ accepted: 2, count: 7, not_found: 0, result: true, skipped: 3, total: 7 });
    expect(await info('up/add/cs')).toMatchObject({ total: 6, translated: 3 });
    expect((await info('up/add/en')).total).toBe(6);
    expect((await info('up/add/de')).total).toBe(4);
    const cs = await units('up/add/cs');
    expect(cs.find((u) => u.source[0] === 'Brand new')).toMatchObject({ target: ['Zbrusu nový'], state: 20 });
    expect(cs.find((u) => u.source[0] === 'Still empty')).toMatchObject({ target: [''], state: 0 });
    expect(cs.find((u) => u.source[0] === 'Fuzzy new')).toBeUndefined();
    expect(await file('up/add/cs')).toContain('msgid "Brand new"\nmsgstr "Zbrusu nový"');
    expect(await file('up/add/de')).not.toContain('Brand new');
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });

  it('method=add with fuzzy=process adds fuzzy entries as translated strings', async () => {
    const content = `${CS_PO}\n#, fuzzy\nmsgid "Fuzzy new"\nmsgstr "Nejasný"\n`;
    const res = await upload('up/add/cs', { method: 'add', fuzzy: 'process' }, 'cs.po', content);
    expect(res.body).toEqual({ accepted: 1, count: 5, not_found: 0, result: true, skipped: 4, total: 5 });
    expect((await units('up/add/cs')).find((u) => u.source[0] === 'Fuzzy new')).toMatchObject({ target: ['Nejasný'], state: 20 });
    expect((await info('up/add/de')).total).toBe(4);
  });

  it('uploads to the source language of a bilingual component: source works, file methods need a file', async () => {
    expect((await s.api('/api/components/up/src/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const added = await upload('up/src/en', { method: 'add' }, 'app.pot', 'msgid "Hello"\nmsgstr ""\n\nmsgid "Other"\nmsgstr ""\n');
    expect(added.status).toBe(400);
    expect(added.body.errors[0]).toMatchObject({ attr: 'method', detail: 'No translation file, try using method=source.' });
    const pot = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Goodbye world"\nmsgstr ""\n\nmsgid "Fresh"\nmsgstr ""\n`;
    const res = await upload('up/src/en', { method: 'source' }, 'app.pot', pot);
    expect(res.body).toEqual({ accepted: 3, count: 3, not_found: 0, result: true, skipped: 0, total: 3 });
    expect((await info('up/src/en')).total).toBe(3);
    expect((await info('up/src/cs')).total).toBe(3);
  });

  it('method=add on the source language of a keyed component adds the key everywhere, its text as the source', async () => {
    expect((await s.api('/api/components/up/keys/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const res = await upload('up/keys/en', { method: 'add' }, 'en.json', '{\n  "hello": "Hello again",\n  "fresh": "Fresh text"\n}\n');
    expect(res.body).toEqual({ accepted: 1, count: 2, not_found: 0, result: true, skipped: 1, total: 2 });
    const en = await units('up/keys/en');
    expect(en.find((u) => u.context === 'fresh')).toMatchObject({ source: ['Fresh text'], target: ['Fresh text'] });
    expect(en.find((u) => u.context === 'hello')).toMatchObject({ source: ['Hello'], target: ['Hello'] });
    for (const lang of ['cs', 'de']) {
      expect((await units(`up/keys/${lang}`)).find((u) => u.context === 'fresh')).toMatchObject({ source: ['Fresh text'], target: [''], state: 0 });
    }
    expect(JSON.parse(await file('up/keys/en'))).toEqual({ hello: 'Hello', bye: 'Goodbye', fresh: 'Fresh text' });
  });

  it('method=replace on the base file of a keyed component: every translation follows its keys', async () => {
    const res = await upload('up/keys/en', { method: 'replace' }, 'en.json', '{\n  "hello": "Hello",\n  "later": "See you later"\n}\n');
    expect(res.body).toEqual({ accepted: 2, count: 2, not_found: 0, result: true, skipped: 0, total: 2 });
    expect((await info('up/keys/en')).total).toBe(2);
    expect(await info('up/keys/cs')).toMatchObject({ total: 2, translated: 1 });
    expect((await units('up/keys/de')).map((u) => [u.context, u.target[0]])).toEqual([
      ['hello', 'Hallo'],
      ['later', ''],
    ]);
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });
});
