// Git components over HTTP against real bare repositories: clone in the background, commit, push, pull, conflicts.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, CS_PO, DE_PO, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const WLC = ['/usr/bin/wlc', '/usr/local/bin/wlc'].find((p) => fs.existsSync(p));

/** A bare repository with po/app.pot, po/cs.po, po/de.po on branch main, and a working clone of it. */
const upstream = (root: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, 'po/de.po': DE_PO });

describe.each(DIALECTS)('git components (%s)', (dialect) => {
  let server: TestServer;
  let root: string;
  let repo: { bare: string; work: string };
  const C = '/api/components/gitproj/app/';

  const units = async (lang: string) => (await (await server.api(`/api/translations/gitproj/app/${lang}/units/`)).json()).results as { id: number; source: string[]; target: string[]; state: number }[];
  const operation = async (op: string, url = `${C}repository/`) => {
    const res = await server.api(url, { method: 'POST', json: { operation: op } });
    expect(res.status, `${op}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as { result: boolean; detail?: string };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-git-'));
    repo = upstream(root);
    server = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(server, 'gitproj')).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses option-looking branches and unsafe URLs', async () => {
    const base = { name: 'Bad', slug: 'bad', file_format: 'po', filemask: 'po/*.po' };
    const branch = await server.api('/api/projects/gitproj/components/', { method: 'POST', json: { ...base, repo: repo.bare, branch: '--upload-pack=touch /tmp/x' } });
    expect(branch.status).toBe(400);
    expect((await branch.json()).errors.map((e: { attr: string }) => e.attr)).toContain('branch');
    const url = await server.api('/api/projects/gitproj/components/', { method: 'POST', json: { ...base, repo: 'ext::sh -c touch% /tmp/pwned' } });
    expect(url.status).toBe(400);
  });

  it('clones in the background and imports every language', async () => {
    const res = await server.api('/api/projects/gitproj/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: repo.bare, branch: 'main', push_on_commit: false },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.task_url).toMatch(/\/api\/tasks\/[0-9a-f-]+\/$/);
    await server.container.tasks.idle();
    const task = await (await server.api(new URL(body.task_url).pathname)).json();
    expect(task).toMatchObject({ completed: true });
    expect((await units('cs')).map((u) => u.target[0])).toEqual(['Ahoj', 'Sbohem světe', '', 'Jeden soubor']);
    const status = await (await server.api(`${C}repository/`)).json();
    expect(status).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false, merge_failure: null });
  });

  it('commits an edit with the translator as author and pushes it upstream', async () => {
    const open = (await units('cs'))[2]!;
    expect((await server.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 } })).status).toBe(200);
    expect((await (await server.api(`${C}repository/`)).json()).needs_commit).toBe(true);
    expect(await operation('commit')).toEqual({ result: true });
    const status = await (await server.api(`${C}repository/`)).json();
    expect(status).toMatchObject({ needs_commit: false, needs_push: true });
    expect(await operation('push')).toEqual({ result: true });
    const log = git(repo.bare, 'log', '-1', '--format=%an <%ae>%n%s', 'main');
    expect(log).toBe('admin <admin@example.com>\nTranslated using Parla (Czech)');
    expect(git(repo.bare, 'show', 'main:po/cs.po')).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"');
    expect(await operation('commit')).toEqual({ result: true, detail: 'Nothing to commit.' });
  });

  it('commits edits older than commit_pending_age on the periodic sweep', async () => {
    const hello = (await units('cs'))[0]!;
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Ahoj!'], state: 20 } })).status).toBe(200);
    const before = git(repo.bare, 'rev-parse', 'main');
    expect(await server.container.repository.commitDuePending(new Date())).toEqual([]); // default age 24 h
    const component = await (await server.api(C)).json();
    const later = new Date(Date.now() + (component.commit_pending_age + 1) * 3600_000);
    expect((await server.container.repository.commitDuePending(later)).length).toBe(1);
    expect((await (await server.api(`${C}repository/`)).json()).needs_commit).toBe(false);
    expect(await operation('push')).toEqual({ result: true });
    expect(git(repo.bare, 'rev-parse', 'main')).not.toBe(before);
  });

  it('pulls upstream changes: new strings appear in every language', async () => {
    git(repo.work, 'pull', '--quiet', 'origin', 'main');
    fs.appendFileSync(path.join(repo.work, 'po/app.pot'), '\nmsgid "Fresh upstream string"\nmsgstr ""\n');
    fs.appendFileSync(path.join(repo.work, 'po/de.po'), '\nmsgid "Fresh upstream string"\nmsgstr "Frischer Text"\n');
    git(repo.work, 'commit', '--quiet', '-am', 'New string');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    expect((await (await server.api(`${C}repository/`)).json()).needs_merge).toBe(false); // not fetched yet
    expect(await operation('pull')).toEqual({ result: true });
    const de = await units('de');
    expect(de.find((u) => u.source[0] === 'Fresh upstream string')?.target).toEqual(['Frischer Text']);
    const stats = await (await server.api('/api/translations/gitproj/app/de/')).json();
    expect(stats.total).toBe(5);
    const recount = await server.container.stats.recalculate();
    expect(recount.corrected).toBe(0);
  });

  it('a conflicting upstream change leaves the repository clean, reports merge_failure and keeps the translation', async () => {
    const hello = (await units('cs'))[0]!;
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Nazdar'], state: 20 } })).status).toBe(200);
    expect(await operation('commit')).toEqual({ result: true });
    git(repo.work, 'pull', '--quiet', 'origin', 'main');
    fs.writeFileSync(path.join(repo.work, 'po/cs.po'), fs.readFileSync(path.join(repo.work, 'po/cs.po'), 'utf8').replace(/msgid "Hello"\nmsgstr "[^"]*"/, 'msgid "Hello"\nmsgstr "Dobrý den"'));
    git(repo.work, 'commit', '--quiet', '-am', 'Upstream translation');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    const pulled = await operation('pull');
    expect(pulled.result).toBe(false);
    expect(pulled.detail).toMatch(/Could not (rebase|merge)/);
    const status = await (await server.api(`${C}repository/`)).json();
    expect(status.merge_failure).toBeTruthy();
    expect((await units('cs'))[0]!.target).toEqual(['Nazdar']);
    const changes = await server.container.database.db.selectFrom('changes').select('action').where('action', 'in', [22, 23]).execute();
    expect(changes.length).toBeGreaterThan(0);
    // Reset takes upstream's side and clears the failure.
    expect(await operation('reset')).toEqual({ result: true });
    expect((await units('cs'))[0]!.target).toEqual(['Dobrý den']);
    expect((await (await server.api(`${C}repository/`)).json()).merge_failure).toBeNull();
  });

  it('runs project-level operations and refuses unknown ones', async () => {
    expect(await operation('commit', '/api/projects/gitproj/repository/')).toMatchObject({ result: true });
    const status = await (await server.api('/api/projects/gitproj/repository/')).json();
    expect(status).toMatchObject({ needs_commit: false, needs_merge: false });
    const bad = await server.api(`${C}repository/`, { method: 'POST', json: { operation: 'explode' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({ attr: 'operation', code: 'invalid_choice' });
    expect((await server.api(`${C}repository/`, { method: 'POST', json: { operation: 'commit' }, token: null })).status).toBe(401);
  });

  it('pulls on a forge push notification and answers pings and unknown repositories', async () => {
    git(repo.work, 'pull', '--quiet', 'origin', 'main');
    fs.appendFileSync(path.join(repo.work, 'po/app.pot'), '\nmsgid "Announced by a hook"\nmsgstr ""\n');
    git(repo.work, 'commit', '--quiet', '-am', 'Hooked string');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    const hook = (service: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/hooks/${service}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const ping = await hook('github', { zen: 'Keep it logically awesome.', hook_id: 1 }, { 'X-GitHub-Event': 'ping' });
    expect(ping.status).toBe(201);
    expect(await ping.json()).toEqual({ status: 'success', message: 'Hook working' });
    const push = {
      ref: 'refs/heads/main',
      repository: { name: 'upstream', full_name: 'example/upstream', clone_url: repo.bare, html_url: 'https://github.com/example/upstream', owner: { login: 'example', name: 'example' } },
    };
    const res = await hook('github', push, { 'X-GitHub-Event': 'push' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success', message: 'Update triggered: gitproj/app' });
    await server.container.tasks.idle();
    const pulls = await server.container.database.db.selectFrom('tasks').select(['status', 'result', 'log']).where('name', '=', 'repository-pull').execute();
    expect(pulls.map((t) => [t.status, t.result])).toEqual([['done', '{"result":true}']]);
    // A bilingual component learns a new source string from its template (translations get it once their files do).
    expect((await units('en')).some((u) => u.source[0] === 'Announced by a hook')).toBe(true);
    const other = await hook('github', { ...push, repository: { ...push.repository, clone_url: 'https://github.com/someone/else.git', full_name: 'someone/else' } }, { 'X-GitHub-Event': 'push' });
    expect(other.status).toBe(202);
    expect((await other.json()).message).toBe('No matching repositories found!');
    expect((await hook('nosuchforge', push)).status).toBe(404);
    const junk = await fetch(`${server.url}/hooks/gitlab/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'not json' });
    expect(junk.status).toBe(400);
    const legacy = await fetch(`${server.url}/hooks/update/gitproj/app/`);
    expect(await legacy.json()).toEqual({ status: 'success', message: 'Update triggered' });
    await server.container.tasks.idle();
  });

  it('shares the clone with another component of the same repository (autoshare, parla:// and weblate://)', async () => {
    const create = async (slug: string, extra: Record<string, unknown>) => {
      const res = await server.api('/api/projects/gitproj/components/', {
        method: 'POST',
        json: { name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', branch: 'main', push_on_commit: false, ...extra },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      await server.container.tasks.idle();
      return res.json();
    };
    const auto = await create('auto', { repo: repo.bare });
    // A component sharing another one's clone shows that repository and links to the component.
    expect(auto).toMatchObject({ repo: repo.bare, branch: 'main', linked_component: `${server.url}/api/components/gitproj/app/` });
    expect((await (await server.api('/api/translations/gitproj/auto/cs/')).json()).total).toBe(4);
    const alias = await create('alias', { repo: 'weblate://gitproj/app' });
    expect(alias).toMatchObject({ repo: repo.bare, linked_component: `${server.url}/api/components/gitproj/app/` });
    const own = await create('own', { repo: repo.bare, disable_autoshare: true });
    expect(own.repo).toBe(repo.bare);
    const dangling = await server.api('/api/projects/gitproj/components/', { method: 'POST', json: { name: 'X', slug: 'x', file_format: 'po', filemask: 'po/*.po', repo: 'parla://gitproj/nothing' } });
    expect(dangling.status).toBe(400);
    // An upstream change pulled through one component reaches every component of the clone.
    git(repo.work, 'pull', '--quiet', 'origin', 'main');
    fs.appendFileSync(path.join(repo.work, 'po/app.pot'), '\nmsgid "Shared news"\nmsgstr ""\n');
    git(repo.work, 'commit', '--quiet', '-am', 'Shared news');
    git(repo.work, 'push', '--quiet', 'origin', 'main');
    expect(await operation('pull', '/api/components/gitproj/auto/repository/')).toEqual({ result: true });
    for (const slug of ['app', 'auto', 'alias']) {
      const source = (await (await server.api(`/api/translations/gitproj/${slug}/en/units/`)).json()).results;
      expect(source.some((u: { source: string[] }) => u.source[0] === 'Shared news'), slug).toBe(true);
    }
    expect((await server.api(C, { method: 'DELETE' })).status).toBe(400);
  });

  it('lets no one share the clone of a project whose components they may not edit', async () => {
    const eve = await server.createUser('eve');
    const groups = (await (await server.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const creators = groups.find((g) => g.name === 'Project creators' && g.defining_project === null)!;
    expect((await server.api('/api/users/eve/groups/', { method: 'POST', json: { group_id: creators.id } })).status).toBe(200);
    expect((await server.api('/api/projects/', { method: 'POST', token: eve, json: { name: 'Eve', slug: 'eve', web: 'https://example.com/' } })).status).toBe(201);
    const link = (repo: string) =>
      server.api('/api/projects/eve/components/', { method: 'POST', token: eve, json: { name: 'Link', slug: 'link', file_format: 'po', filemask: 'po/*.po', vcs: 'git', repo } });
    // Public or private, another project's clone is not hers to read and write.
    const refused = await link('parla://gitproj/app');
    expect(refused.status, await refused.clone().text()).toBe(400);
    expect((await refused.json()).errors[0]).toMatchObject({ attr: 'repo' });
    expect((await server.api('/api/projects/gitproj/', { method: 'PATCH', json: { access_control: 100 } })).status).toBe(200);
    expect((await link('weblate://gitproj/app')).status).toBe(400);
    expect((await server.api('/api/projects/gitproj/', { method: 'PATCH', json: { access_control: 0 } })).status).toBe(200);
    // The site administrator may link across projects.
    const admin = await server.api('/api/projects/eve/components/', { method: 'POST', json: { name: 'Admin link', slug: 'admin-link', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: 'parla://gitproj/app' } });
    expect(admin.status, await admin.clone().text()).toBe(201);
    await server.container.tasks.idle();
  });

  it('with a project webhook secret, only signed notifications trigger a pull', async () => {
    expect((await server.api('/api/projects/gitproj/', { method: 'PATCH', json: { webhook_secret: 's3cret' } })).status).toBe(200);
    const project = await (await server.api('/api/projects/gitproj/')).json();
    expect(JSON.stringify(project)).not.toContain('s3cret');
    const body = JSON.stringify({ ref: 'refs/heads/main', repository: { name: 'upstream', full_name: 'example/upstream', clone_url: repo.bare, owner: { login: 'example' } } });
    const post = (headers: Record<string, string>) => fetch(`${server.url}/hooks/github/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', ...headers }, body });
    expect((await post({})).status).toBe(202);
    expect((await post({ 'X-Hub-Signature-256': 'sha256=' + '0'.repeat(64) })).status).toBe(202);
    const signature = 'sha256=' + crypto.createHmac('sha256', 's3cret').update(body).digest('hex');
    expect((await post({ 'X-Hub-Signature-256': signature })).status).toBe(200);
    await server.container.tasks.idle();
    expect((await server.api('/api/projects/gitproj/', { method: 'PATCH', json: { webhook_secret: '' } })).status).toBe(200);
  });

  it.skipIf(!WLC)('is driven by wlc: repo, commit, push, pull, reset, cleanup, lock', async () => {
    const wlc = async (...args: string[]) => {
      const { stdout } = await run(WLC!, ['--format', 'json', '--url', `${server.url}/api/`, '--key', server.adminToken, ...args], { env: { ...process.env, HOME: root } });
      return stdout.trim() ? JSON.parse(stdout) : null;
    };
    expect(await wlc('repo', 'gitproj/app')).toMatchObject({ needs_commit: false, needs_merge: false });
    const hello = (await units('cs'))[0]!;
    expect((await server.api(`/api/units/${hello.id}/`, { method: 'PATCH', json: { target: ['Ahoj z wlc'], state: 20 } })).status).toBe(200);
    expect(await wlc('repo', 'gitproj/app')).toMatchObject({ needs_commit: true });
    // wlc prints nothing when a repository operation succeeds (and fails with a message otherwise).
    await wlc('commit', 'gitproj/app');
    expect(await wlc('repo', 'gitproj/app')).toMatchObject({ needs_commit: false, needs_push: true });
    await wlc('push', 'gitproj/app');
    expect(git(repo.bare, 'show', 'main:po/cs.po')).toContain('msgstr "Ahoj z wlc"');
    await wlc('pull', 'gitproj/app');
    await wlc('cleanup', 'gitproj/app');
    await wlc('reset', 'gitproj/app');
    expect(await wlc('repo', 'gitproj/app')).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false });
    const ops = await server.container.database.db.selectFrom('changes').select('action').where('action', 'in', [17, 18, 19, 88]).execute();
    expect(new Set(ops.map((o) => o.action))).toEqual(new Set([17, 18, 19, 88]));
    // Files in and out with wlc, and the upload reaches the upstream repository.
    const { stdout: file } = await run(WLC!, ['--url', `${server.url}/api/`, '--key', server.adminToken, 'download', 'gitproj/app/de'], { env: { ...process.env, HOME: root } });
    expect(file).toContain('msgstr "Hallo"');
    const zipDir = path.join(root, 'zips');
    fs.mkdirSync(zipDir, { recursive: true });
    await run(WLC!, ['--url', `${server.url}/api/`, '--key', server.adminToken, 'download', 'gitproj/app', '-o', zipDir], { env: { ...process.env, HOME: root } });
    expect(fs.readdirSync(zipDir).length).toBe(1);
    const edited = path.join(root, 'de-edit.po');
    fs.writeFileSync(edited, file.replace('msgstr "Hallo"', 'msgstr "Servus"'));
    await wlc('upload', 'gitproj/app/de', '-i', edited, '--overwrite');
    await wlc('push', 'gitproj/app');
    expect(git(repo.bare, 'show', 'main:po/de.po')).toContain('msgstr "Servus"');
    await wlc('lock', 'gitproj/app');
    expect(await wlc('lock-status', 'gitproj/app')).toMatchObject({ locked: true });
    const locked = await server.api('/api/translations/gitproj/app/cs/file/', { method: 'POST', body: (() => { const f = new FormData(); f.append('file', new Blob([CS_PO]), 'cs.po'); return f; })() });
    expect(locked.status).toBe(403);
    await wlc('unlock', 'gitproj/app');
    expect(await wlc('lock-status', 'gitproj/app')).toMatchObject({ locked: false });
    await wlc('commit', 'gitproj');
    // Seventeen runs of the Python client: their start-up alone takes a second each on a loaded machine.
  }, 120_000);
});

describe.each(DIALECTS)('git keyed components (%s)', (dialect) => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-git-json-'));
    server = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(server, 'keyed')).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a pulled change of a source text marks its translations for editing; removed keys go', async () => {
    const { bare, work } = gitUpstream(root, {
      'locales/en.json': '{\n  "hello": "Hello",\n  "bye": "Goodbye",\n  "old": "Old"\n}\n',
      'locales/cs.json': '{\n  "hello": "Ahoj",\n  "bye": "Nashledanou",\n  "old": "Staré"\n}\n',
    }, { message: 'Strings' });
    const res = await server.api('/api/projects/keyed/components/', {
      method: 'POST',
      json: { name: 'Web', slug: 'web', file_format: 'json', filemask: 'locales/*.json', template: 'locales/en.json', vcs: 'git', repo: bare, branch: 'main' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await server.container.tasks.idle();
    fs.writeFileSync(path.join(work, 'locales/en.json'), '{\n  "hello": "Hello there",\n  "bye": "Goodbye"\n}\n');
    git(work, 'commit', '--quiet', '-am', 'Reword hello, drop old');
    git(work, 'push', '--quiet', 'origin', 'main');
    const pulled = await server.api('/api/components/keyed/web/repository/', { method: 'POST', json: { operation: 'pull' } });
    expect(await pulled.json()).toEqual({ result: true });
    const units = (await (await server.api('/api/translations/keyed/web/cs/units/')).json()).results as { context: string; source: string[]; target: string[]; state: number; previous_source: string }[];
    expect(units.map((u) => [u.context, u.source[0], u.target[0], u.state])).toEqual([
      ['hello', 'Hello there', 'Ahoj', 10],
      ['bye', 'Goodbye', 'Nashledanou', 20],
    ]);
    expect(units[0]!.previous_source).toBe('Hello');
    const stats = await (await server.api('/api/translations/keyed/web/cs/')).json();
    expect(stats).toMatchObject({ total: 2, translated: 1, fuzzy: 1 });
  });
});
