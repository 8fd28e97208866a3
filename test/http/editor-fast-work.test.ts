// Fast work in the editor over HTTP: zen mode (page, fragment, saving with JSON and without JavaScript), bulk edit of
// state, flags and labels over a search, and search and replace with its preview — permissions, bad input, change records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, fieldError, joinTeam, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';

const HEAD = (lang: string) => `msgid ""
msgstr ""
"Language: ${lang}\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
`;
const MANY = Array.from({ length: 24 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`);
const POT = `${HEAD('en')}
msgid "Hello world"
msgstr ""

msgid "Goodbye world"
msgstr ""

msgid "Open"
msgstr ""
${MANY.map((s) => `\nmsgid "${s}"\nmsgstr ""\n`).join('')}`;
const CS = `${HEAD('cs')}
msgid "Hello world"
msgstr "Ahoj světe"

#, fuzzy
msgid "Goodbye world"
msgstr "Sbohem světe"

msgid "Open"
msgstr ""
${MANY.map((s) => `\nmsgid "${s}"\nmsgstr "${s} cs"\n`).join('')}`;

interface ApiUnit {
  id: number;
  source: string[];
  target: string[];
  state: number;
  extra_flags: string;
  labels: { id: number; name: string }[];
  source_unit: string;
}

describe.each(DIALECTS)('editor fast work on %s', (dialect) => {
  let s: TestServer;
  let tina: UiSession; // translator (the Users team)
  let boss: UiSession; // the project's Administration team: may bulk edit
  let labelId: number;

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const units = async () => (await json(await s.api('/api/translations/pub/app/cs/units/?page_size=100'))).results as ApiUnit[];
  const unit = async (source: string) => (await units()).find((u) => u.source[0] === source)!;
  const sourceUnit = async (u: ApiUnit) => (await json(await s.api(u.source_unit.replace(s.url, '')))) as ApiUnit;
  const changes = async (action: number) => (await json(await s.api(`/api/changes/?action=${action}&page_size=100`))).results as { unit: string | null; action: number; user: string | null }[];
  const zenPost = async (who: UiSession, fields: Record<string, string>, accept = 'application/json') => {
    const page = await who.get('/translate/pub/app/cs/?view=zen');
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    return fetch(`${s.url}/translate/pub/app/cs/zen/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: who.cookie, Origin: s.url, Accept: accept, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }),
    });
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    await json(await createProject(s, 'pub'), 201);
    await json(await createPoComponent(s, 'pub', 'app', buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: CS }])), 201);
    labelId = (await json(await s.api('/api/projects/pub/labels/', { method: 'POST', json: { name: 'Checked', color: 'green' } }), 201)).id;
    await userWithPassword(s, 'tina');
    await userWithPassword(s, 'boss');
    await joinTeam(s, 'boss', 'Administration', 'pub');
    tina = await signIn(s, 'tina');
    boss = await signIn(s, 'boss');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('shows zen mode as a page of editable rows with a fragment for the next ones', async () => {
    const page = await tina.get('/translate/pub/app/cs/?view=zen');
    expect(page.status).toBe(200);
    const hello = await unit('Hello world');
    expect(page.html).toContain(`id="zen-${hello.id}"`);
    expect(page.html).toMatch(new RegExp(`<textarea id="zen-${hello.id}-target-0" name="target_0"[^>]*data-zen-field[^>]*>\\nAhoj světe</textarea>`));
    expect(page.html).toContain('action="/translate/pub/app/cs/zen/"');
    // 27 strings, 20 a page: the link to the rest is a page for browsers without script and a fragment for zen.js.
    expect((page.html.match(/data-zen-row/g) ?? []).length).toBe(20);
    expect(page.html).toContain('href="/translate/pub/app/cs/?view=zen&offset=20"');
    expect(page.html).toContain('data-fragment="/translate/pub/app/cs/zen/rows/?offset=20"');
    const rest = await tina.get('/translate/pub/app/cs/zen/rows/?offset=20');
    expect(rest.status).toBe(200);
    expect((rest.html.match(/data-zen-row/g) ?? []).length).toBe(7);
    expect(rest.html).not.toContain('data-zen-more');
    expect(rest.html).not.toContain('<html');
    // A search narrows the list; anonymous visitors see the texts without forms.
    const searched = await tina.get(`/translate/pub/app/cs/?view=zen&q=${encodeURIComponent('source:world')}`);
    expect((searched.html.match(/data-zen-row/g) ?? []).length).toBe(2);
    const anon = await anonymous(s).get('/translate/pub/app/cs/?view=zen');
    expect(anon.status).toBe(200);
    expect(anon.html).not.toContain('data-zen-form');
    expect((await tina.get('/translate/pub/app/cs/?view=zen&q=state%3A%3C%3C')).status).toBe(400);
  });

  it('saves a zen row with a JSON answer, or a redirect without script, through the editor’s rules', async () => {
    const open = await unit('Open');
    const res = await zenPost(tina, { id: String(open.id), target_0: 'Otevřít', q: '', offset: '0' });
    const body = await json(res);
    expect(body).toMatchObject({ id: open.id, state: 20, target: ['Otevřít'] });
    expect(body.stateHtml).toContain('Translated');
    expect((await unit('Open')).target).toEqual(['Otevřít']);
    // The checkbox keeps it as needing editing.
    expect(await json(await zenPost(tina, { id: String(open.id), target_0: 'Otevři', fuzzy: '1' }))).toMatchObject({ state: 10 });
    // Without script: back to the page at the row.
    const plain = await zenPost(tina, { id: String(open.id), target_0: 'Otevřít', offset: '0' }, 'text/html');
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/translate/pub/app/cs/?view=zen&offset=0#zen-${open.id}`);
    expect((await unit('Open')).state).toBe(20);
  });

  it('refuses zen saves without permission or with bad input', async () => {
    const open = await unit('Open');
    // Anonymous: no session, no right to translate.
    const anon = await fetch(`${s.url}/translate/pub/app/cs/zen/`, {
      method: 'POST',
      headers: { Accept: 'application/json', Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: String(open.id), target_0: 'x' }),
    });
    expect(anon.status).toBe(403);
    expect((await anon.json()).detail).toBeTruthy();
    // A wrong CSRF token.
    const forged = await fetch(`${s.url}/translate/pub/app/cs/zen/`, {
      method: 'POST',
      headers: { Cookie: tina.cookie, Accept: 'application/json', Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: 'wrong', id: String(open.id), target_0: 'x' }),
    });
    expect(forged.status).toBe(403);
    // No such string, and a string of another translation.
    expect((await zenPost(tina, { id: 'abc', target_0: 'x' })).status).toBe(404);
    expect((await zenPost(tina, { id: String(open.source_unit.split('/').filter(Boolean).pop()), target_0: 'x' })).status).toBe(404);
    // Too long for the string's max-length flag: the service's 400, shown next to the row without script.
    await json(await s.api(`/api/units/${(await sourceUnit(open)).id}/`, { method: 'PATCH', json: { extra_flags: 'max-length:1' } }));
    const long = 'x'.repeat(1200);
    const refused = await zenPost(tina, { id: String(open.id), target_0: long });
    expect(refused.status).toBe(400);
    expect((await refused.json()).detail).toContain('too long');
    const page = await zenPost(tina, { id: String(open.id), target_0: long, offset: '0' }, 'text/html');
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`id="zen-${open.id}-status"[^>]*>[^<]*too long`));
    expect(html).toContain(`>\n${long}</textarea>`);
    expect((await unit('Open')).target).toEqual(['Otevřít']);
    await json(await s.api(`/api/units/${(await sourceUnit(open)).id}/`, { method: 'PATCH', json: { extra_flags: '' } }));
  });

  it('bulk edits the state over a search, with change records, for those allowed', async () => {
    const page = await boss.get(`/translate/pub/app/cs/bulk/?q=${encodeURIComponent('state:needs-editing')}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="bulk-form"');
    expect(page.html).toMatch(/id="matched">1 string matches the search\./);
    const before = (await changes(32)).length;
    const res = await boss.post('/translate/pub/app/cs/bulk/', { q: 'state:needs-editing', state: '20' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/translate/pub/app/cs/bulk/?q=state%3Aneeds-editing&done=bulk&changed=1&matched=1`);
    expect((await unit('Goodbye world')).state).toBe(20);
    const after = await changes(32);
    expect(after.length).toBe(before + 1);
    expect(after[0]!.unit).toContain(`/api/units/${(await unit('Goodbye world')).id}/`);
    const done = await boss.get(res.location!);
    expect(done.html).toMatch(/id="bulk-result"[^>]*>1 string changed/);
    // Empty strings are not made translated.
    const empty = await boss.post('/translate/pub/app/cs/bulk/', { q: 'state:empty', state: '20' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(empty.location).toContain('changed=0');
  });

  it('bulk edits flags and labels of the source strings', async () => {
    const q = 'source:world';
    const res = await boss.post(
      '/translate/pub/app/cs/bulk/',
      [
        ['q', q],
        ['state', '-1'],
        ['add_flags', 'max-length:80, ignore-same'],
        ['add_labels', String(labelId)],
      ],
      { from: '/translate/pub/app/cs/bulk/' },
    );
    expect(res.status).toBe(303);
    expect(res.location).toContain('changed=2');
    for (const source of ['Hello world', 'Goodbye world']) {
      const src = await sourceUnit(await unit(source));
      expect(src.extra_flags).toBe('max-length:80,ignore-same');
      expect((await unit(source)).labels.map((l) => l.name)).toEqual(['Checked']);
    }
    expect((await unit('Open')).labels).toEqual([]);
    expect((await changes(79)).length).toBeGreaterThanOrEqual(2);
    expect((await changes(86)).length).toBeGreaterThanOrEqual(2);
    // The editor shows the limit in the counter of the field.
    const editor = await boss.get(`/translate/pub/app/cs/?id=${(await unit('Hello world')).id}`);
    expect(editor.html).toContain('data-max="80"');
    expect(editor.html).toContain('Characters: 10 / 80 · words: 2');
    // The translations are checked against the new flags at once.
    const failing = async () => (await (await s.api(`/api/translations/pub/app/cs/units/?q=${encodeURIComponent('check:max-length')}`)).json()).count as number;
    expect(await failing()).toBe(0);
    const tight = await boss.post('/translate/pub/app/cs/bulk/', [['q', q], ['remove_flags', 'max-length'], ['add_flags', 'max-length:3']], { from: '/translate/pub/app/cs/bulk/' });
    expect(tight.status).toBe(303);
    expect((await sourceUnit(await unit('Hello world'))).extra_flags).toBe('ignore-same,max-length:3');
    expect(await failing()).toBe(2);
    // And removes them again.
    const undo = await boss.post(
      '/translate/pub/app/cs/bulk/',
      [
        ['q', q],
        ['remove_flags', 'ignore-same, max-length'],
        ['remove_labels', String(labelId)],
      ],
      { from: '/translate/pub/app/cs/bulk/' },
    );
    expect(undo.status).toBe(303);
    expect((await sourceUnit(await unit('Hello world'))).extra_flags).toBe('');
    expect((await unit('Hello world')).labels).toEqual([]);
    expect((await changes(87)).length).toBeGreaterThanOrEqual(2);
    expect(await failing()).toBe(0);
  });

  it('refuses bulk edits without permission and shows bad input next to the fields', async () => {
    // A translator has no bulk edit right: no form, and the post is refused.
    const page = await tina.get('/translate/pub/app/cs/bulk/');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('id="bulk-form"');
    expect(page.html).toContain('id="replace-form"');
    const refused = await tina.post('/translate/pub/app/cs/bulk/', { q: '', state: '10' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(refused.status).toBe(403);
    expect((await unit('Hello world')).state).toBe(20);
    const anon = await fetch(`${s.url}/translate/pub/app/cs/bulk/`, { method: 'POST', redirect: 'manual', headers: { Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'q=&state=10' });
    expect(anon.status).toBe(403);
    // Bad input from someone allowed.
    const bad = await boss.post('/translate/pub/app/cs/bulk/', { q: '', state: '99' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, 'state')).toBe('Choose a state from the list.');
    const empty = await boss.post('/translate/pub/app/cs/bulk/', { q: '', state: '-1' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.html, 'state')).toContain('Nothing to change');
    const query = await boss.post('/translate/pub/app/cs/bulk/', { q: 'state:<<', state: '10' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(query.status).toBe(400);
    expect(query.html).toContain('id="search-error"');
    const label = await boss.post('/translate/pub/app/cs/bulk/', { q: '', add_labels: '999999' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(label.status).toBe(400);
    expect(label.html).toContain('id="id_add_labels_error"');
  });

  it('previews a search and replace with each change, then applies it with change records', async () => {
    const q = 'source:world';
    const preview = await tina.post('/translate/pub/app/cs/replace/', { q, search: 'světe', replacement: 'World', action: 'preview' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(preview.status).toBe(200);
    const hello = await unit('Hello world');
    const goodbye = await unit('Goodbye world');
    expect(preview.html).toMatch(/Preview: 2 translations would change/);
    expect(preview.html).toContain(`id="preview-${hello.id}"`);
    expect(preview.html).toContain('Ahoj <del>světe</del>');
    expect(preview.html).toContain('Ahoj <ins>World</ins>');
    // Nothing changed yet.
    expect((await unit('Hello world')).target).toEqual(['Ahoj světe']);
    // Apply to the ticked one only.
    const before = (await changes(27)).length;
    const applied = await tina.post(
      '/translate/pub/app/cs/replace/',
      [
        ['q', q],
        ['search', 'světe'],
        ['replacement', 'World'],
        ['units', String(goodbye.id)],
        ['action', 'apply'],
      ],
      { from: '/translate/pub/app/cs/bulk/' },
    );
    expect(applied.status).toBe(303);
    expect(applied.location).toContain('done=replace&changed=1');
    expect((await unit('Goodbye world')).target).toEqual(['Sbohem World']);
    expect((await unit('Goodbye world')).state).toBe(20);
    expect((await unit('Hello world')).target).toEqual(['Ahoj světe']);
    expect((await changes(27)).length).toBe(before + 1);
    // Bad input and refusals.
    const empty = await tina.post('/translate/pub/app/cs/replace/', { q, search: '', replacement: 'x', action: 'preview' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.html, 'search')).toBe('This field is required.');
    const anon = await fetch(`${s.url}/translate/pub/app/cs/replace/`, { method: 'POST', redirect: 'manual', headers: { Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'q=&search=a&replacement=b&action=apply' });
    expect(anon.status).toBe(403);
    const source = await tina.post('/translate/pub/app/en/replace/', { q: '', search: 'world', replacement: 'World', action: 'apply' }, { from: '/translate/pub/app/cs/bulk/' });
    expect(source.status).toBe(403);
  });
});
