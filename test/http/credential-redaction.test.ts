// Repository and push URLs with a password: no part of the password leaves the server, wherever the URL is shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

// The password has "@" and ":" in it, so a parser that stops at the first "@" shows its tail.
const PASSWORD = 'Zq@Xy:Wv@Ut';
const FRAGMENTS = ['Zq', 'Xy', 'Wv@Ut', 'Ut@', ':Wv', '@Xy'];
const REPO = `http://bot:${PASSWORD}@127.0.0.1:1/upstream.git`;
const PUSH = `https://bot:${PASSWORD}@127.0.0.1:1/push.git`;

function expectNoPassword(where: string, text: string): void {
  for (const fragment of FRAGMENTS) expect(text, `${where} shows "${fragment}"`).not.toContain(fragment);
}

describe.each(DIALECTS)('credentials in repository URLs (%s)', (dialect) => {
  let server: TestServer;
  const C = '/api/components/secrets/app/';

  beforeAll(async () => {
    server = await startServer(dialect);
    expect((await createProject(server, 'secrets')).status).toBe(201);
  });
  afterAll(async () => server?.close());

  it('are not returned in the component, its list, its task, its changes or its repository status', async () => {
    const res = await server.api('/api/projects/secrets/components/', {
      method: 'POST',
      json: { name: 'App', slug: 'app', file_format: 'po', filemask: 'po/*.po', vcs: 'git', repo: REPO, push: PUSH, branch: 'main' },
    });
    const created = await res.text();
    expect(res.status, created).toBe(201);
    expectNoPassword('create response', created);
    const body = JSON.parse(created) as { repo: string; push: string; task_url: string };
    expect(body.repo).toBe('http://127.0.0.1:1/upstream.git');
    expect(body.push).toBe('https://127.0.0.1:1/push.git');
    await server.container.tasks.idle();

    // The clone fails: git's own message quotes the URL as it parsed it.
    const task = await (await server.api(new URL(body.task_url).pathname)).text();
    expect(task).toContain('127.0.0.1');
    expectNoPassword('task', task);
    for (const path of [C, '/api/projects/secrets/components/', '/api/components/', `${C}changes/`, '/api/changes/', `${C}repository/`]) {
      const page = await server.api(path);
      expect(page.status, path).toBe(200);
      expectNoPassword(path, await page.text());
    }
    for (const operation of ['pull', 'push']) {
      const op = await server.api(`${C}repository/`, { method: 'POST', json: { operation } });
      expectNoPassword(`repository ${operation}`, await op.text());
    }
    expectNoPassword('changes after operations', await (await server.api(`${C}changes/`)).text());
  });

  it('are not shown in the browsable API or the web UI', async () => {
    const browsable = await server.api(`${C}?format=api`);
    expect(browsable.status).toBe(200);
    const html = await browsable.text();
    expect(html).toContain('127.0.0.1:1/upstream.git');
    expectNoPassword('browsable API', html);
    for (const token of [null, undefined]) {
      for (const page of ['/projects/secrets/', '/projects/secrets/app/']) {
        const ui = await server.api(page, { token });
        expect(ui.status, page).toBe(200);
        expectNoPassword(`${page} (${token === null ? 'anonymous' : 'admin'})`, await ui.text());
      }
    }
  });

  it('keep an scp-like address as it is (it carries no password)', async () => {
    const res = await server.api(C, { method: 'PATCH', json: { push: 'deploy@127.0.0.1:o/r.git' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).push).toBe('deploy@127.0.0.1:o/r.git');
  });
});
