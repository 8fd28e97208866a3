// Unit writes: PATCH/PUT rules, DELETE of source strings, adding strings, change records and exact counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { buildZip } from '../helpers/zip.js';
import { countersFrom } from '../../src/services/common/statistics-counters.js';

const MONO_EN = `msgid ""
msgstr ""
"Language: en\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "hello"
msgstr "Hello"

msgid "bye"
msgstr "Goodbye world"

msgid "open"
msgstr "Open"
`;

const MONO_CS = `msgid ""
msgstr ""
"Language: cs\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

msgid "hello"
msgstr "Ahoj"

msgid "bye"
msgstr "Sbohem"
`;

const MONO_DE = `msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "hello"
msgstr "Hallo"
`;

interface Unit {
  id: number;
  source: string[];
  target: string[];
  state: number;
  context: string;
  translated: boolean;
  approved: boolean;
  fuzzy: boolean;
  pending: boolean;
  explanation: string;
  extra_flags: string;
  position: number;
  id_hash: string;
  source_unit: string;
}

describe.each(DIALECTS)('unit edits on %s', (dialect) => {
  let s: TestServer;
  let userToken: string;

  const units = async (project: string, component: string, lang: string): Promise<Unit[]> => {
    const res = await s.api(`/api/translations/${project}/${component}/${lang}/units/?page_size=1000`);
    expect(res.status).toBe(200);
    return (await res.json()).results;
  };
  const unitOf = async (project: string, component: string, lang: string, source: string): Promise<Unit> => {
    const u = (await units(project, component, lang)).find((x) => x.source[0] === source);
    expect(u, `${lang}: ${source}`).toBeDefined();
    return u!;
  };
  const patch = (id: number, json: unknown, token?: string | null, method = 'PATCH') => s.api(`/api/units/${id}/`, { method, json, token });
  const errorsOf = async (res: Response) => (await res.json()).errors as { code: string; detail: string; attr: string | null }[];
  const expectError = async (res: Response, status: number, attr: string | null, detail: string, code?: string) => {
    expect(res.status, await res.clone().text()).toBe(status);
    const errors = await errorsOf(res);
    expect(errors[0]).toMatchObject({ attr, detail, ...(code ? { code } : {}) });
  };
  const changes = async (unitId?: number) => {
    let q = s.container.database.db.selectFrom('changes').selectAll().orderBy('id');
    if (unitId !== undefined) q = q.where('unit_id', '=', unitId);
    return q.execute();
  };
  const translationRow = (project: string, component: string, lang: string) =>
    s.container.database.db
      .selectFrom('translations')
      .innerJoin('components', 'components.id', 'translations.component_id')
      .innerJoin('projects', 'projects.id', 'components.project_id')
      .selectAll('translations')
      .where('projects.slug', '=', project)
      .where('components.slug', '=', component)
      .where('translations.language_code', '=', lang)
      .executeTakeFirstOrThrow();
  const expectExactCounters = async () => {
    const all = await s.container.database.db.selectFrom('translations').selectAll().execute();
    expect(all.length).toBeGreaterThan(0);
    for (const t of all) expect(countersFrom(t), `translation ${t.id} (${t.language_code})`).toEqual(await s.container.stats.recount(t.id));
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    userToken = await s.createUser('translator');
    expect((await createProject(s, 'bi')).status).toBe(201);
    expect((await createPoComponent(s, 'bi')).status).toBe(201);
    expect((await createProject(s, 'mono')).status).toBe(201);
    const zip = buildZip([
      { name: 'po/en.po', data: MONO_EN },
      { name: 'po/cs.po', data: MONO_CS },
      { name: 'po/de.po', data: MONO_DE },
    ]);
    const res = await s.api('/api/projects/mono/components/', {
      method: 'POST',
      body: multipart({ name: 'Mono', slug: 'app', file_format: 'po-mono', filemask: 'po/*.po', template: 'po/en.po' }, { zipfile: { name: 'm.zip', data: zip } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(() => s.close());

  it('translates with PATCH: state/target pairs, change actions, pending and counters', async () => {
    const open = await unitOf('bi', 'app', 'cs', 'Open');
    expect(open.state).toBe(0);
    const before = await translationRow('bi', 'app', 'cs');

    let res = await patch(open.id, { target: ['Otevřít'], state: 20 });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: open.id, target: ['Otevřít'], state: 20, translated: true, approved: false, fuzzy: false, pending: true });
    expect(body.url).toMatch(new RegExp(`/api/units/${open.id}/$`));
    // GET shows the same object.
    expect(await (await s.api(`/api/units/${open.id}/`)).json()).toEqual(body);
    const after = await translationRow('bi', 'app', 'cs');
    expect(after.translated).toBe(before.translated + 1);
    expect(after.translated_words).toBe(before.translated_words + 1);

    res = await patch(open.id, { target: ['Otevři'], state: 20 });
    expect(res.status).toBe(200);
    res = await patch(open.id, { target: ['Otevři'], state: 10 });
    expect((await res.json()).fuzzy).toBe(true);
    expect((await translationRow('bi', 'app', 'cs')).fuzzy).toBe(before.fuzzy + 1);
    // Leading and trailing whitespace follows the source ("Open" has none); the text itself is kept.
    res = await patch(open.id, { target: ['  Otevři \n'], state: 20 });
    expect((await res.json()).target).toEqual(['Otevři']);
    // Emptying a translation: state 0 with blank target.
    res = await patch(open.id, { target: [''], state: 0 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ target: [''], state: 0, translated: false });
    expect((await translationRow('bi', 'app', 'cs')).translated).toBe(before.translated);

    const actions = (await changes(open.id)).map((c) => c.action);
    expect(actions).toEqual([5, 2, 37, 2, 2]);
    await expectExactCounters();
  });

  it('checks plural count, read-only, missing state/target, manual and invalid states, empty pairs', async () => {
    const plural = await unitOf('bi', 'app', 'cs', 'One file');
    await expectError(await patch(plural.id, { target: ['a', 'b'], state: 20 }), 400, 'target', 'Number of plurals does not match');
    let res = await patch(plural.id, { target: ['a', 'b', 'c'], state: 20 });
    expect(res.status).toBe(200);
    const dePlural = await unitOf('bi', 'app', 'de', 'One file');
    await expectError(await patch(dePlural.id, { target: ['a', 'b', 'c'], state: 20 }), 400, 'target', 'Number of plurals does not match');

    const source = await unitOf('bi', 'app', 'en', 'Hello');
    expect(source.state).toBe(100);
    await expectError(await patch(source.id, { target: ['Hi'], state: 20 }), 403, null, 'The string is read-only.', 'permission_denied');

    const hello = await unitOf('bi', 'app', 'cs', 'Hello');
    // An empty list is checked for its plural count first.
    await expectError(await patch(hello.id, { target: [], state: 20 }), 400, 'target', 'Number of plurals does not match');
    for (const json of [{ target: ['x'] }, { state: 20 }]) {
      res = await patch(hello.id, json);
      expect(res.status).toBe(400);
      expect(await errorsOf(res)).toEqual([
        { code: 'invalid', detail: 'Please provide both state and target for a partial update', attr: 'state' },
        { code: 'invalid', detail: 'Please provide both state and target for a partial update', attr: 'target' },
      ]);
    }
    await expectError(await patch(hello.id, { target: ['x'], state: 11 }), 400, 'state', 'This state cannot be set manually.');
    await expectError(await patch(hello.id, { target: ['x'], state: 12 }), 400, 'state', 'This state cannot be set manually.');
    await expectError(await patch(hello.id, { target: ['x'], state: 100 }), 400, 'state', 'Invalid state');
    await expectError(await patch(hello.id, { target: ['x'], state: 5 }), 400, 'state', 'Invalid state');
    await expectError(await patch(hello.id, { target: ['x'], state: 'abc' }), 400, 'state', 'A valid integer is required.');
    await expectError(await patch(hello.id, { target: ['x'], state: 0 }), 400, 'state', 'Can not use empty state with non empty target');
    await expectError(await patch(hello.id, { target: [''], state: 20 }), 400, 'state', 'Can not use non empty state with empty target');
    await expectError(await patch(hello.id, { target: ['  '], state: 0 }), 400, 'state', 'Can not use empty state with non empty target');
    // A string state is a valid integer (form-style).
    res = await patch(hello.id, { target: ['Nazdar'], state: '20' });
    expect(res.status).toBe(200);
    expect((await unitOf('bi', 'app', 'cs', 'Hello')).target).toEqual(['Nazdar']);
    await expectExactCounters();
  });

  it('takes a JSON list or a single multipart value for target', async () => {
    const hello = await unitOf('bi', 'app', 'de', 'Hello');
    await expectError(await patch(hello.id, { target: 'Servus', state: 20 }), 400, 'target', 'Expected a list of items but got type "str".', 'not_a_list');
    await expectError(await patch(hello.id, { target: [{}], state: 20 }), 400, 'target.0', 'Not a valid string.');
    let res = await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', body: multipart({ target: 'Servus', state: '20' }, {}) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).target).toEqual(['Servus']);
    const form = new URLSearchParams({ target: 'Grüß Gott', state: '10' });
    res = await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ target: ['Grüß Gott'], state: 10 });
    // Plural forms in multipart: the field repeated.
    const plural = await unitOf('bi', 'app', 'de', 'One file');
    const fd = new FormData();
    fd.append('target', 'Eine Datei');
    fd.append('target', '%d Dateien!');
    fd.append('state', '20');
    res = await s.api(`/api/units/${plural.id}/`, { method: 'PATCH', body: fd });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).target).toEqual(['Eine Datei', '%d Dateien!']);
    await expectError(await s.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: ['x'] }), 400, 'non_field_errors', 'Invalid data. Expected a dictionary, but got list.');
  });

  it('allows source properties only on source strings; label ids must be the project\'s', async () => {
    const cs = await unitOf('bi', 'app', 'cs', 'Hello');
    for (const json of [{ explanation: 'x' }, { extra_flags: 'max-length:10' }, { labels: [] }, { explanation: 'x', target: ['y'], state: 20 }]) {
      await expectError(await patch(cs.id, json), 403, null, 'Source strings properties can be set only on source strings', 'permission_denied');
    }
    // PUT needs target and labels; with them it counts as a source edit, so a non-source unit is refused.
    let res = await patch(cs.id, { state: 20 }, undefined, 'PUT');
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).map((e) => [e.attr, e.code])).toEqual([
      ['target', 'required'],
      ['labels', 'required'],
    ]);
    await expectError(await patch(cs.id, { target: ['Ahoj'], state: 20, labels: [] }, undefined, 'PUT'), 403, null, 'Source strings properties can be set only on source strings');

    const en = await unitOf('bi', 'app', 'en', 'Goodbye world');
    res = await patch(en.id, { explanation: 'Said when leaving', extra_flags: 'max-length:40' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ explanation: 'Said when leaving', extra_flags: 'max-length:40', state: 100 });
    res = await patch(en.id, { explanation: 'Said when leaving', labels: [] });
    expect(res.status).toBe(200);
    expect((await changes(en.id)).map((c) => [c.action, c.target])).toEqual([
      [66, 'Said when leaving'],
      [79, 'max-length:40'],
    ]);
    // PUT on a source unit: labels [] is fine, but the target/state pair hits the read-only source.
    await expectError(await patch(en.id, { target: ['Goodbye world'], state: 20, labels: [] }, undefined, 'PUT'), 403, null, 'The string is read-only.');
    // This project has no labels: id 1 is unknown to it.
    await expectError(await patch(en.id, { labels: [1] }), 400, 'labels', 'Invalid pk "1" - object does not exist.', 'does_not_exist');
    await expectError(await patch(en.id, { labels: ['x'] }), 400, 'labels', 'Incorrect type. Expected pk value, received str.', 'incorrect_type');
    await expectError(await patch(en.id, { labels: 1 }), 400, 'labels', 'Expected a list of items but got type "int".', 'not_a_list');
    await expectError(await patch(en.id, { extra_flags: 'x'.repeat(501) }), 400, 'extra_flags', 'Ensure this field has no more than 500 characters.', 'max_length');
    // Translations do not show the source unit's explanation.
    expect((await unitOf('bi', 'app', 'cs', 'Goodbye world')).explanation).toBe('');
  });

  it('needs review permission for approving and for changing approved strings', async () => {
    const hello = await unitOf('bi', 'app', 'cs', 'Hello');
    await expectError(await patch(hello.id, { target: ['Ahoj'], state: 30 }), 400, 'state', 'Translation reviews are turned off.');
    expect((await s.api('/api/projects/bi/', { method: 'PATCH', json: { translation_review: true } })).status).toBe(200);
    let res = await patch(hello.id, { target: ['Ahoj'], state: 30 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ state: 30, approved: true, translated: true });
    expect((await changes(hello.id)).at(-1)!.action).toBe(36);

    // A translator (public project) translates, but neither approves nor edits approved strings.
    const bye = await unitOf('bi', 'app', 'cs', 'Goodbye world');
    res = await patch(bye.id, { target: ['Na shledanou'], state: 20 }, userToken);
    expect(res.status, await res.clone().text()).toBe(200);
    await expectError(await patch(bye.id, { target: ['Na shledanou'], state: 30 }, userToken), 400, 'state', 'Insufficient privileges for approving translations.');
    await expectError(
      await patch(hello.id, { target: ['Čau'], state: 20 }, userToken),
      403,
      null,
      'Only reviewers can change approved strings. Please add a suggestion if you think the string should be changed.',
    );
    const en = await unitOf('bi', 'app', 'en', 'Hello');
    await expectError(await patch(en.id, { explanation: 'x' }, userToken), 403, null, 'Source strings properties can be set only on source strings');
    expect((await s.api(`/api/units/${en.id}/`, { method: 'DELETE', token: userToken })).status).toBe(403);
    const add = await s.api('/api/translations/bi/app/en/units/', { method: 'POST', json: { source: 'From user' }, token: userToken });
    expect(add.status).toBe(403);
    // Anonymous writes: 401; unknown units: 404; hidden projects: 404.
    expect((await patch(bye.id, { target: ['x'], state: 20 }, null)).status).toBe(401);
    expect((await s.api(`/api/units/${bye.id}/`, { method: 'DELETE', token: null })).status).toBe(401);
    expect((await patch(999999, { target: ['x'], state: 20 })).status).toBe(404);
    expect((await patch(Number.NaN, { target: ['x'], state: 20 })).status).toBe(404);
    expect((await s.api('/api/projects/bi/', { method: 'PATCH', json: { access_control: 100 } })).status).toBe(200);
    expect((await patch(bye.id, { target: ['x'], state: 20 }, userToken)).status).toBe(404);
    expect((await s.api('/api/translations/bi/app/en/units/', { method: 'POST', json: { source: 'x' }, token: userToken })).status).toBe(404);
    expect((await s.api('/api/projects/bi/', { method: 'PATCH', json: { access_control: 0, translation_review: false } })).status).toBe(200);
    await expectExactCounters();
  });

  it('adds bilingual strings to the source and to other languages', async () => {
    // Manage strings is off for bilingual components: only the source language takes new strings.
    await expectError(
      await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: 'Cat', target: 'Kočka' } }),
      403,
      null,
      'Adding strings is disabled in the component configuration.',
    );
    const totals = async () => Object.fromEntries(await Promise.all(['en', 'cs', 'de'].map(async (l) => [l, (await translationRow('bi', 'app', l)).total])));
    const before = await totals();
    let res = await s.api('/api/translations/bi/app/en/units/', { method: 'POST', json: { source: 'New string', context: 'ctx' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const added = await res.json();
    expect(added).toMatchObject({ source: ['New string'], target: ['New string'], context: 'ctx', state: 100, pending: true });
    expect(added.source_unit).toBe(added.url);
    expect(await totals()).toEqual({ en: before.en + 1, cs: before.cs + 1, de: before.de + 1 });
    const csNew = await unitOf('bi', 'app', 'cs', 'New string');
    expect(csNew).toMatchObject({ state: 0, target: [''], context: 'ctx', source_unit: added.url, id_hash: added.id_hash });
    expect(csNew.position).toBe(Math.max(...(await units('bi', 'app', 'cs')).map((u) => u.position)));
    expect((await changes(added.id)).map((c) => c.action)).toEqual([13]);

    await expectError(
      await s.api('/api/translations/bi/app/en/units/', { method: 'POST', json: { source: ['New string'], context: 'ctx' } }),
      400,
      'non_field_errors',
      'This string seems to already exist.',
    );
    // Same source, other context: a different string.
    res = await s.api('/api/translations/bi/app/en/units/', { method: 'POST', json: { source: ['New string'] } });
    expect(res.status).toBe(200);

    expect((await s.api('/api/components/bi/app/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    await expectError(await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: 'Cat' } }), 400, 'target', 'This field is required.', 'required');
    await expectError(await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { target: 'x' } }), 400, 'source', 'This field is required.', 'required');
    await expectError(await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: 'Cat', target: 'Kočka', state: 100 } }), 400, 'state', '"100" is not a valid choice.', 'invalid_choice');
    await expectError(await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: 'Cat', target: 'Kočka', state: 30 } }), 400, 'state', 'Translation reviews are turned off.');
    await expectError(
      await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: ['One cat', '%d cats'], target: ['a', 'b'], state: 20 } }),
      400,
      'target',
      'Number of plurals does not match',
    );
    res = await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: ['One cat', '%d cats'], target: ['Kočka', '%d kočky', '%d koček'], state: 20 } });
    expect(res.status, await res.clone().text()).toBe(200);
    const cat = await res.json();
    expect(cat).toMatchObject({ source: ['One cat', '%d cats'], target: ['Kočka', '%d kočky', '%d koček'], state: 20, translated: true, language_code: 'cs' });
    const enCat = await unitOf('bi', 'app', 'en', 'One cat');
    expect(enCat).toMatchObject({ state: 100, target: ['One cat', '%d cats'] });
    expect(cat.source_unit).toBe(`${s.url}/api/units/${enCat.id}/`);
    expect((await unitOf('bi', 'app', 'de', 'One cat'))).toMatchObject({ state: 0, target: ['', ''] });
    expect((await changes(enCat.id)).map((c) => c.action)).toEqual([13]);
    expect((await changes(cat.id)).map((c) => c.action)).toEqual([31]);
    // Already in cs; adding it to de (which has its empty unit) is a duplicate too.
    await expectError(
      await s.api('/api/translations/bi/app/de/units/', { method: 'POST', json: { source: ['One cat', '%d cats'], target: ['x', 'y'] } }),
      400,
      'non_field_errors',
      'This string seems to already exist.',
    );
    // Multipart with single values.
    res = await s.api('/api/translations/bi/app/de/units/', { method: 'POST', body: multipart({ source: 'Dog', target: 'Hund', state: '10' }, {}) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ source: ['Dog'], target: ['Hund'], state: 10, fuzzy: true });
    expect((await unitOf('bi', 'app', 'cs', 'Dog'))).toMatchObject({ state: 0, target: [''] });
    await expectExactCounters();
  });

  it('deletes source strings from every language', async () => {
    const cs = await unitOf('bi', 'app', 'cs', 'Dog');
    await expectError(await s.api(`/api/units/${cs.id}/`, { method: 'DELETE' }), 403, null, 'You do not have permission to perform this action.');
    const en = await unitOf('bi', 'app', 'en', 'Dog');
    const totals = async () => Promise.all(['en', 'cs', 'de'].map(async (l) => (await translationRow('bi', 'app', l)).total));
    const before = await totals();
    const res = await s.api(`/api/units/${en.id}/`, { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await totals()).toEqual(before.map((n) => n - 1));
    for (const l of ['en', 'cs', 'de']) expect((await units('bi', 'app', l)).some((u) => u.source[0] === 'Dog')).toBe(false);
    expect((await s.api(`/api/units/${en.id}/`)).status).toBe(404);
    const removed = await s.container.database.db.selectFrom('changes').selectAll().where('action', '=', 63).execute();
    expect(removed).toHaveLength(3);
    expect(removed.every((c) => c.target === 'Dog')).toBe(true);
    const removals = await s.container.database.db.selectFrom('unit_removals').selectAll().where('id_hash', '=', en.id_hash).execute();
    expect(removals).toHaveLength(3);

    // Without "manage strings", deleting is refused.
    expect((await s.api('/api/components/bi/app/', { method: 'PATCH', json: { manage_units: false } })).status).toBe(200);
    const hello = await unitOf('bi', 'app', 'en', 'Hello');
    await expectError(await s.api(`/api/units/${hello.id}/`, { method: 'DELETE' }), 403, null, 'Adding strings is disabled in the component configuration.');
    await expectExactCounters();
  });

  it('edits, adds and deletes monolingual strings through the template', async () => {
    const enHello = await unitOf('mono', 'app', 'en', 'Hello');
    expect(enHello.state).toBe(20);
    const csHello = await unitOf('mono', 'app', 'cs', 'Hello');
    expect(csHello).toMatchObject({ state: 20, target: ['Ahoj'], context: 'hello' });

    // Changing the template text changes every translation's source; translated strings need editing.
    let res = await patch(enHello.id, { target: ['Hello there'], state: 20 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ source: ['Hello there'], target: ['Hello there'], state: 20 });
    const csAfter = await (await s.api(`/api/units/${csHello.id}/`)).json();
    expect(csAfter).toMatchObject({ source: ['Hello there'], target: ['Ahoj'], state: 10, previous_source: 'Hello', fuzzy: true });
    expect((await changes(enHello.id)).map((c) => c.action)).toEqual([30]);
    await expectExactCounters();

    // Strings are added to the template only.
    await expectError(await s.api('/api/translations/mono/app/cs/units/', { method: 'POST', json: { key: 'new', value: 'Nový' } }), 403, null, 'Add the string to the source language instead.');
    await expectError(await s.api('/api/translations/mono/app/en/units/', { method: 'POST', json: { value: 'x' } }), 400, 'key', 'This field is required.', 'required');
    await expectError(await s.api('/api/translations/mono/app/en/units/', { method: 'POST', json: { key: '', value: 'x' } }), 400, 'key', 'This field may not be blank.', 'blank');
    await expectError(await s.api('/api/translations/mono/app/en/units/', { method: 'POST', json: { key: 'hello', value: 'x' } }), 400, 'non_field_errors', 'This string seems to already exist.');
    res = await s.api('/api/translations/mono/app/en/units/', { method: 'POST', json: { key: 'files', value: ['One file', '%d files'] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const files = await res.json();
    expect(files).toMatchObject({ context: 'files', source: ['One file', '%d files'], target: ['One file', '%d files'], state: 20, language_code: 'en' });
    expect(await unitOf('mono', 'app', 'cs', 'One file')).toMatchObject({ target: ['', '', ''], state: 0, context: 'files' });
    expect(await unitOf('mono', 'app', 'de', 'One file')).toMatchObject({ target: ['', ''], state: 0 });
    res = await s.api('/api/translations/mono/app/en/units/', { method: 'POST', json: { key: 'later', value: 'Later', state: 10 } });
    expect(await res.json()).toMatchObject({ state: 10, fuzzy: true });
    expect((await changes(files.id)).map((c) => c.action)).toEqual([13]);
    await expectExactCounters();

    // The new string is translated like any other.
    const csFiles = await unitOf('mono', 'app', 'cs', 'One file');
    res = await patch(csFiles.id, { target: ['Soubor', 'Soubory', 'Souborů'], state: 20 });
    expect(res.status).toBe(200);

    // Deleting: translations refuse, the template removes it everywhere.
    await expectError(await s.api(`/api/units/${csFiles.id}/`, { method: 'DELETE' }), 403, null, 'Add the string to the source language instead.');
    res = await s.api(`/api/units/${files.id}/`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    for (const l of ['en', 'cs', 'de']) expect((await units('mono', 'app', l)).some((u) => u.context === 'files')).toBe(false);
    await expectExactCounters();
  });

  it('keeps every counter exact through a series of edits, adds and deletes', async () => {
    expect((await s.api('/api/components/bi/app/', { method: 'PATCH', json: { manage_units: true } })).status).toBe(200);
    const added: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await s.api('/api/translations/bi/app/cs/units/', { method: 'POST', json: { source: `Series ${i} words here`, target: i % 2 ? `Řada ${i}` : '', state: i % 2 ? 20 : 0 } });
      expect(res.status, await res.clone().text()).toBe(200);
      added.push((await unitOf('bi', 'app', 'en', `Series ${i} words here`)).id);
    }
    const deUnits = (await units('bi', 'app', 'de')).filter((u) => u.state !== 100);
    for (const [i, u] of deUnits.entries()) {
      const plural = u.source.length > 1;
      const target = plural ? [`x${i}`, `y${i}`] : [`t${i}`];
      const state = [20, 10, 0, 20][i % 4];
      const res = await patch(u.id, { target: state === 0 ? target.map(() => '') : target, state });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    for (const id of added.slice(0, 3)) expect((await s.api(`/api/units/${id}/`, { method: 'DELETE' })).status).toBe(204);
    const monoEn = await unitOf('mono', 'app', 'en', 'Goodbye world');
    expect((await patch(monoEn.id, { target: ['Goodbye, cruel world'], state: 20 })).status).toBe(200);
    await expectExactCounters();
    // The recount job finds nothing to correct.
    expect((await s.container.stats.recalculate()).corrected).toBe(0);
  });
});
