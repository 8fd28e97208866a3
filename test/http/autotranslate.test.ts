// Automatic translation: POST /api/translations/<p>/<c>/<l>/autotranslate/ — copying from
// other components, machine translation through a local LibreTranslate server, modes, validation, permissions,
// exact counters and change records; on every database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip } from '../helpers/zip.js';
import { recountTranslation } from '../../src/services/common/statistics-counters.js';

/** A LibreTranslate-speaking server: every text comes back as "<target>:<text>". */
async function fakeLibreTranslate(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string[]; target: string };
      hits.push(body.q.join('|'));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ translatedText: body.q.map((t) => `${body.target}:${t}`) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A second component: "OPEN" (other case) and "Goodbye world" translated, "Hello" translated differently. */
const LIB_POT = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Hello"
msgstr ""

msgid "Goodbye world"
msgstr ""

msgid "OPEN"
msgstr ""

msgid "Untranslated here"
msgstr ""
`;
const LIB_CS = `msgid ""
msgstr ""
"Language: cs\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

msgid "Hello"
msgstr "Nazdar"

msgid "Goodbye world"
msgstr "Nashledanou světe"

msgid "OPEN"
msgstr "Otevřít"

msgid "Untranslated here"
msgstr ""
`;

interface UnitJson {
  id: number;
  source: string[];
  target: string[];
  state: number;
  has_suggestion: boolean;
  automatically_translated: boolean;
}

describe.each(DIALECTS)('autotranslate on %s', (dialect) => {
  let s: TestServer;
  let lt: Awaited<ReturnType<typeof fakeLibreTranslate>>;
  const T = (p: string, c: string, l: string) => `/api/translations/${p}/${c}/${l}/`;
  const auto = (path: string, json: unknown, token?: string | null) => s.api(`${path}autotranslate/`, { method: 'POST', json, token });
  const units = async (path: string): Promise<UnitJson[]> => {
    const out: UnitJson[] = [];
    let next: string | null = `${path}units/?page_size=1000`;
    while (next) {
      const page = (await (await s.api(next)).json()) as { results: UnitJson[]; next: string | null };
      out.push(...page.results);
      next = page.next;
    }
    return out;
  };
  const bySource = async (path: string) => new Map((await units(path)).map((u) => [u.source[0]!, u]));
  const addLanguage = async (code: string) => expect((await s.api('/api/components/alpha/app/translations/', { method: 'POST', json: { language_code: code } })).status).toBe(201);
  /** The kept counters equal a recount of the units, and the API shows them. */
  const countersExact = async (path: string) => {
    const info = await (await s.api(path)).json();
    const recount = await recountTranslation(s.container.database.db, info.id);
    const row = await s.container.database.db.selectFrom('translations').selectAll().where('id', '=', info.id).executeTakeFirstOrThrow();
    for (const [k, v] of Object.entries(recount)) expect(Number(row[k as keyof typeof row]), k).toBe(v);
    const stats = await (await s.api(`${path}statistics/`)).json();
    expect(stats).toMatchObject({ total: recount.total, translated: recount.translated, fuzzy: recount.fuzzy, approved: recount.approved, suggestions: recount.suggestions });
    return recount;
  };
  const changes = async (path: string, action: number) => (await (await s.api(`${path}changes/?action=${action}&page_size=1000`)).json()).results as { action: number; target: string; unit: string | null }[];

  beforeAll(async () => {
    s = await startServer(dialect);
    lt = await fakeLibreTranslate();
    expect((await createProject(s, 'alpha')).status).toBe(201);
    expect((await createPoComponent(s, 'alpha', 'app')).status).toBe(201);
    const lib = buildZip([{ name: 'po/app.pot', data: LIB_POT }, { name: 'po/cs.po', data: LIB_CS }]);
    expect((await createPoComponent(s, 'alpha', 'lib', lib)).status).toBe(201);
    expect((await createProject(s, 'secret', { access_control: 100 })).status).toBe(201);
    expect((await createPoComponent(s, 'secret', 'app', poZip())).status).toBe(201);
    const res = await s.api('/api/projects/alpha/machinery/', { method: 'POST', json: { engine: 'libretranslate', configuration: { url: lt.url } } });
    expect(res.status, await res.clone().text()).toBe(201);
  });
  afterAll(async () => {
    await s?.close();
    await lt?.close();
  });

  it('copies identical strings from another component, only for the units q selects', async () => {
    const path = T('alpha', 'app', 'cs');
    const before = await countersExact(path);
    const res = await auto(path, { mode: 'translate', auto_source: 'others', component: 'lib', q: 'state:<translated', threshold: 80 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, 2 strings were updated.' });
    const u = await bySource(path);
    expect(u.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 20, automatically_translated: false }); // translated: not selected by q
    expect(u.get('Goodbye world')).toMatchObject({ target: ['Nashledanou světe'], state: 20, automatically_translated: true }); // was fuzzy
    expect(u.get('Open')).toMatchObject({ target: ['Otevřít'], state: 20 }); // "OPEN": compared case-insensitively
    const after = await countersExact(path);
    expect(after.translated).toBe(before.translated + 2);
    expect(after.fuzzy).toBe(before.fuzzy - 1);
    const auto6 = await changes(path, 6);
    expect(auto6.map((c) => c.target).sort()).toEqual(['Nashledanou světe', 'Otevřít']);
    // The reporting user's statistics count the strings translated.
    const admin = await (await s.api('/api/users/admin/statistics/')).json();
    expect(admin.translated).toBeGreaterThanOrEqual(2);
    // Nothing left to do: the same request changes nothing, also with the component by id, by path, or all of them.
    const libId = (await (await s.api('/api/components/alpha/lib/')).json()).id;
    for (const component of [libId, 'alpha/lib', '']) {
      const again = await auto(path, { mode: 'translate', auto_source: 'others', component, q: 'state:<translated' });
      expect(await again.json()).toEqual({ details: 'Automatic translation completed, no strings were updated.' });
    }
  });

  it('q can select translated strings too; legacy filter_type when q is absent', async () => {
    const path = T('alpha', 'app', 'cs');
    let res = await auto(path, { mode: 'fuzzy', auto_source: 'others', component: 'lib', filter_type: 'nottranslated' });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, no strings were updated.' });
    res = await auto(path, { mode: 'fuzzy', auto_source: 'others', component: 'lib', q: 'source:Hello' });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, 1 string was updated.' });
    expect((await bySource(path)).get('Hello')).toMatchObject({ target: ['Nazdar'], state: 10 });
    await countersExact(path);
  });

  it('machine translation: threshold, engines, fuzzy mode and plurals', async () => {
    await addLanguage('fr');
    const path = T('alpha', 'app', 'fr');
    // LibreTranslate answers with quality 89: a threshold of 90 keeps every answer out.
    let res = await auto(path, { mode: 'fuzzy', auto_source: 'mt', engines: ['libretranslate'], threshold: 90 });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, no strings were updated.' });
    expect(lt.hits.length).toBeGreaterThan(0);
    res = await auto(path, { mode: 'fuzzy', auto_source: 'mt', engines: ['libretranslate'], threshold: 89, q: '' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, 4 strings were updated.' });
    const u = await bySource(path);
    expect(u.get('Hello')).toMatchObject({ target: ['fr:Hello'], state: 10, automatically_translated: true });
    expect(u.get('One file')).toMatchObject({ target: ['fr:One file', 'fr:%d files'], state: 10 });
    const c = await countersExact(path);
    expect(c.fuzzy).toBe(4);
    expect((await changes(path, 6)).length).toBe(4);
  });

  it('suggest mode adds suggestions once, leaves the strings alone and keeps the counter right', async () => {
    await addLanguage('it');
    const path = T('alpha', 'app', 'it');
    let res = await auto(path, { mode: 'suggest', auto_source: 'mt', engines: 'libretranslate', threshold: 80 });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, 4 strings were updated.' });
    const u = await bySource(path);
    expect(u.get('Hello')).toMatchObject({ target: [''], state: 0, has_suggestion: true });
    const rows = await s.container.database.db.selectFrom('suggestions').select(['unit_id', 'target']).where('unit_id', '=', u.get('Hello')!.id).execute();
    expect(rows.map((r) => r.target)).toEqual(['it:Hello']);
    const c = await countersExact(path);
    expect(c.suggestions).toBe(4);
    expect(c.translated).toBe(0);
    expect((await changes(path, 4)).length).toBe(4);
    // Units with suggestions are not considered again.
    res = await auto(path, { mode: 'suggest', auto_source: 'mt', engines: ['libretranslate'] });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, no strings were updated.' });
    expect((await countersExact(path)).suggestions).toBe(4);
  });

  it('approved mode gives translated strings when reviews are off; read-only strings are never touched; too long ones become suggestions', async () => {
    await addLanguage('es');
    const path = T('alpha', 'app', 'es');
    const ids = await units(path);
    await s.container.database.db.updateTable('units').set({ state: 100 }).where('id', '=', ids.find((x) => x.source[0] === 'Hello')!.id).execute();
    // Too long for its max-length flag: becomes a suggestion instead.
    await s.container.database.db.updateTable('units').set({ extra_flags: 'max-length:10' }).where('id', '=', ids.find((x) => x.source[0] === 'Goodbye world')!.id).execute();
    const tid = (await (await s.api(path)).json()).id;
    const counters = await recountTranslation(s.container.database.db, tid);
    await s.container.database.db.updateTable('translations').set(counters).where('id', '=', tid).execute();
    const res = await auto(path, { mode: 'approved', auto_source: 'mt', engines: ['libretranslate'], q: '' });
    expect(await res.json()).toEqual({ details: 'Automatic translation completed, 3 strings were updated.' });
    const u = await bySource(path);
    expect(u.get('Hello')).toMatchObject({ target: [''], state: 100 });
    expect(u.get('Open')).toMatchObject({ target: ['es:Open'], state: 20 });
    expect(u.get('Goodbye world')).toMatchObject({ target: [''], state: 0, has_suggestion: true });
    expect((await countersExact(path)).suggestions).toBe(1);
    await countersExact(path);
  });

  it('runs big translations as a task', async () => {
    await addLanguage('pt');
    const path = T('alpha', 'app', 'pt');
    s.container.autotranslate.syncLimit = 2;
    try {
      const res = await auto(path, { mode: 'translate', auto_source: 'mt', engines: ['libretranslate'] });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.details).toBe('Automatic translation queued, 4 strings selected.');
      expect(body.task_url).toMatch(/\/api\/tasks\/[0-9a-f-]{36}\/$/);
      await s.container.tasks.idle();
      const task = await (await s.api(new URL(body.task_url).pathname)).json();
      expect(task).toMatchObject({ completed: true, result: { details: 'Automatic translation completed, 4 strings were updated.', updated: 4 } });
    } finally {
      s.container.autotranslate.syncLimit = 1000;
    }
    expect((await countersExact(path)).translated).toBe(4);
  });

  it('validates every field', async () => {
    const path = T('alpha', 'app', 'cs');
    const attrs = async (json: unknown) => {
      const res = await auto(path, json);
      expect(res.status).toBe(400);
      return ((await res.json()).errors as { attr: string }[]).map((e) => e.attr).sort();
    };
    expect(await attrs({})).toEqual(['auto_source', 'mode']);
    expect(await attrs({ mode: 'bogus', auto_source: 'others' })).toEqual(['mode']);
    expect(await attrs({ mode: 'translate', auto_source: 'elsewhere' })).toEqual(['auto_source']);
    for (const threshold of [0, 101, 'x']) expect(await attrs({ mode: 'translate', auto_source: 'others', threshold })).toEqual(['threshold']);
    expect(await attrs({ mode: 'translate', auto_source: 'others', component: 'nope' })).toEqual(['component']);
    // A component of another project only when it allows propagation (stand-in for "contribute to shared TM").
    const secretApp = (await (await s.api('/api/components/secret/app/')).json()).id as number;
    await s.container.database.db.updateTable('components').set({ allow_translation_propagation: 0 }).where('id', '=', secretApp).execute();
    expect(await attrs({ mode: 'translate', auto_source: 'others', component: 'secret/app' })).toEqual(['component']);
    await s.container.database.db.updateTable('components').set({ allow_translation_propagation: 1 }).where('id', '=', secretApp).execute();
    expect((await auto(path, { mode: 'translate', auto_source: 'others', component: 'secret/app' })).status).toBe(200);
    expect(await attrs({ mode: 'translate', auto_source: 'mt', engines: ['nope'] })).toEqual(['engines']);
    expect(await attrs({ mode: 'translate', auto_source: 'mt', engines: [] })).toEqual(['engines']);
    expect(await attrs({ mode: 'translate', auto_source: 'others', q: 'bogus:field' })).toEqual(['q']);
    expect(await attrs({ mode: 'translate', auto_source: 'others', filter_type: 'bogus' })).toEqual(['filter_type']);
    // Form bodies work too.
    const form = new URLSearchParams({ mode: 'translate', auto_source: 'others', component: 'lib', threshold: '100' });
    const res = await s.api(`${path}autotranslate/`, { method: 'POST', body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).details).toMatch(/^Automatic translation completed/);
  });

  it('language-limited teams, suggest-only actors, and approved strings where reviews are on', async () => {
    expect((await createProject(s, 'rev', { translation_review: true })).status).toBe(201);
    expect((await createPoComponent(s, 'rev', 'app')).status).toBe(201);
    const json = async (res: Response | Promise<Response>) => {
      const r = await res;
      expect(r.status, await r.clone().text()).toBeLessThan(300);
      return r.status === 204 ? null : r.json();
    };
    const projectId = (await json(s.api('/api/projects/rev/'))).id;
    const role = await json(s.api('/api/roles/', { method: 'POST', json: { name: 'Auto only', permissions: ['translation.auto'] } }));
    const team = await json(s.api('/api/groups/', { method: 'POST', json: { name: 'Czech auto', project_selection: 0, language_selection: 0 } }));
    await json(s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: role.id } }));
    await json(s.api(`/api/groups/${team.id}/projects/`, { method: 'POST', json: { project_id: projectId } }));
    await json(s.api(`/api/groups/${team.id}/languages/`, { method: 'POST', json: { language_code: 'cs' } }));
    const token = await s.createUser('autobot');
    await json(s.api('/api/users/autobot/groups/', { method: 'POST', json: { group_id: team.id } }));
    // Out of the default Users team (Power user on public projects): no right to edit strings directly.
    const users = (await json(s.api('/api/groups/?page_size=1000'))).results.find((g: { name: string; defining_project: string | null }) => g.name === 'Users' && !g.defining_project);
    await json(s.api('/api/users/autobot/groups/', { method: 'DELETE', json: { group_id: users.id } }));

    const cs = T('rev', 'app', 'cs');
    const body = { auto_source: 'others', component: 'alpha/app', q: '' };
    let res = await auto(T('rev', 'app', 'de'), { ...body, mode: 'suggest' }, token);
    expect(res.status).toBe(403); // the team covers Czech only
    expect((await res.json()).detail).toBe('Can not auto translate');
    res = await auto(cs, { ...body, mode: 'translate' }, token);
    expect(res.status).toBe(403);
    res = await auto(cs, { ...body, mode: 'approved' }, token);
    expect(res.status).toBe(400); // approved is offered to reviewers only
    expect((await res.json()).errors.map((e: { attr: string }) => e.attr)).toEqual(['mode']);
    res = await auto(cs, { ...body, mode: 'suggest' }, token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await bySource(cs)).get('Open')).toMatchObject({ state: 0, has_suggestion: true });
    await countersExact(cs);

    // A reviewer (the superuser) approves: the strings become approved because reviews are on.
    res = await auto(cs, { ...body, mode: 'approved', q: 'state:<translated' });
    expect(res.status, await res.clone().text()).toBe(200);
    const u = await bySource(cs);
    expect(u.get('Open')).toMatchObject({ target: ['Otevřít'], state: 30 });
    expect(u.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 20 }); // translated: not selected
    await countersExact(cs);
  });

  it('checks permissions and locks', async () => {
    const path = T('alpha', 'app', 'cs');
    const body = { mode: 'translate', auto_source: 'others', component: 'lib' };
    expect((await auto(path, body, null)).status).toBe(401);
    const plain = await s.createUser(`plain${dialect}`);
    let res = await auto(path, body, plain);
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toBe('Can not auto translate');
    expect((await auto(T('secret', 'app', 'cs'), body, plain)).status).toBe(404);
    const db = s.container.database.db;
    await db.updateTable('components').set({ locked: 1 }).where('slug', '=', 'app').execute();
    try {
      res = await auto(path, body);
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBe('Component is locked');
    } finally {
      await db.updateTable('components').set({ locked: 0 }).where('slug', '=', 'app').execute();
    }
  });
});
