// The translation memory pages over HTTP as a browser uses them: a TMX import run as a task whose entries the API then lists,
// a malformed file that imports nothing and says why, deleting entries, export, and no page for those without the right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { waitUntil } from '../helpers/processes.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, fieldValue, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4">
  <header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/>
  <body>
    <tu><tuv xml:lang="en"><seg>Open the settings window</seg></tuv><tuv xml:lang="de"><seg>Öffnen Sie das Einstellungsfenster</seg></tuv></tu>
    <tu><tuv xml:lang="en"><seg>Close without saving</seg></tuv><tuv xml:lang="de"><seg>Ohne Speichern schließen</seg></tuv><tuv xml:lang="cs"><seg>Zavřít bez uložení</seg></tuv></tu>
  </body>
</tmx>
`;

interface Entry {
  id: number;
  source: string;
  target: string;
  project: number | null;
  shared: boolean;
}

describe.each(DIALECTS)('translation memory pages (%s)', (dialect) => {
  let s: TestServer;
  let admin: UiSession;
  let keeper: UiSession;
  let translator: UiSession;
  let projectId: number;

  const entries = async (query = ''): Promise<Entry[]> => ((await (await s.api(`/api/memory/?page_size=1000${query}`)).json()) as { results: Entry[] }).results;
  const tmxFile = (text: string, name = 'terms.tmx') => new File([text], name, { type: 'application/x-tmx+xml' });
  /** Posts an import and follows it to the end as the page's script does: the task API, then the page once it ended. */
  const importFile = async (who: UiSession, base: string, file: File, fields: Record<string, string> = {}) => {
    const res = await who.post(`${base}import/`, { file, ...fields }, { from: base });
    expect(res.status, res.html).toBe(303);
    const taskId = /\/import\/([0-9a-f-]{36})\/$/.exec(res.location ?? '')?.[1];
    expect(taskId, res.location ?? '').toBeTruthy();
    const running = await who.get(res.location!);
    expect(running.status).toBe(200);
    await waitUntil('the import task ends', async () => {
      const task = (await (await s.api(`/api/tasks/${taskId}/`)).json()) as { completed: boolean };
      return task.completed;
    });
    return { taskId: taskId!, page: await who.get(res.location!) };
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'docs', { access_control: 1 })).status).toBe(201);
    projectId = ((await (await s.api('/api/projects/docs/')).json()) as { id: number }).id;
    for (const name of ['kim', 'tom']) await userWithPassword(s, name);
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const memoryTeam = groups.find((g) => g.name === 'Memory' && g.defining_project === `${s.url}/api/projects/docs/`);
    expect(memoryTeam, 'the project has a Memory team').toBeTruthy();
    expect((await s.api('/api/users/kim/groups/', { method: 'POST', json: { group_id: memoryTeam!.id } })).status).toBe(200);
    admin = await signIn(s, 'admin');
    keeper = await signIn(s, 'kim');
    translator = await signIn(s, 'tom');
  });
  afterAll(() => s?.close());

  it('imports a TMX file into the site memory as a task; the page shows the result and the API lists the entries', async () => {
    const { page } = await importFile(admin, '/memory/', tmxFile(TMX));
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="import-done"');
    expect(page.html).toContain('3 entries imported');
    const shared = (await entries('&source=close')).filter((e) => e.shared);
    expect(shared.map((e) => e.target).sort()).toEqual(['Ohne Speichern schließen', 'Zavřít bez uložení']);
    const list = await admin.get('/memory/?q=settings');
    expect(list.html).toContain('Öffnen Sie das Einstellungsfenster');
    expect(list.html).not.toContain('Ohne Speichern');
  });

  it('a malformed file ends the task with the reason in words, and nothing is imported', async () => {
    const before = (await entries()).length;
    const { taskId, page } = await importFile(keeper, '/memory/project/docs/', tmxFile('<tmx version="1.4"><body><tu><tuv xml:lang="en"><seg>Broken', 'broken.tmx'));
    const task = (await (await s.api(`/api/tasks/${taskId}/`)).json()) as { result: { error: string } };
    expect(task.result.error).toMatch(/^The file could not be read \(broken\.tmx.*\); nothing was imported\.$/);
    expect(page.html).toContain('id="import-error"');
    expect(page.html).toContain('nothing was imported');
    expect((await entries()).length).toBe(before);
  });

  it('refuses a file of another kind next to the file field, keeping the languages typed', async () => {
    const res = await keeper.post('/memory/project/docs/import/', { file: new File(['x'], 'notes.txt'), target_language: 'de' }, { from: '/memory/project/docs/' });
    expect(res.status).toBe(400);
    expect(fieldError(res.html, 'file')).toMatch(/imports translation memory from \.tmx, \.json, \.po files/);
    expect(fieldValue(res.html, 'target_language')).toBe('de');
    const unknown = await keeper.post('/memory/project/docs/import/', { file: tmxFile(TMX), target_language: 'xx-nope' }, { from: '/memory/project/docs/' });
    expect(unknown.status).toBe(400);
    expect(fieldError(unknown.html, 'target_language')).toBe('There is no language with the code &quot;xx-nope&quot;.');
  });

  it("imports a PO file into a project's memory; its manager deletes an entry, exports, and empties the memory", async () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Print the page"\nmsgstr "Vytisknout stránku"\n\n#, fuzzy\nmsgid "Draft"\nmsgstr "Koncept"\n';
    const { page } = await importFile(keeper, '/memory/project/docs/', new File([po], 'app.po'));
    expect(page.html).toContain('1 entry imported');
    const own = await entries(`&project=${projectId}`);
    expect(own.map((e) => e.target)).toEqual(['Vytisknout stránku']);

    const listed = await keeper.get('/memory/project/docs/');
    expect(listed.html).toContain('This project keeps 1 entry');
    const tmx = await fetch(`${s.url}/memory/project/docs/export/?format=tmx`, { headers: { Cookie: keeper.cookie } });
    expect(tmx.status).toBe(200);
    expect(tmx.headers.get('content-disposition')).toContain('docs-memory.tmx');
    expect(await tmx.text()).toContain('<tuv xml:lang="cs"><seg>Vytisknout stránku</seg></tuv>');
    const json = (await (await fetch(`${s.url}/memory/project/docs/export/?format=json`, { headers: { Cookie: keeper.cookie } })).json()) as { target: string }[];
    expect(json.map((e) => e.target)).toEqual(['Vytisknout stránku']);

    const del = await keeper.post(`/memory/project/docs/delete/${own[0]!.id}/`, {}, { from: '/memory/project/docs/' });
    expect(del.status).toBe(303);
    expect(del.location).toBe('/memory/project/docs/?done=entry_deleted');
    expect(await entries(`&project=${projectId}`)).toEqual([]);

    await importFile(keeper, '/memory/project/docs/', new File([po], 'app.po'));
    const wrong = await keeper.post('/memory/project/docs/delete-all/', { confirm: 'nope' }, { from: '/memory/project/docs/' });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.html, 'confirm')).toMatch(/slug exactly/);
    expect(await entries(`&project=${projectId}`)).toHaveLength(1);
    const all = await keeper.post('/memory/project/docs/delete-all/', { confirm: 'docs' }, { from: '/memory/project/docs/' });
    expect(all.status).toBe(303);
    expect(await entries(`&project=${projectId}`)).toEqual([]);
    // Shared entries stay.
    expect((await entries('&source=close')).length).toBe(2);
  });

  it('has no pages for those without the right, and refuses a form without its CSRF token', async () => {
    expect((await translator.get('/memory/')).status).toBe(403);
    expect((await translator.get('/memory/project/docs/')).status).toBe(403);
    expect((await keeper.get('/memory/')).status).toBe(403);
    expect((await translator.get('/memory/project/docs/export/?format=json')).status).toBe(403);
    const refused = await translator.post('/memory/project/docs/import/', { file: tmxFile(TMX) });
    expect(refused.status).toBe(403);
    const before = (await entries()).length;
    const noToken = await fetch(`${s.url}/memory/import/`, { method: 'POST', redirect: 'manual', headers: { Cookie: admin.cookie, Origin: s.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'source_language=en' });
    expect(noToken.status).toBe(403);
    expect((await entries()).length).toBe(before);
    // The project page links the memory for its memory team, not for a translator.
    expect((await keeper.get('/projects/docs/')).html).toContain('id="project-memory-link"');
    expect((await translator.get('/projects/docs/')).html).not.toContain('id="project-memory-link"');
    expect((await (await fetch(`${s.url}/memory/`, { redirect: 'manual' })).headers.get('location')) ?? '').toMatch(/^\/accounts\/login\//);
  });
});
