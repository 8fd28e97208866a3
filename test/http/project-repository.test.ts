// A project's repositories over HTTP: which components the status and the operations cover for each caller
// (included, skipped, blocked by a repository the caller may not act on), and operations queued as tasks.
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgAdvisoryLock } from '../../src/vcs/cluster-lock.js';
import { RepositoryLock } from '../../src/vcs/repo-lock.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, poZip, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

const upstream = (root: string, name: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO }, { name }).bare;

const ALL = ['pr/alpha', 'pr/box/beta', 'pr/gamma', 'pr/mirror'];

describe.each(DIALECTS)('project repository scope (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let keeper: string;
  let plain: string;
  const ids: Record<string, number> = {};
  const json = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const text = await r.text();
    expect(r.status, `${r.url}: ${text.slice(0, 500)}`).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const firstCsUnit = async (component: string) => (await json(s.api(`/api/translations/pr/${component}/cs/units/`))).results[0] as { id: number };
  const editIn = async (component: string, target: string) => json(s.api(`/api/units/${(await firstCsUnit(component)).id}/`, { method: 'PATCH', json: { target: [target], state: 20 } }));
  const needsCommit = async (component: string) => (await json(s.api(`/api/components/pr/${component}/repository/`))).needs_commit as boolean;

  beforeAll(async () => {
    root = fs.mkdtempSync(`${os.tmpdir()}/parla-project-repo-`);
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    keeper = await s.createUser('keeper');
    plain = await s.createUser('plain');
    await json(createProject(s, 'pr'), 201);
    await json(createProject(s, 'other'), 201);
    const git = (project: string, slug: string, repo: string) =>
      json(s.api(`/api/projects/${project}/components/`, { method: 'POST', json: { name: slug, slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo, branch: 'main', push_on_commit: false } }), 201);
    ids.alpha = (await git('pr', 'alpha', upstream(root, 'alpha'))).id;
    ids.origin = (await git('other', 'origin', upstream(root, 'origin'))).id;
    ids.mirror = (await git('pr', 'mirror', 'weblate://other/origin')).id;
    await json(createPoComponent(s, 'pr', 'gamma', poZip()), 201);
    const box = await json(s.api('/api/categories/', { method: 'POST', json: { name: 'Box', slug: 'box', project: `${s.url}/api/projects/pr/` } }), 201);
    const beta = await json(createPoComponent(s, 'pr', 'beta', poZip()), 201);
    await json(s.api('/api/components/pr/beta/', { method: 'PATCH', json: { category: box.url } }));
    ids.beta = beta.id;
    await s.container.tasks.idle();
    // The keeper manages the project's repositories (a team selecting alpha and mirror covers the project), but
    // not the other project's, where mirror's clone lives; in the restricted gamma it only translates.
    await json(s.api('/api/components/pr/gamma/', { method: 'PATCH', json: { restricted: true } }));
    const roles = (await json(s.api('/api/roles/?page_size=100'))).results as { id: number; name: string }[];
    const teamOf = async (name: string, role: string, components: number[]) => {
      const team = await json(s.api('/api/groups/', { method: 'POST', json: { name, project_selection: 0, language_selection: 1 } }), 201);
      await json(s.api(`/api/groups/${team.id}/roles/`, { method: 'POST', json: { role_id: roles.find((r) => r.name === role)!.id } }));
      for (const id of components) await json(s.api(`/api/groups/${team.id}/components/`, { method: 'POST', json: { component_id: id } }));
      await json(s.api('/api/users/keeper/groups/', { method: 'POST', json: { group_id: team.id } }));
    };
    await teamOf('Keepers', 'Manage repository', [ids.alpha, ids.mirror]);
    await teamOf('Gamma translators', 'Translate', [(await json(s.api('/api/components/pr/gamma/'))).id]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists every component as included for a superuser, sorted by full slug', async () => {
    const status = await json(s.api('/api/projects/pr/repository/'));
    expect(status).toMatchObject({ included_components: ALL, skipped_components: [], permission_blockers: [], pending_units: { total: 0 } });
  });

  it("covers only what the caller may act on, in status and in operations, and counts only those components' pending edits", async () => {
    await editIn('alpha', 'Alfa');
    await editIn('gamma', 'Gama');
    await editIn('box%252Fbeta', 'Beta');
    const scope = { included_components: ['pr/alpha', 'pr/box/beta'], skipped_components: ['pr/gamma'], permission_blockers: ['pr/mirror'] };
    const status = await json(s.api('/api/projects/pr/repository/', { token: keeper }));
    expect(status).toMatchObject({ ...scope, needs_commit: true, pending_units: { total: 2, eligible_for_commit: 2 } });
    expect((await json(s.api('/api/projects/pr/repository/'))).pending_units.total).toBe(3);

    const done = await json(s.api('/api/projects/pr/repository/', { method: 'POST', token: keeper, json: { operation: 'commit' } }));
    expect(done).toEqual({ result: true, ...scope });
    expect([await needsCommit('alpha'), await needsCommit('box%252Fbeta'), await needsCommit('gamma')]).toEqual([false, false, true]);
  });

  it('refuses callers who may act on none of the components they see', async () => {
    expect((await json(s.api('/api/projects/pr/repository/', { token: plain }), 403)).detail).toBeTruthy();
    await json(s.api('/api/projects/pr/repository/', { method: 'POST', token: plain, json: { operation: 'commit' } }), 403);
    expect(await needsCommit('gamma')).toBe(true);
    // The keeper may not pull the mirror's clone in the other project; beta has no remote to pull from.
    const pulled = await json(s.api('/api/projects/pr/repository/', { method: 'POST', token: keeper, json: { operation: 'pull' } }));
    expect(pulled).toMatchObject({ result: false, included_components: ['pr/alpha', 'pr/box/beta'], skipped_components: ['pr/gamma'], permission_blockers: ['pr/mirror'] });
    expect(pulled.detail).toBe('This component has no remote repository to pull from.');
  });

  it('queues an operation with background, reports it as a task, and refuses another one while it runs', async () => {
    const holder = new RepositoryLock({ root: s.container.config.dataDir, ...(dialect === 'postgres' ? { cluster: new PgAdvisoryLock(s.container.config.databaseUrl) } : {}) });
    const alphaDir = fs.realpathSync(s.container.paths.componentDir({ id: ids.alpha, project_id: (await json(s.api('/api/projects/pr/'))).id }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const taken = new Promise<void>((resolve) => (locked = resolve));
    // Another process holds alpha's repository: the queued commit waits for it.
    const holding = holder.run(alphaDir, async () => {
      locked();
      await held;
    });
    await taken;
    try {
      const queued = await json(s.api('/api/projects/pr/repository/', { method: 'POST', json: { operation: 'commit', background: true } }), 202);
      expect(queued).toMatchObject({ detail: 'Repository operation has been queued.', included_components: ALL, skipped_components: [], permission_blockers: [] });
      expect(queued.task_url).toMatch(new RegExp(`^${s.url}/api/tasks/[0-9a-f-]{36}/$`));
      const busy = await json(s.api('/api/projects/pr/repository/', { method: 'POST', json: { operation: 'pull' } }), 423);
      expect(busy).toMatchObject({ detail: 'Another repository operation is already in progress.', task_url: queued.task_url, included_components: ALL });
      expect((await json(s.api(queued.task_url.slice(s.url.length)))).completed).toBe(false);
      release();
      await holding;
      await s.container.tasks.idle();
      const task = await json(s.api(queued.task_url.slice(s.url.length)));
      expect(task).toMatchObject({ completed: true, progress: 100, result: { result: true } });
      expect(await needsCommit('gamma')).toBe(false);
      // Once it ended, operations run again.
      expect((await json(s.api('/api/projects/pr/repository/', { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    } finally {
      release();
      await holding.catch(() => undefined);
    }
  });

  it("signs commits with the identity the author's profile chooses", async () => {
    const alphaDir = s.container.paths.componentDir({ id: ids.alpha, project_id: (await json(s.api('/api/projects/pr/'))).id });
    const commitBy = async (profile: Record<string, string>, target: string) => {
      await json(s.api('/api/users/keeper/', { method: 'PATCH', json: { full_name: 'Kate Keeper', profile } }));
      await json(s.api(`/api/units/${(await firstCsUnit('alpha')).id}/`, { method: 'PATCH', token: keeper, json: { target: [target], state: 20 } }));
      expect((await json(s.api('/api/components/pr/alpha/repository/', { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
      return git(alphaDir, 'log', '-1', '--format=%an <%ae>');
    };
    expect(await commitBy({ commit_name: 'default', commit_email: '' }, 'Alfa 1')).toBe('Kate Keeper <keeper@example.com>');
    expect(await commitBy({ commit_name: 'private' }, 'Alfa 2')).toBe('keeper <keeper@users.noreply.parla.invalid>');
    expect(await commitBy({ commit_name: 'private', commit_email: 'keeper@example.com' }, 'Alfa 3')).toBe('keeper <keeper@example.com>');
    expect(await commitBy({ commit_name: 'public', commit_email: '' }, 'Alfa 4')).toBe('Kate Keeper <keeper@example.com>');
  });

  it('answers an unknown operation with 400 before anything runs', async () => {
    const invalid = await json(s.api('/api/projects/pr/repository/', { method: 'POST', json: { operation: 'invalid', background: true } }), 400);
    expect(invalid.errors[0]).toMatchObject({ attr: 'operation', code: 'invalid_choice' });
  });
});
