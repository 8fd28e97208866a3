// Repository status as the reference shows it: commits as objects, outgoing/missing counts, pending edits by commit policy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, DE_PO, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

const upstream = (root: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });

const COMMIT_FIELDS = ['revision', 'shortrevision', 'author', 'author_name', 'author_email', 'authordate', 'commit', 'commit_name', 'commit_email', 'commitdate', 'message', 'summary'];

describe.each(DIALECTS)('repository status (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  const C = '/api/components/st/app/';
  const ok = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return text ? JSON.parse(text) : null;
  };
  const edit = async (lang: string, index: number, target: string, state = 20) => {
    const units = (await ok(await s.api(`/api/translations/st/app/${lang}/units/`))).results as { id: number }[];
    await ok(await s.api(`/api/units/${units[index]!.id}/`, { method: 'PATCH', json: { target: [target], state } }));
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-status-'));
    repo = upstream(root);
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    await ok(await createProject(s, 'st'), 201);
    await ok(await s.api('/api/projects/st/components/', { method: 'POST', json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: repo.bare, branch: 'main', push_on_commit: false } }), 201);
    await s.container.tasks.idle();
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a component shows its commits as objects, the commit counts and no pending edits', async () => {
    const status = await ok(await s.api(`${C}repository/`));
    expect(status).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false, merge_failure: null, outgoing_commits: 0, missing_commits: 0, pending_units: { total: 0, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: 0 } });
    expect(Object.keys(status.remote_commit).sort()).toEqual([...COMMIT_FIELDS].sort());
    expect(status.remote_commit).toMatchObject({ summary: 'Initial strings', author_name: 'Upstream Dev', author_email: 'dev@example.org', author: 'Upstream Dev <dev@example.org>', message: 'Initial strings' });
    expect(status.weblate_commit.revision).toBe(status.remote_commit.revision);
    expect(status.remote_commit.shortrevision).toBe(status.remote_commit.revision.slice(0, status.remote_commit.shortrevision.length));
    expect(typeof status.status).toBe('string');
  });

  it('pending edits are counted per component and per translation; a commit makes an outgoing commit', async () => {
    await edit('cs', 2, 'Otevřít');
    await edit('de', 0, 'Hallo!');
    const component = await ok(await s.api(`${C}repository/`));
    expect(component.needs_commit).toBe(true);
    expect(component.pending_units).toEqual({ total: 2, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: 2 });
    const cs = await ok(await s.api('/api/translations/st/app/cs/repository/'));
    expect(cs.pending_units).toEqual({ total: 1, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: 1 });
    expect((await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    const after = await ok(await s.api(`${C}repository/`));
    expect(after).toMatchObject({ needs_commit: false, needs_push: true, outgoing_commits: 2, missing_commits: 0, pending_units: { total: 0 } });
    expect(after.weblate_commit.revision).not.toBe(after.remote_commit.revision);
    expect(after.weblate_commit.summary).toMatch(/^Translated using Parla/);
  });

  it('after a pull the upstream head is the remote commit and no upstream commit is missing', async () => {
    fs.writeFileSync(path.join(repo.work, 'README'), 'upstream change\n');
    git(repo.work, 'add', 'README');
    git(repo.work, 'commit', '--quiet', '-m', 'Upstream change');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'pull' } }));
    const merged = await ok(await s.api(`${C}repository/`));
    expect(merged).toMatchObject({ missing_commits: 0, needs_merge: false });
    expect(merged.remote_commit.summary).toBe('Upstream change');
  });

  it("the project's commit policy keeps edits needing editing out of commits and counts them", async () => {
    await ok(await s.api('/api/projects/st/', { method: 'PATCH', json: { commit_policy: 20 } }));
    await edit('cs', 0, 'Ahoj!', 10); // needs editing: held back
    await edit('cs', 1, 'Sbohem', 20);
    expect((await ok(await s.api(`${C}repository/`))).pending_units).toEqual({ total: 2, errors_skipped: 0, commit_policy_skipped: 1, eligible_for_commit: 1 });
    await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'commit' } }));
    const after = await ok(await s.api(`${C}repository/`));
    expect(after.pending_units).toEqual({ total: 1, errors_skipped: 0, commit_policy_skipped: 1, eligible_for_commit: 0 });
    const dir = path.join(root, 'check');
    git(root, 'clone', '--quiet', s.container.paths.componentDir({ id: (await ok(await s.api(C))).id, project_id: (await ok(await s.api('/api/projects/st/'))).id }), dir);
    const file = fs.readFileSync(path.join(dir, 'po/cs.po'), 'utf8');
    expect(file).toContain('msgstr "Sbohem"');
    expect(file).not.toContain('Ahoj!');
    // Once it is translated, the next commit takes it.
    await edit('cs', 0, 'Ahoj!', 20);
    await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'commit' } }));
    expect((await ok(await s.api(`${C}repository/`))).pending_units.total).toBe(0);
    await ok(await s.api('/api/projects/st/', { method: 'PATCH', json: { commit_policy: 0 } }));
  });

  it('the project level shows its pending edits and nulls for the per-repository fields', async () => {
    await edit('de', 1, 'Tschüss');
    const status = await ok(await s.api('/api/projects/st/repository/'));
    expect(status).toEqual({
      needs_commit: true,
      needs_merge: false,
      needs_push: true,
      weblate_commit: null,
      status: null,
      merge_failure: null,
      outgoing_commits: null,
      missing_commits: null,
      remote_commit: null,
      pending_units: { total: 1, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: 1 },
      included_components: ['st/app'],
      skipped_components: [],
      permission_blockers: [],
      url: `${s.url}/api/projects/st/repository/`,
    });
  });

  it("a component sharing another one's repository shows that repository and its repository settings", async () => {
    await ok(await s.api(C, { method: 'PATCH', json: { push_on_commit: true, commit_pending_age: 12, auto_lock_error: false } }));
    const linked = await ok(
      await s.api('/api/projects/st/components/', { method: 'POST', json: { name: 'Linked', slug: 'linked', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', repo: 'weblate://st/app', push_on_commit: false, commit_pending_age: 1, auto_lock_error: true } }),
      201,
    );
    await s.container.tasks.idle();
    const L = '/api/components/st/linked/';
    expect(linked).toMatchObject({ repo: repo.bare, branch: 'main', linked_component: `${s.url}${C}`, push_on_commit: true, commit_pending_age: 12, auto_lock_error: false });
    expect(await ok(await s.api(L))).toMatchObject({ repo: repo.bare, branch: 'main', push_on_commit: true, commit_pending_age: 12, auto_lock_error: false });
    // Other values than the shared repository's are refused, field by field; the same values change nothing.
    const refused = await ok(await s.api(L, { method: 'PATCH', json: { push_on_commit: false, commit_pending_age: 1, auto_lock_error: true } }), 400);
    const detail = 'Option is not available for linked repositories. Setting from linked component will be used.';
    expect(new Set(refused.errors.map((e: { attr: string; detail: string }) => `${e.attr}: ${e.detail}`))).toEqual(new Set(['push_on_commit', 'commit_pending_age', 'auto_lock_error'].map((a) => `${a}: ${detail}`)));
    const renamed = await ok(await s.api(L, { method: 'PATCH', json: { name: 'Linked renamed', push_on_commit: true, commit_pending_age: 12, auto_lock_error: false } }));
    expect(renamed).toMatchObject({ name: 'Linked renamed', push_on_commit: true, commit_pending_age: 12 });
    const stored = await s.container.database.db.selectFrom('components').select(['push_on_commit', 'commit_pending_age', 'auto_lock_error']).where('slug', '=', 'linked').executeTakeFirstOrThrow();
    expect(stored).toEqual({ push_on_commit: 0, commit_pending_age: 1, auto_lock_error: 1 });
    await ok(await s.api(C, { method: 'PATCH', json: { push_on_commit: false, commit_pending_age: 24, auto_lock_error: true } }));
  });

  it('a component without a remote answers counts of zero and no commits', async () => {
    await ok(await createProject(s, 'zip'), 201);
    await ok(await createPoComponent(s, 'zip'), 201);
    const status = await ok(await s.api('/api/components/zip/app/repository/'));
    expect(status).toMatchObject({ outgoing_commits: 0, missing_commits: 0, remote_commit: null, weblate_commit: null, pending_units: { total: 0 } });
  });

  it('vcs_params git_force_push pushes over upstream commits the component lacks', async () => {
    git(repo.work, 'pull', '--quiet', '--no-rebase', 'origin', 'main');
    fs.writeFileSync(path.join(repo.work, 'UPSTREAM'), 'moved on\n');
    git(repo.work, 'add', 'UPSTREAM');
    git(repo.work, 'commit', '--quiet', '-m', 'Upstream moved on');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    await edit('cs', 1, 'Sbohem, světe!');
    expect((await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'commit' } }))).result).toBe(true);
    // A plain push is refused: the upstream branch has a commit the component does not.
    expect((await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'push' } }))).result).toBe(false);
    expect((await ok(await s.api(C, { method: 'PATCH', json: { vcs_params: { git_force_push: true } } }))).vcs_params).toEqual({ git_force_push: true });
    expect((await ok(await s.api(`${C}repository/`, { method: 'POST', json: { operation: 'push' } }))).result).toBe(true);
    expect(git(repo.bare, 'log', '-1', '--format=%s', 'main')).toMatch(/^Translated using Parla/);
    expect(git(repo.bare, 'ls-tree', '--name-only', 'main')).not.toContain('UPSTREAM');
  });
});
