// Long work started from the web UI runs as a task followed on /tasks/<uuid>/: an upload, an update (pull) and an automatic
// translation each lead there and end with their result in words; a file that does not parse ends with its reason and changes
// nothing; a refused automatic translation stays on the form; strangers do not see the task.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, DE_PO, POT, createPoComponent, createProject } from '../helpers/fixtures.js';
import { gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { fieldError, signIn, userWithPassword, type UiSession } from '../helpers/ui-session.js';
import { buildZip } from '../helpers/zip.js';

/** A translation file with every translation emptied. */
const empty = (po: string) => po.replace(/^(msgstr(?:\[\d\])?) ".+"$/gm, '$1 ""');
const TASK = /^\/tasks\/[0-9a-f-]{36}\/$/;

describe.each(DIALECTS)('long work from the UI as tasks (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let admin: UiSession;

  type Unit = { source: string[]; target: string[]; state: number };
  const units = async (translation: string): Promise<Unit[]> => ((await (await s.api(`/api/translations/tp/${translation}/units/`)).json()) as { results: Unit[] }).results;
  const targetOf = async (translation: string, source: string) => (await units(translation)).find((u) => u.source[0] === source)?.target[0];
  /** Follows a 303 to a task page, waits for the task and returns the page. */
  const taskPage = async (res: { status: number; location: string | null }) => {
    expect(res.status).toBe(303);
    expect(res.location).toMatch(TASK);
    await s.container.tasks.idle();
    return admin.get(res.location!);
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-task-ui-'));
    const repo = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'tp')).status).toBe(201);
    const app = await s.api('/api/projects/tp/components/', { method: 'POST', json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: repo.bare, branch: 'main' } });
    expect(app.status).toBe(201);
    const zip = buildZip([{ name: 'po/app.pot', data: POT }, { name: 'po/cs.po', data: empty(CS_PO) }, { name: 'po/de.po', data: empty(DE_PO) }]);
    expect((await createPoComponent(s, 'tp', 'web', zip)).status).toBe(201);
    await s.container.tasks.idle();
    admin = await signIn(s, 'admin');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an upload through the translation page runs as a task whose page shows the strings accepted', async () => {
    expect(await targetOf('web/cs', 'Hello')).toBe('');
    const res = await admin.post('/projects/tp/web/cs/upload/', { file: new File([CS_PO], 'cs.po'), method: 'translate', conflicts: '', fuzzy: '' }, { from: '/projects/tp/web/cs/' });
    const page = await taskPage(res);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Upload of cs.po into TP / WEB — Czech</h1>');
    expect(page.html).toMatch(/<div class="message" role="status" id="task-result" data-task-outcome><p>The file is processed: 2 of 4 strings accepted\.[^<]*<\/p>/);
    expect(page.html).toContain('<a href="/projects/tp/web/cs/" id="task-back">Back to TP / WEB — Czech</a>');
    expect(page.html).not.toContain('data-task-url');
    expect(await targetOf('web/cs', 'Hello')).toBe('Ahoj');
    // The stored file is gone once imported.
    expect(fs.readdirSync(path.join(s.dataDir, 'tmp')).filter((f) => f.startsWith('import-'))).toEqual([]);
  });

  it('a file that does not parse ends the task with the reason in words and changes nothing', async () => {
    const before = await units('web/cs');
    const res = await admin.post('/projects/tp/web/cs/upload/', { file: new File(['msgid "Hello"\nmsgstr "Ahoj" "unterminated\n'], 'broken.po'), method: 'translate' }, { from: '/projects/tp/web/cs/' });
    const page = await taskPage(res);
    expect(page.html).toMatch(/<div class="error" role="alert" id="task-error" data-task-outcome><p>The task failed: Could not parse uploaded file: [^<]+<\/p><\/div>/);
    expect(page.html).not.toContain('id="task-result"');
    expect(await units('web/cs')).toEqual(before);
  });

  it('an upload without a file stays on the translation page with the reason', async () => {
    const res = await admin.post('/projects/tp/web/cs/upload/', { file: new File([], ''), method: 'translate' }, { from: '/projects/tp/web/cs/' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('No file was submitted.');
  });

  it('an automatic translation from the form runs as a task and translates the strings', async () => {
    const form = await admin.get('/projects/tp/web/de/');
    expect(form.html).toContain('id="autotranslate-form"');
    expect(form.html).toMatch(/<label for="id_auto_source">Source of automated translations<\/label>/);
    const res = await admin.post('/projects/tp/web/de/autotranslate/', { mode: 'translate', filter_type: 'todo', auto_source: 'others', component: 'app', threshold: '' }, { from: '/projects/tp/web/de/' });
    const page = await taskPage(res);
    expect(page.html).toContain('<h1>Automatic translation of TP / WEB — German</h1>');
    expect(page.html).toMatch(/id="task-result" data-task-outcome><p>Automatic translation completed, [1-9]\d* strings? (was|were) updated\.<\/p>/);
    expect(await targetOf('web/de', 'Hello')).toBe('Hallo');
    expect(await targetOf('web/de', 'Goodbye world')).toBe('Auf Wiedersehen Welt');
  });

  it('a refused automatic translation stays on the form with the reason next to the field and the values kept', async () => {
    const res = await admin.post('/projects/tp/web/de/autotranslate/', { mode: 'translate', filter_type: 'todo', auto_source: 'mt' }, { from: '/projects/tp/web/de/' });
    expect(res.status).toBe(400);
    expect(res.html).toMatch(/<p class="error field-error" id="id_engines_error">This field is required\.<\/p>/);
    expect(res.html).toMatch(/<option value="mt" selected>/);
    expect(fieldError(res.html, 'mode')).toBeNull();
  });

  it('Update on the component page runs as a task, and strangers do not see it', async () => {
    const component = await admin.get('/projects/tp/app/');
    expect(component.html).toContain('id="repo-pull"');
    const res = await admin.post('/projects/tp/app/repository/', { operation: 'pull' }, { from: '/projects/tp/app/' });
    const page = await taskPage(res);
    expect(page.html).toContain('<h1>Update (pull): repository of TP / App</h1>');
    expect(page.html).toMatch(/id="task-result" data-task-outcome><p>Done\.<\/p>/);
    // A task page follows the tasks API's rule: the starter, superusers and who sees the project; others get 404.
    expect((await s.api('/api/projects/tp/', { method: 'PATCH', json: { access_control: 100 } })).status).toBe(200);
    await userWithPassword(s, 'stranger');
    const stranger = await signIn(s, 'stranger');
    expect((await stranger.get(res.location!)).status).toBe(404);
    expect((await fetch(`${s.url}${res.location!}`, { redirect: 'manual' })).status).toBe(303);
  });
});
