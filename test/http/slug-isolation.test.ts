// Slugs never empty and never a way into another object's files: a project administrator of one project
// can not read or delete another (private) project's files by any sequence of renames, creations and
// deletions; files live under id-named directories, and internal links follow renames.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.js';
import { componentDirOf } from '../helpers/data-dirs.js';
import { createPoComponent, multipart, poZip } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('slug isolation on %s', (dialect) => {
  let s: TestServer;
  let mallory: string;
  let secretDir: string;
  let secretFiles: Map<string, string>;
  /** Every answer of the attack: none may be a server error. */
  const answers: { call: string; status: number }[] = [];

  const call = async (method: string, url: string, json?: unknown): Promise<Response> => {
    const res = await s.api(url, { method, token: mallory, ...(json === undefined ? {} : { json }) });
    answers.push({ call: `${method} ${url} ${JSON.stringify(json ?? null)}`, status: res.status });
    return res;
  };
  const fieldError = async (res: Response, attr: string) => {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text);
    expect(body.type).toBe('validation_error');
    expect(body.errors.map((e: { attr: string }) => e.attr), text).toContain(attr);
  };
  const snapshot = (dir: string): Map<string, string> => {
    const out = new Map<string, string>();
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
        const child = path.join(rel, e.name);
        if (e.isDirectory()) walk(child);
        else out.set(child, fs.readFileSync(path.join(dir, child), 'utf8'));
      }
    };
    walk('');
    return out;
  };
  const secretStrings = async () => {
    const res = await s.api('/api/translations/secret/app/cs/units/?page_size=1000');
    expect(res.status).toBe(200);
    return ((await res.json()).results as { source: string[]; target: string[] }[]).map((u) => `${u.source[0]}=${u.target[0]}`).sort();
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    mallory = await s.createUser('mallory');
    const groups = (await (await s.api('/api/groups/?page_size=1000')).json()).results as { id: number; name: string; defining_project: string | null }[];
    const creators = groups.find((g) => g.name === 'Project creators' && g.defining_project === null)!;
    expect((await s.api('/api/users/mallory/groups/', { method: 'POST', json: { group_id: creators.id } })).status).toBe(200);
    // The victim: a private project mallory can not see.
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Secret', slug: 'secret', web: 'https://example.com/', access_control: 100 } })).status).toBe(201);
    expect((await createPoComponent(s, 'secret', 'app')).status).toBe(201);
    expect((await s.api('/api/projects/secret/', { token: mallory })).status).toBe(404);
    // Mallory's own project (she creates it, so she administers it) with two components.
    expect((await s.api('/api/projects/', { method: 'POST', token: mallory, json: { name: 'Mine', slug: 'mine', web: 'https://example.com/' } })).status).toBe(201);
    for (const slug of ['c', 'd']) {
      const form = multipart({ name: slug.toUpperCase(), slug, file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot' }, { zipfile: { name: 'app.zip', data: poZip() } });
      const res = await s.api('/api/projects/mine/components/', { method: 'POST', token: mallory, body: form });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    secretDir = await componentDirOf(s, 'secret', 'app');
    secretFiles = snapshot(secretDir);
    expect(secretFiles.size).toBeGreaterThan(0);
  });
  afterAll(() => s?.close());

  it('refuses empty, null, whitespace and non-slug slugs and blank names on create and update', async () => {
    for (const slug of ['', null, '   ', '..', '.', 'a/b', '-']) {
      await fieldError(await call('PATCH', '/api/components/mine/c/', { slug }), 'slug');
      await fieldError(await call('PATCH', '/api/projects/mine/', { slug }), 'slug');
      await fieldError(await call('POST', '/api/projects/', { name: 'New', slug, web: 'https://example.com/' }), 'slug');
      await fieldError(await call('POST', '/api/categories/', { name: 'Cat', slug, project: `${s.url}/api/projects/mine/` }), 'slug');
    }
    for (const name of ['', null, '   ']) {
      await fieldError(await call('PATCH', '/api/components/mine/c/', { name }), 'name');
      await fieldError(await call('PATCH', '/api/projects/mine/', { name }), 'name');
      await fieldError(await call('POST', '/api/projects/', { name, slug: 'fresh', web: 'https://example.com/' }), 'name');
      await fieldError(await call('POST', '/api/categories/', { name, slug: 'cat', project: `${s.url}/api/projects/mine/` }), 'name');
    }
    const category = await call('POST', '/api/categories/', { name: 'Cat', slug: 'cat', project: `${s.url}/api/projects/mine/` });
    expect(category.status, await category.clone().text()).toBe(201);
    const catUrl = new URL((await category.json()).url as string).pathname;
    for (const body of [{ slug: '' }, { slug: null }, { name: '' }, { name: null }, { name: '  ' }]) {
      await fieldError(await call('PATCH', catUrl, body), Object.keys(body)[0]);
    }
    // Nothing changed: both objects answer under their slugs.
    expect((await s.api('/api/components/mine/c/', { token: mallory })).status).toBe(200);
    expect((await s.api('/api/projects/mine/', { token: mallory })).status).toBe(200);
    expect((await s.api(catUrl, { token: mallory })).status).toBe(200);
  });

  it('gives an outsider no way into another project\'s files by renames, creations, deletions and scans', async () => {
    const before = await secretStrings();
    // Empty slugs, then deletes addressed with empty slugs.
    await call('PATCH', '/api/components/mine/c/', { slug: '' });
    await call('PATCH', '/api/components/mine/c/', { slug: null });
    await call('DELETE', '/api/components/mine//');
    await call('PATCH', '/api/projects/mine/', { slug: '' });
    await call('DELETE', '/api/projects//');
    // A component named like the private project, and the private project's component: renames and a scan.
    expect((await call('PATCH', '/api/components/mine/c/', { slug: 'secret' })).status).toBe(200);
    expect((await call('PATCH', '/api/components/mine/d/', { slug: 'app' })).status).toBe(200);
    expect((await call('POST', '/api/components/mine/secret/repository/', { operation: 'file-scan' })).status).toBe(200);
    expect((await call('POST', '/api/components/mine/app/repository/', { operation: 'file-scan' })).status).toBe(200);
    // The project can not take the private project's slug; another rename moves no files.
    expect((await call('PATCH', '/api/projects/mine/', { slug: 'secret' })).status).toBe(400);
    expect((await call('PATCH', '/api/projects/mine/', { slug: 'mine2' })).status).toBe(200);
    expect((await call('POST', '/api/components/mine2/app/repository/', { operation: 'file-scan' })).status).toBe(200);
    const units = await (await s.api('/api/translations/mine2/app/cs/units/?page_size=1000', { token: mallory })).json();
    expect(units.results.length).toBeGreaterThan(0);
    // Deleting renamed components and the renamed project removes only mallory's own trees.
    expect((await call('DELETE', '/api/components/mine2/app/')).status).toBe(204);
    expect((await call('DELETE', '/api/components/mine2/secret/')).status).toBe(204);
    expect((await call('DELETE', '/api/projects/mine2/')).status).toBe(204);
    await s.container.tasks.idle();

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(snapshot(secretDir)).toEqual(secretFiles);
    expect(await secretStrings()).toEqual(before);
    expect((await s.api('/api/projects/secret/components/')).status).toBe(200);
    // The tree of a component follows no slug: it is the same directory after all this.
    expect(await componentDirOf(s, 'secret', 'app')).toBe(secretDir);
  });

  it('keeps a component\'s files and internal links through renames of it and its project', async () => {
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Links', slug: 'links', web: 'https://example.com/' } })).status).toBe(201);
    expect((await createPoComponent(s, 'links', 'main')).status).toBe(201);
    const dir = await componentDirOf(s, 'links', 'main');
    const files = snapshot(dir);
    // A component row linked to "main" the way shared clones are stored.
    const db = s.container.database.db;
    const main = await db.selectFrom('components').selectAll().where('id', '=', (await db.selectFrom('components').select('id').where('slug', '=', 'main').executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = main;
    await db.insertInto('components').values({ ...rest, name: 'Linked', slug: 'linked', repo: 'parla://links/main' } as never).execute();

    expect((await s.api('/api/components/links/main/', { method: 'PATCH', json: { slug: 'primary' } })).status).toBe(200);
    expect((await s.api('/api/projects/links/', { method: 'PATCH', json: { slug: 'linked-project' } })).status).toBe(200);
    const linked = await db.selectFrom('components').select('repo').where('slug', '=', 'linked').executeTakeFirstOrThrow();
    expect(linked.repo).toBe('parla://linked-project/primary');
    expect(await componentDirOf(s, 'linked-project', 'primary')).toBe(dir);
    expect(snapshot(dir)).toEqual(files);
    const file = await s.api('/api/translations/linked-project/primary/cs/file/');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(files.get(path.join('po', 'cs.po')));
  });

  it('moves data dirs laid out by slug to the id layout at start-up, leaving what matches nothing', async () => {
    expect((await s.api('/api/projects/', { method: 'POST', json: { name: 'Legacy', slug: 'legacy', web: 'https://example.com/' } })).status).toBe(201);
    expect((await createPoComponent(s, 'legacy', 'app')).status).toBe(201);
    const dir = await componentDirOf(s, 'legacy', 'app');
    const files = snapshot(dir);
    // The layout of earlier versions: vcs/<project slug>/<component slug>, with a stray directory beside it.
    const legacy = path.join(s.dataDir, 'vcs', 'legacy');
    fs.mkdirSync(path.join(legacy, 'stray'), { recursive: true });
    fs.writeFileSync(path.join(legacy, 'stray', 'keep.txt'), 'keep');
    fs.renameSync(dir, path.join(legacy, 'app'));
    expect(await s.container.paths.adoptSlugLayout(s.container.database.db)).toBe(1);
    expect(snapshot(dir)).toEqual(files);
    expect(fs.existsSync(path.join(legacy, 'app'))).toBe(false);
    expect(fs.readFileSync(path.join(legacy, 'stray', 'keep.txt'), 'utf8')).toBe('keep');
    // Running again moves nothing.
    expect(await s.container.paths.adoptSlugLayout(s.container.database.db)).toBe(0);
    const file = await s.api('/api/translations/legacy/app/cs/file/');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(files.get(path.join('po', 'cs.po')));
  });
});
