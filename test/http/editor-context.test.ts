// The editor's context panels over HTTP: the lazy placeholders, each panel as a fragment and as a page, visibility,
// the previous source as a word diff, and reverting from the history (permissions, CSRF, the change it records).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, multipart } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { anonymous, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';

const HEAD = (lang: string) => `msgid ""
msgstr ""
"Language: ${lang}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
`;
const strings = ['Hello', 'Goodbye world', 'Open the file', 'Save', 'Close', 'Quit', 'Print', 'Copy', 'Paste', 'Undo', 'Redo', 'Find'];
/** A PO file with every string, translated as `done` says (the fuzzy "Goodbye world" keeps its previous source). */
const po = (lang: string, done: Record<string, string>) =>
  HEAD(lang) +
  strings
    .map((s) => {
      const previous = s === 'Goodbye world' && lang === 'cs' ? '#, fuzzy\n#| msgid "Goodbye old world"\n' : '';
      return `\n${previous}msgid "${s}"\nmsgstr "${done[s] ?? ''}"\n`;
    })
    .join('');
const POT = po('en', {});
const CS = po('cs', { Hello: 'Ahoj', 'Goodbye world': 'Sbohem světe' });
const DE = po('de', { 'Goodbye world': 'Auf Wiedersehen Welt' });
const FR = po('fr', { 'Goodbye world': 'Au revoir le monde' });
const TBX = (lang: string, terms: [string, string][]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en"><martifHeader><fileDesc><sourceDesc><p>G</p></sourceDesc></fileDesc></martifHeader><text><body>' +
  terms.map(([en, t], i) => `<termEntry id="t${i}"><langSet xml:lang="en"><tig><term>${en}</term></tig></langSet><langSet xml:lang="${lang}"><tig><term>${t}</term></tig></langSet></termEntry>`).join('') +
  '</body></text></martif>\n';

describe.each(DIALECTS)('editor context panels on %s', (dialect) => {
  let s: TestServer;
  let tina: UiSession; // translator (Users team), German as secondary language
  let vic: UiSession; // signed in, may view but not translate
  type Unit = { id: number; source: string[]; target: string[]; state: number; previous_source: string };

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const unitOf = async (project: string, lang: string, source: string, component = 'app'): Promise<Unit> => {
    const body = await json(await s.api(`/api/translations/${project}/${component}/${lang}/units/?page_size=100`));
    return (body.results as Unit[]).find((u) => u.source[0] === source)!;
  };
  const ctx = (lang: string, id: number, panel: string, project = 'pub') => `/translate/${project}/app/${lang}/context/${id}/${panel}/`;
  const fragment = async (who: Pick<UiSession, 'get'>, lang: string, id: number, panel: string, status = 200) => {
    const page = await who.get(`${ctx(lang, id, panel)}?fragment=1`);
    expect(page.status, page.html.slice(0, 300)).toBe(status);
    return page.html;
  };
  const historyEntries = (html: string) => [...html.matchAll(/<li class="history-entry" id="history-(\d+)">/g)].map((m) => Number(m[1]));

  beforeAll(async () => {
    s = await startServer(dialect);
    await json(await createProject(s, 'pub'), 201);
    const zip = buildZip([
      { name: 'po/app.pot', data: POT },
      { name: 'po/cs.po', data: CS },
      { name: 'po/de.po', data: DE },
      { name: 'po/fr.po', data: FR },
    ]);
    await json(await createPoComponent(s, 'pub', 'app', zip), 201);
    const res = await s.api('/api/projects/pub/components/', {
      method: 'POST',
      body: multipart({ name: 'Terms', slug: 'terms', file_format: 'tbx', filemask: 'tbx/*.tbx', is_glossary: 'true' }, { zipfile: { name: 'g.zip', data: buildZip([{ name: 'tbx/cs.tbx', data: TBX('cs', [['world', 'svět'], ['file', 'spis']]) }]) } }),
    });
    expect(res.status, await res.text()).toBe(201);
    // "file" must not be translated as "spis": a forbidden translation.
    const fileTerm = await unitOf('pub', 'en', 'file', 'terms');
    await json(await s.api(`/api/units/${fileTerm.id}/`, { method: 'PATCH', json: { extra_flags: 'forbidden' } }));
    await json(await createProject(s, 'priv', { access_control: 100, name: 'Secret project' }), 201);
    await json(await createPoComponent(s, 'priv'), 201);

    await userWithPassword(s, 'tina');
    await userWithPassword(s, 'vic');
    const groups = (await json(await s.api('/api/groups/?page_size=100'))).results as { id: number; name: string; defining_project: string | null }[];
    const usersTeam = groups.find((g) => g.name === 'Users' && g.defining_project === null)!;
    expect((await s.api('/api/users/vic/groups/', { method: 'DELETE', json: { group_id: usersTeam.id } })).status).toBeLessThan(300);
    tina = await signIn(s, 'tina');
    vic = await signIn(s, 'vic');
    // German is tina's secondary language (her profile, as the users API sets it).
    await json(await s.api('/api/users/tina/', { method: 'PATCH', json: { profile: { secondary_languages: ['de'] } } }));
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('renders empty panels with their fragment addresses and page links, and the source change as a word diff', async () => {
    const unit = await unitOf('pub', 'cs', 'Goodbye world');
    expect(unit.previous_source).toBe('Goodbye old world');
    const page = await tina.get(`/translate/pub/app/cs/?id=${unit.id}`);
    expect(page.status).toBe(200);
    for (const panel of ['nearby', 'languages', 'glossary', 'history']) {
      expect(page.html).toContain(`data-context-url="${ctx('cs', unit.id, panel)}?fragment=1"`);
      expect(page.html).toContain(`<a href="${ctx('cs', unit.id, panel)}" id="context-${panel}-link">`);
    }
    expect(page.html).toMatch(/<script src="\/ui\/static\/editor-context\.js\?v=[0-9a-f]+" defer><\/script>/);
    // The editor page itself runs none of the panels' queries: nothing of their content is in it.
    expect(page.html).not.toContain('id="nearby-list"');
    expect(page.html).not.toContain('Auf Wiedersehen Welt');
    // The previous source against the current one: "old" was removed.
    const diff = /<div id="previous-source"[\s\S]*?<\/div><\/div>/.exec(page.html)?.[0] ?? '';
    expect(diff).toMatch(/<del><span class="visually-hidden">Removed: <\/span>old ?<\/del>/);
    expect(diff).not.toContain('<ins>');
    expect(diff).toContain('Goodbye');
  });

  it('lists the five strings on each side as links, the current one marked', async () => {
    const unit = await unitOf('pub', 'cs', 'Close');
    const html = await fragment(tina, 'cs', unit.id, 'nearby');
    expect(html).not.toContain('<html');
    const ids = [...html.matchAll(/<li class="nearby( current)?" id="nearby-(\d+)"/g)].map((m) => [Boolean(m[1]), Number(m[2])] as const);
    const all = (await json(await s.api('/api/translations/pub/app/cs/units/?page_size=100'))).results as Unit[];
    const at = all.findIndex((u) => u.id === unit.id);
    expect(at).toBe(4);
    // Four before (there are no more), the string itself, five after.
    expect(ids.map(([, id]) => id)).toEqual(all.slice(0, 10).map((u) => u.id));
    expect(ids.filter(([cur]) => cur).map(([, id]) => id)).toEqual([unit.id]);
    expect(html).toMatch(new RegExp(`<li class="nearby current" id="nearby-${unit.id}" aria-current="true">`));
    expect(html).not.toContain(`href="/translate/pub/app/cs/?id=${unit.id}"`);
    for (const u of all.slice(0, 10).filter((x) => x.id !== unit.id)) expect(html).toContain(`<a href="/translate/pub/app/cs/?id=${u.id}" id="nearby-link-${u.id}">`);
    expect(html).toContain('Ahoj');
    // The last string has only neighbours before it.
    const last = all.at(-1)!;
    const tail = await fragment(tina, 'cs', last.id, 'nearby');
    expect([...tail.matchAll(/<li class="nearby/g)]).toHaveLength(6);

    // Without the script: a page of its own, with the editor's breadcrumbs and a way back.
    const page = await tina.get(ctx('cs', unit.id, 'nearby'));
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1>Nearby strings<\/h1>/);
    expect(page.html).toContain(`<a href="/translate/pub/app/cs/?id=${unit.id}" id="back-to-editor">`);
    expect(page.html).toContain('id="nearby-list"');
  });

  it('shows the string in the other languages, the secondary languages first, each with a link and a Copy button', async () => {
    const unit = await unitOf('pub', 'cs', 'Goodbye world');
    const de = await unitOf('pub', 'de', 'Goodbye world');
    const fr = await unitOf('pub', 'fr', 'Goodbye world');
    const html = await fragment(tina, 'cs', unit.id, 'languages');
    const order = [...html.matchAll(/<li class="other-language" id="language-([a-z]+)"/g)].map((m) => m[1]);
    // German is tina's secondary language: before French, though French sorts first by name. No source, no Czech.
    expect(order).toEqual(['de', 'fr']);
    expect(html).toMatch(/Secondary language/);
    expect(html).toContain(`<a href="/translate/pub/app/de/?id=${de.id}" id="language-link-de">`);
    expect(html).toContain(`<a href="/translate/pub/app/fr/?id=${fr.id}" id="language-link-fr">`);
    expect(html).toMatch(/<div class="source-text" lang="de" dir="ltr" data-copy-form="0">Auf Wiedersehen Welt<\/div>/);
    expect(html).toMatch(/<button type="button" class="secondary" hidden data-copy-language id="copy-language-de" aria-label="Copy the German translation into the translation field">Copy<\/button>/);
    // Someone without secondary languages gets them by name.
    const anon = await fragment(anonymous(s), 'cs', unit.id, 'languages');
    expect([...anon.matchAll(/id="language-([a-z]+)"/g)].map((m) => m[1])).toEqual(['fr', 'de']);
    expect(anon).not.toContain('Secondary language');
  });

  it('lists the glossary terms of the source with their translations, forbidden ones marked', async () => {
    const goodbye = await unitOf('pub', 'cs', 'Goodbye world');
    const html = await fragment(tina, 'cs', goodbye.id, 'glossary');
    expect(html).toMatch(/<td lang="en" dir="ltr">world<\/td>\s*<td lang="cs" dir="ltr">svět<\/td>/);
    expect(html).not.toContain('Forbidden');
    const open = await unitOf('pub', 'cs', 'Open the file');
    const forbidden = await fragment(tina, 'cs', open.id, 'glossary');
    expect(forbidden).toMatch(/<tr class="forbidden-term"><td lang="en" dir="ltr">file<\/td>\s*<td lang="cs" dir="ltr"><del>spis<\/del><\/td>/);
    expect(forbidden).toContain('Forbidden translation: do not use it');
    const none = await fragment(tina, 'cs', (await unitOf('pub', 'cs', 'Save')).id, 'glossary');
    expect(none).toContain('id="no-glossary-terms"');
  });

  it('shows the history with a word diff to the current text, and reverts for those who may edit', async () => {
    const unit = await unitOf('pub', 'cs', 'Print');
    // Two saves through the editor: "Tisk", then "Vytisknout dokument".
    for (const text of ['Tisk', 'Vytisknout dokument']) {
      const res = await tina.post('/translate/pub/app/cs/', { id: String(unit.id), q: '', offset: '0', target_0: text, action: 'save' });
      expect(res.status, res.html).toBe(303);
    }
    let html = await fragment(tina, 'cs', unit.id, 'history');
    const entries = historyEntries(html);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const [newest, older] = entries;
    expect(html).toMatch(new RegExp(`<li class="history-entry" id="history-${newest}"><div class="muted"><strong>Translation changed</strong> · <a href="/user/tina/" class="user-link">tina</a>`));
    expect(html).toContain(`id="history-current-${newest}"`);
    // The older text against the current one: "Tisk" went, "Vytisknout dokument" came.
    const olderItem = new RegExp(`<li class="history-entry" id="history-${older}">[\\s\\S]*?</li>`).exec(html)![0];
    expect(olderItem).toMatch(/<del><span class="visually-hidden">Removed: <\/span>Tisk<\/del>/);
    expect(olderItem).toMatch(/<ins><span class="visually-hidden">Added: <\/span>Vytisknout dokument<\/ins>/);
    expect(olderItem).toContain(`id="revert-${older}"`);
    expect(olderItem).toContain(`action="${ctx('cs', unit.id, 'revert')}"`);

    // Those who may not edit see the history without revert buttons, and a revert they post is refused.
    const seen = await fragment(vic, 'cs', unit.id, 'history');
    expect(historyEntries(seen)).toEqual(entries);
    expect(seen).not.toContain('id="revert-');
    const refused = await vic.post(ctx('cs', unit.id, 'revert'), { change: String(older), to: 'target' }, { from: `/translate/pub/app/cs/?id=${unit.id}` });
    expect(refused.status).toBe(403);
    expect((await unitOf('pub', 'cs', 'Print')).target).toEqual(['Vytisknout dokument']);
    // A session post without the CSRF token is refused too.
    const forged = await fetch(`${s.url}${ctx('cs', unit.id, 'revert')}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: tina.cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: s.url },
      body: new URLSearchParams({ change: String(older), to: 'target' }),
    });
    expect(forged.status).toBe(403);

    // The translator reverts: the old text is saved as a save would, with a change record, and the editor says so.
    const done = await tina.post(ctx('cs', unit.id, 'revert'), { change: String(older), to: 'target' }, { from: `/translate/pub/app/cs/?id=${unit.id}` });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/translate/pub/app/cs/?id=${unit.id}&done=reverted`);
    expect(await unitOf('pub', 'cs', 'Print')).toMatchObject({ target: ['Tisk'], state: 20 });
    const editor = await tina.get(done.location!);
    expect(editor.html).toContain('id="notice"');
    expect(editor.html).toContain('Translation reverted to the earlier text.');
    html = await fragment(tina, 'cs', unit.id, 'history');
    const after = historyEntries(html);
    expect(after).toHaveLength(entries.length + 1);
    expect(after.slice(1)).toEqual(entries);
    expect(html).toMatch(new RegExp(`<li class="history-entry" id="history-${after[0]}"><div class="muted"><strong>Translation reverted</strong> · <a href="/user/tina/"`));
  });

  it('brings back the text from before the first recorded change (the file\'s translation)', async () => {
    const unit = await unitOf('pub', 'cs', 'Hello');
    expect(unit.target).toEqual(['Ahoj']);
    const saved = await tina.post('/translate/pub/app/cs/', { id: String(unit.id), q: '', offset: '0', target_0: 'Nazdar', action: 'save' });
    expect(saved.status).toBe(303);
    const html = await fragment(tina, 'cs', unit.id, 'history');
    const [only] = historyEntries(html);
    expect(html).toContain('Before this change:');
    expect(html).toContain(`id="revert-${only}-old"`);
    const done = await tina.post(ctx('cs', unit.id, 'revert'), { change: String(only), to: 'old' }, { from: `/translate/pub/app/cs/?id=${unit.id}` });
    expect(done.status).toBe(303);
    expect((await unitOf('pub', 'cs', 'Hello')).target).toEqual(['Ahoj']);
    // A change of another string, or a made-up one, is not found here.
    const other = await unitOf('pub', 'cs', 'Print');
    const otherChange = historyEntries(await fragment(tina, 'cs', other.id, 'history'))[0]!;
    expect((await tina.post(ctx('cs', unit.id, 'revert'), { change: String(otherChange), to: 'target' })).status).toBe(404);
    expect((await tina.post(ctx('cs', unit.id, 'revert'), { change: 'x', to: 'target' })).status).toBe(404);
    expect((await tina.post(ctx('cs', unit.id, 'revert'), { change: String(only), to: 'nonsense' })).status).toBe(400);
  });

  it('answers 404 for what the viewer may not see or what is not in this translation', async () => {
    const priv = await unitOf('priv', 'cs', 'Hello');
    const anon = anonymous(s);
    for (const panel of ['nearby', 'languages', 'glossary', 'history']) {
      expect((await anon.get(`${ctx('cs', priv.id, panel, 'priv')}?fragment=1`)).status, panel).toBe(404);
      expect((await anon.get(ctx('cs', priv.id, panel, 'priv'))).status, panel).toBe(404);
      expect((await tina.get(`${ctx('cs', priv.id, panel, 'priv')}?fragment=1`)).status, panel).toBe(404);
      // The admin sees it.
      expect((await s.api(`${ctx('cs', priv.id, panel, 'priv')}?fragment=1`)).status, panel).toBe(200);
    }
    // A unit of another project or language under this translation's address.
    const cs = await unitOf('pub', 'cs', 'Hello');
    const de = await unitOf('pub', 'de', 'Hello');
    expect((await tina.get(`${ctx('cs', de.id, 'nearby')}?fragment=1`)).status).toBe(404);
    expect((await s.api(`${ctx('cs', priv.id, 'nearby')}?fragment=1`)).status).toBe(404);
    expect((await tina.get(`${ctx('cs', cs.id, 'nonsense')}?fragment=1`)).status).toBe(404);
    expect((await tina.get(`${ctx('cs', 0, 'nearby').replace('/0/', '/abc/')}?fragment=1`)).status).toBe(404);
    // Anonymous visitors of a public project see the panels but get no revert buttons.
    const history = await fragment(anon, 'cs', cs.id, 'history');
    expect(history).not.toContain('id="revert-');
  });
});
