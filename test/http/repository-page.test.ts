// The repository pages over HTTP as a browser uses them: a component cloned from a local bare repository, its outgoing commit
// after a commit, an incoming one after a fetch, an update run as a task, a conflicting upstream change shown as a merge
// failure with guidance and cleared by a reset, the project's page, and nothing to run for a translator without repository rights.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { CS_PO, DE_PO, POT, createProject } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { joinTeam, signIn, type UiSession, userWithPassword } from '../helpers/ui-session.js';

const PAGE = '/projects/rp/app/repository/';

/** The rows of a commit table of the page (outgoing or incoming). */
const rows = (html: string, id: string): string[] => {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr><td><code title="([0-9a-f]{40})">[0-9a-f]+<\/code><\/td><th scope="row">([^<]*)<\/th>/g)].map((m) => m[2]!);
};
const heading = (html: string, id: string) => new RegExp(`<h2 id="${id}-title">([^<]*)</h2>`).exec(html)?.[1];

describe.each(DIALECTS)('repository pages (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  let admin: UiSession;
  let checkout: string;

  const editCs = async (index: number, target: string) => {
    const units = (await (await s.api('/api/translations/rp/app/cs/units/')).json()).results as { id: number }[];
    expect((await s.api(`/api/units/${units[index]!.id}/`, { method: 'PATCH', json: { target: [target], state: 20 } })).status).toBe(200);
  };
  /** Posts an operation from the repository page's form. */
  const operate = (session: UiSession, operation: string) => session.post(PAGE, { operation, next: PAGE }, { from: PAGE });
  /** Posts an operation that runs as a task, waits for it and returns its page. */
  const operateAsTask = async (operation: string) => {
    const res = await operate(admin, operation);
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/tasks\/[0-9a-f-]{36}\/$/);
    await s.container.tasks.idle();
    return admin.get(res.location!);
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-repo-page-'));
    repo = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'rp', { access_control: 1 })).status).toBe(201);
    const created = await s.api('/api/projects/rp/components/', { method: 'POST', json: { name: 'APP', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: repo.bare, branch: 'main', push_on_commit: false } });
    expect(created.status).toBe(201);
    await s.container.tasks.idle();
    const component = (await created.json()) as { id: number };
    checkout = s.container.fileSync.componentDir(await s.container.repository.refsById(component.id));
    admin = await signIn(s, 'admin');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the component page links the repository page, which shows a commit as one outgoing commit with its subject', async () => {
    await editCs(2, 'Otevřít');
    const component = await admin.get('/projects/rp/app/');
    expect(component.html).toContain(`<a href="${PAGE}" id="repository-details">Repository details</a>`);
    let page = await admin.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Pending changes not committed yet (1 string)');
    expect(page.html).toContain(`<code id="repository-remote">${repo.bare}</code>`);
    expect(page.html).toContain('<code id="repository-branch">main</code>');
    expect(page.html).toMatch(/id="repository-remote-commit"><code>[0-9a-f]+<\/code> Initial strings – Upstream Dev/);
    expect(rows(page.html, 'outgoing')).toEqual([]);
    // Every operation the API lets an administrator run has its button.
    for (const op of ['commit', 'push', 'pull', 'file-scan', 'cleanup', 'reset']) expect(page.html).toContain(`id="repo-op-${op}"`);

    const res = await operate(admin, 'commit');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${PAGE}?done=commit`);
    page = await admin.get(res.location!);
    expect(page.html).toContain('The pending changes are committed.');
    expect(heading(page.html, 'outgoing')).toBe('Outgoing commits (1)');
    expect(rows(page.html, 'outgoing')).toEqual(['Translated using Parla (Czech)']);
    expect(page.html).toContain('Commits not pushed yet');
    expect(page.html).not.toContain('id="merge-failure"');

    // The project's page lists the component with a link to its page.
    const project = await admin.get('/projects/rp/repository/');
    expect(project.status).toBe(200);
    expect(project.html).toMatch(new RegExp(`<a href="${PAGE}">APP</a></th><td>no</td><td>yes</td>`));
    expect((await admin.get('/projects/rp/')).html).toContain('<a href="/projects/rp/repository/" id="repository-details">');
  });

  it('an upstream commit shows as incoming once fetched, and Update runs as a task that merges it', async () => {
    const other = path.join(root, 'other');
    git(root, 'clone', '--quiet', repo.bare, other);
    fs.writeFileSync(path.join(other, 'README'), 'Read me\n');
    git(other, 'add', 'README');
    git(other, 'commit', '--quiet', '-m', 'Add a README');
    git(other, 'push', '--quiet', 'origin', 'main');
    git(checkout, 'fetch', '--quiet', 'origin');

    let page = await admin.get(PAGE);
    expect(heading(page.html, 'incoming')).toBe('Incoming commits (1)');
    expect(rows(page.html, 'incoming')).toEqual(['Add a README']);
    expect(page.html).toContain('The remote has changes to merge');

    const task = await operateAsTask('pull');
    expect(task.status).toBe(200);
    expect(task.html).toContain('Update (pull): repository of RP / APP');
    expect(task.html).toMatch(/<div class="message" role="status" id="task-result" data-task-outcome><p>Done\.<\/p><\/div>/);
    expect(task.html).toContain(`<a href="/projects/rp/app/" id="task-back">`);
    page = await admin.get(PAGE);
    expect(rows(page.html, 'incoming')).toEqual([]);
    // Parla's commit, merged with the upstream one (the default merge style), still waits to be pushed.
    expect(rows(page.html, 'outgoing')).toContain('Translated using Parla (Czech)');
    expect(rows(page.html, 'outgoing')).not.toContain('Add a README');
  });

  it('a conflicting upstream change is a merge failure with guidance, and a reset to upstream clears it', async () => {
    const other = path.join(root, 'other');
    git(other, 'pull', '--quiet');
    fs.writeFileSync(path.join(other, 'po/cs.po'), CS_PO.replace('msgid "Open"\nmsgstr ""', 'msgid "Open"\nmsgstr "Otevři"'));
    git(other, 'commit', '--quiet', '-am', 'Translate Open upstream');
    git(other, 'push', '--quiet', 'origin', 'main');

    const task = await operateAsTask('pull');
    expect(task.html).toMatch(/<div class="error" role="alert" id="task-error" data-task-outcome><p>The operation did not succeed: Could not (merge|rebase) the upstream changes: [^<]+<\/p>/);
    let page = await admin.get(PAGE);
    expect(page.html).toContain('id="merge-failure"');
    expect(page.html).toMatch(/<code id="merge-failure-text">[^<]+<\/code>/);
    expect(page.html).toContain('<strong>Merge or rebase by hand</strong>');
    expect(page.html).toContain('<strong>Reset to upstream</strong>');
    expect(rows(page.html, 'incoming')).toEqual(['Translate Open upstream']);
    expect(rows(page.html, 'outgoing')).toContain('Translated using Parla (Czech)');

    const reset = await operate(admin, 'reset');
    expect(reset.location).toBe(`${PAGE}?done=reset`);
    page = await admin.get(reset.location!);
    expect(page.html).toContain('The repository is reset to the remote');
    expect(page.html).not.toContain('id="merge-failure"');
    expect(rows(page.html, 'incoming')).toEqual([]);
    expect(rows(page.html, 'outgoing')).toEqual([]);
  });

  it('a translator without repository rights has no page, no buttons, and is refused on posting', async () => {
    await userWithPassword(s, 'tina');
    await joinTeam(s, 'tina', 'Translate', 'rp');
    const tina = await signIn(s, 'tina');
    const component = await tina.get('/projects/rp/app/');
    expect(component.status).toBe(200);
    expect(component.html).not.toContain('id="repository-details"');
    expect(component.html).not.toMatch(/id="repo-(commit|push|pull)"/);
    expect((await tina.get(PAGE)).status).toBe(403);
    expect((await tina.get('/projects/rp/repository/')).status).toBe(403);
    const before = (await (await s.api('/api/components/rp/app/repository/')).json()) as { weblate_commit: { revision: string } };
    for (const operation of ['commit', 'pull', 'reset']) {
      const res = await tina.post(PAGE, { operation }, { from: '/projects/rp/app/' });
      expect(res.status, operation).toBe(403);
      expect(res.location).toBeNull();
    }
    const after = (await (await s.api('/api/components/rp/app/repository/')).json()) as { weblate_commit: { revision: string } };
    expect(after.weblate_commit.revision).toBe(before.weblate_commit.revision);
  });
});
