// Git argument injection: every component field that reaches git, and the user data that ends up in
// commits, either refused with a 400 on the field or passed to git as data; a canary proves no injected command ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { createProject, CS_PO, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';

/** A directory name that git would take for an option if it ever came before `--`: it runs `touch pwned` in git's cwd. */
const OPTION_DIR = '--exec=touch pwned';

/** A bare repository with po/ and a directory named like a git option holding translations too. */
const upstream = (root: string) => gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO, [`${OPTION_DIR}/app.pot`]: POT, [`${OPTION_DIR}/cs.po`]: CS_PO }).bare;

describe.each(DIALECTS)('git argument injection (%s)', (dialect) => {
  let s: TestServer;
  let root: string;
  let bare: string;
  let canary: string;

  /** Every command the payloads could run creates `canary` or a file named `pwned` (in git's cwd, somewhere under root). */
  const nothingRan = () => {
    expect(fs.existsSync(canary), canary).toBe(false);
    const pwned = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => path.basename(p) === 'pwned');
    expect(pwned).toEqual([]);
    expect(fs.existsSync(path.resolve('pwned'))).toBe(false);
  };
  const attrsOf = async (res: Response): Promise<string[]> => {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text);
    expect(body.type).toBe('validation_error');
    return body.errors.map((e: { attr: string }) => e.attr);
  };
  const base = () => ({ name: 'Bad', slug: 'bad', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main' });
  const create = (fields: Record<string, unknown>) => s.api('/api/projects/gitinj/components/', { method: 'POST', json: { ...base(), ...fields } });
  const patch = (fields: Record<string, unknown>) => s.api('/api/components/gitinj/app/', { method: 'PATCH', json: fields });
  const operation = async (op: string) => {
    const res = await s.api('/api/components/gitinj/app/repository/', { method: 'POST', json: { operation: op } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { result: boolean; detail?: string };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-hostile-git-'));
    canary = path.join(root, 'canary-created');
    bare = upstream(root);
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    expect((await createProject(s, 'gitinj')).status).toBe(201);
    const res = await s.api('/api/projects/gitinj/components/', { method: 'POST', json: { ...base(), name: 'App', slug: 'app', push_on_commit: false } });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
    expect((await s.api('/api/translations/gitinj/app/cs/')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const hostileUrls = () => [
    `--upload-pack=touch ${canary}`,
    `-c core.sshCommand=touch ${canary}`,
    `-uc`,
    `ext::sh -c touch% ${canary}`,
    `ext::sh -c "touch ${canary}"`,
    'fd::17',
    `${bare}\n--upload-pack=touch ${canary}`,
    `${bare}\r\n-c core.sshCommand=touch ${canary}`,
    `${bare}%0a--upload-pack=touch%20${canary}`,
    `ssh://-oProxyCommand=touch%20${canary}/repo.git`,
    `ssh://-oProxyCommand=touch%20${canary}@example.com/repo.git`,
    `-oProxyCommand=touch ${canary}:repo.git`,
    `git@example.com:repo.git --upload-pack=touch ${canary}`,
    `https://example.com/repo.git --receive-pack=touch ${canary}`,
    `file://${bare} --exec=touch ${canary}`,
    // Links to another component's clone name a component, never a path.
    'parla://gitinj/../../app',
    'parla://-rf/app',
    'weblate://gitinj/--upload-pack=x',
  ];
  const hostileBranches = () => [
    `--upload-pack=touch ${canary}`,
    '-f',
    `-c core.sshCommand=touch ${canary}`,
    `main\n--upload-pack=touch ${canary}`,
    'main --exec=x',
    'main:refs/heads/other',
    '..',
    'a..b',
    '@{-1}',
    'HEAD',
    'main.lock',
    '.hidden',
    'refs/heads/../x',
    'a\u0000b',
  ];

  it('refuses option-looking and helper repository and push URLs on creation and on change, with a 400 on the field', async () => {
    for (const url of hostileUrls()) {
      expect(await attrsOf(await create({ repo: url })), `repo ${JSON.stringify(url)}`).toContain('repo');
      expect(await attrsOf(await create({ push: url })), `push ${JSON.stringify(url)}`).toContain('push');
      expect(await attrsOf(await patch({ repo: url })), `PATCH repo ${JSON.stringify(url)}`).toContain('repo');
      expect(await attrsOf(await patch({ push: url })), `PATCH push ${JSON.stringify(url)}`).toContain('push');
    }
    const component = await (await s.api('/api/components/gitinj/app/')).json();
    expect(component.repo).toBe(bare);
    expect(component.push).toBe('');
    await s.container.tasks.idle();
    nothingRan();
  });

  it('refuses branch and push branch names that git could read as options or refspecs, on creation and on change', async () => {
    for (const name of hostileBranches()) {
      expect(await attrsOf(await create({ branch: name })), `branch ${JSON.stringify(name)}`).toContain('branch');
      expect(await attrsOf(await create({ push_branch: name })), `push_branch ${JSON.stringify(name)}`).toContain('push_branch');
      expect(await attrsOf(await patch({ branch: name })), `PATCH branch ${JSON.stringify(name)}`).toContain('branch');
      expect(await attrsOf(await patch({ push_branch: name })), `PATCH push_branch ${JSON.stringify(name)}`).toContain('push_branch');
    }
    const component = await (await s.api('/api/components/gitinj/app/')).json();
    expect(component).toMatchObject({ branch: 'main', push_branch: '' });
    expect((await s.api('/api/components/gitinj/bad/')).status).toBe(404);
    await s.container.tasks.idle();
    nothingRan();
  });

  it('passes a local path with option-like words to git as one argument: the clone fails, nothing runs', async () => {
    // Not refused (a path may contain spaces), but given after `--`: git looks for a directory of that name.
    const odd = `${root}/missing -c core.sshCommand=touch ${canary}`;
    const res = await create({ repo: odd, slug: 'odd', name: 'Odd' });
    expect(res.status, await res.clone().text()).toBe(201);
    const taskPath = new URL((await res.json()).task_url).pathname;
    await s.container.tasks.idle();
    const done = await (await s.api(taskPath)).json();
    expect(done.completed).toBe(true);
    expect(JSON.stringify(done)).toMatch(/does not appear to be a git repository|not found|No such|Could not|fatal/i);
    nothingRan();
  });

  it('commits files in an option-named directory, messages and author names from user data as data', async () => {
    // A second component of the same repository whose files live in the option-named directory.
    const res = await s.api('/api/projects/gitinj/components/', {
      method: 'POST',
      json: { ...base(), name: 'Opt', slug: 'opt', filemask: `${OPTION_DIR}/*.po`, new_base: `${OPTION_DIR}/app.pot`, disable_autoshare: true },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await s.container.tasks.idle();
    const message = `--amend\n-c core.hooksPath=${root}\n--upload-pack=touch ${canary}\n{{ language_name }}`;
    expect((await s.api('/api/components/gitinj/opt/', { method: 'PATCH', json: { commit_message: message } })).status).toBe(200);
    const user = await s.container.users.create({ username: 'dash', email: '--exec=touch-pwned@example.com', full_name: `--upload-pack=touch ${canary}` });
    const token = await s.container.users.rotateToken(user.id);
    const units = (await (await s.api('/api/translations/gitinj/opt/cs/units/')).json()).results as { id: number; source: string[] }[];
    const open = units.find((u) => u.source[0] === 'Open')!;
    const edit = await s.api(`/api/units/${open.id}/`, { method: 'PATCH', token, json: { target: ['-rf --exec=touch pwned'], state: 20 } });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const res2 = await s.api('/api/components/gitinj/opt/repository/', { method: 'POST', json: { operation: 'push' } });
    expect(await res2.json()).toEqual({ result: true });

    // In the remote: the file in the option-named directory, the message and the author exactly as given.
    expect(git(bare, 'show', `main:${OPTION_DIR}/cs.po`)).toContain('msgid "Open"\nmsgstr "-rf --exec=touch pwned"');
    const log = git(bare, 'log', '-1', '--format=%an <%ae>%n%B', 'main');
    expect(log).toBe(`--upload-pack=touch ${canary} <--exec=touch-pwned@example.com>\n--amend\n-c core.hooksPath=${root}\n--upload-pack=touch ${canary}\nCzech`);
    expect(git(bare, 'rev-list', '--count', 'main')).toBe('2');
    nothingRan();
  });

  it('refuses an option-named push branch at push time too, if one got into the database', async () => {
    // A row written before validation existed (or by hand): git's own layer refuses it again.
    await s.container.database.db.updateTable('components').set({ push_branch: `--upload-pack=touch ${canary}` }).where('slug', '=', 'app').execute();
    const pushed = await operation('push');
    expect(pushed.result).toBe(false);
    expect(pushed.detail).toMatch(/must not start with "-"/);
    await s.container.database.db.updateTable('components').set({ push_branch: '' }).where('slug', '=', 'app').execute();
    nothingRan();
  });
});
