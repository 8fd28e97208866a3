// Every forge's recorded-shape push payload through /hooks/<service>/: parsed, matched by URL and branch, pulled.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../src/hooks/fixtures');
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

const PUSHES: [service: string, fixture: string, headers: Record<string, string>][] = [
  ['github', 'github-push.json', { 'X-GitHub-Event': 'push' }],
  ['gitlab', 'gitlab-push.json', { 'X-Gitlab-Event': 'Push Hook' }],
  ['bitbucket', 'bitbucket-cloud-push.json', { 'X-Event-Key': 'repo:push' }],
  ['bitbucket', 'bitbucket-server-refs-changed.json', { 'X-Event-Key': 'repo:refs_changed' }],
  ['pagure', 'pagure-git-receive.json', {}],
  ['azure', 'azure-git-push.json', {}],
  ['gitea', 'gitea-push.json', { 'X-Gitea-Event': 'push' }],
  ['forgejo', 'gitea-push.json', { 'X-Forgejo-Event': 'push' }],
  ['gitee', 'gitee-push.json', { 'X-Gitee-Event': 'Push Hook' }],
];

describe.each(DIALECTS)('forge hooks over HTTP (%s)', (dialect) => {
  let server: TestServer;
  const post = (service: string, body: unknown, headers: Record<string, string> = {}, contentType = 'application/json') =>
    fetch(`${server.url}/hooks/${service}/`, { method: 'POST', headers: { 'Content-Type': contentType, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'hooked')).status).toBe(201);
    expect((await createPoComponent(server, 'hooked')).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it.each(PUSHES)('%s push (%s) is parsed; with no matching repository the answer is 202', async (service, fixture, headers) => {
    const res = await post(service, load(fixture), headers);
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await res.json()).toMatchObject({ status: 'failure', message: 'No matching repositories found!', match_status: { repository_matches: 0 } });
  });

  it('matches a component by the pushed repository URL and branch and schedules its pull', async () => {
    const db = server.container.database.db;
    const push = load('github-push.json') as { repository: { clone_url: string }; ref: string };
    const branch = push.ref.replace('refs/heads/', '');
    // Pretend the component came from that repository (no network in tests: the pull itself fails and is reported).
    await db.updateTable('components').set({ vcs: 'git', repo: push.repository.clone_url, branch }).execute();
    const res = await post('github', push, { 'X-GitHub-Event': 'push' });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'success', message: 'Update triggered: hooked/app', match_status: { repository_matches: 1, branch_matches: 1, enabled_hook_matches: 1 } });
    expect(body.updated_components).toEqual([`${server.url}/api/components/hooked/app/`]);
    const other = await post('github', { ...push, ref: 'refs/heads/some-other-branch' }, { 'X-GitHub-Event': 'push' });
    expect((await other.json()).match_status).toMatchObject({ repository_matches: 1, branch_matches: 0 });
    const notes = await db.selectFrom('changes').select('action').where('action', '=', 53).execute();
    expect(notes.length).toBe(1);
    await db.updateTable('components').set({ vcs: 'local', repo: 'local:', branch: 'main' }).execute();
    await db.deleteFrom('tasks').where('name', '=', 'repository-pull').execute();
  });

  it('accepts GitHub form delivery, answers pings, refuses junk and unknown services', async () => {
    const form = new URLSearchParams({ payload: JSON.stringify(load('github-push.json')) }).toString();
    expect((await post('github', form, { 'X-GitHub-Event': 'push' }, 'application/x-www-form-urlencoded')).status).toBe(202);
    expect((await post('github', load('github-ping.json'), { 'X-GitHub-Event': 'ping' })).status).toBe(201);
    const junk = await post('gitlab', 'this is not json');
    expect(junk.status).toBe(400);
    expect((await junk.json()).detail).toBe('Could not parse JSON payload!');
    expect((await post('svn', {})).status).toBe(404);
  });

  // Forges (and the reference's own tests) deliver the payload as the `payload` field of a multipart form.
  const multipart = (service: string, fields: Record<string, string>, headers: Record<string, string> = {}, path = `/hooks/${service}/`) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return fetch(`${server.url}${path}`, { method: 'POST', headers, body: form });
  };
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  it.each(PUSHES)('%s push (%s) arrives as a multipart `payload` field and as a urlencoded one', async (service, fixture, headers) => {
    const payload = JSON.stringify(load(fixture));
    const viaMultipart = await answer(await multipart(service, { payload }, headers));
    expect(viaMultipart).toMatchObject({ status: 202, body: { status: 'failure', message: 'No matching repositories found!' } });
    const form = new URLSearchParams({ payload }).toString();
    const viaForm = await answer(await post(service, form, headers, 'application/x-www-form-urlencoded'));
    expect(viaForm).toMatchObject({ status: 202, body: { message: 'No matching repositories found!' } });
  });

  it('answers pings delivered as forms, with and without the trailing slash', async () => {
    const zen = { payload: '{"zen": "Approachable is better than simple."}' };
    expect(await answer(await multipart('github', zen))).toEqual({ status: 201, body: { status: 'success', message: 'Hook working' } });
    expect(await answer(await multipart('github', zen, {}, '/hooks/github'))).toEqual({ status: 201, body: { status: 'success', message: 'Hook working' } });
    expect((await multipart('gitlab', { payload: JSON.stringify(load('gitlab-push.json')) }, {}, '/hooks/gitlab')).status).toBe(202);
    expect((await multipart('bitbucket', { payload: '{"foo": "bar"}' }, { 'X-Event-Key': 'diagnostics:ping' })).status).toBe(201);
    expect((await post('gitlab', { other: 42 })).status).toBe(201);
    expect((await post('pagure', { msg: '' })).status).toBe(201);
  });

  it('triggers a pull from a multipart Gitea push without an event header', async () => {
    const db = server.container.database.db;
    const push = load('gitea-push.json') as { repository: { clone_url: string }; ref: string };
    await db.updateTable('components').set({ vcs: 'git', repo: push.repository.clone_url, branch: push.ref.replace('refs/heads/', '') }).execute();
    try {
      const res = await answer(await multipart('gitea', { payload: JSON.stringify(push) }));
      expect(res).toMatchObject({ status: 200, body: { status: 'success', message: 'Update triggered: hooked/app' } });
    } finally {
      await db.updateTable('components').set({ vcs: 'local', repo: 'local:', branch: 'main' }).execute();
      await db.deleteFrom('tasks').where('name', '=', 'repository-pull').execute();
    }
  });

  it('tells a body without JSON from JSON without a notification', async () => {
    const detail = async (res: Response) => ({ status: res.status, detail: (await res.json()).detail });
    const unparsable = { status: 400, detail: 'Could not parse JSON payload!' };
    const invalid = { status: 400, detail: 'Invalid data in json payload!' };
    expect(await detail(await fetch(`${server.url}/hooks/github/`, { method: 'POST' }))).toEqual(unparsable);
    expect(await detail(await multipart('github', {}))).toEqual(unparsable);
    expect(await detail(await multipart('github', { other: 'x' }))).toEqual(unparsable);
    expect(await detail(await multipart('github', { payload: 'XX' }))).toEqual(unparsable);
    expect(await detail(await multipart('github', { payload: '{}' }))).toEqual(invalid);
    expect(await detail(await fetch(`${server.url}/hooks/gitlab/`, { method: 'POST' }))).toEqual(unparsable);
    expect(await detail(await multipart('gitlab', { payload: 'anything' }))).toEqual(unparsable);
    expect(await detail(await post('gitlab', 'xx'))).toEqual(unparsable);
    expect(await detail(await post('gitlab', '{}'))).toEqual(invalid);
    expect(await detail(await post('gitlab', '[1, 2]'))).toEqual(invalid);
  });

  it('answers 405 when hooks are turned off', async () => {
    const off = await startServer(dialect, { PARLA_ENABLE_HOOKS: 'off' });
    try {
      const res = await fetch(`${off.url}/hooks/github/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push' }, body: '{}' });
      expect(res.status).toBe(405);
    } finally {
      await off.close();
    }
  });
});
