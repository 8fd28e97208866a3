// Project backups: /api/projects/<p>/backups/ lists, creates (a background task) and downloads ZIPs of a whole project
// for project editors; /api/projects/restore/ creates a project from one (project.add) in one transaction, and refuses
// hostile archives with a 400 that leaves nothing behind; on every database.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipParts } from '../../src/shared/safe-zip.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject, CS_PO, multipart, poZip, POT } from '../helpers/fixtures.js';
import { git, gitUpstream } from '../helpers/git-upstream.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { buildZip, type ZipEntry } from '../helpers/zip.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Every entry of an archive, as bytes. */
function entriesOf(zip: Buffer): Map<string, Buffer> {
  const parts = ZipParts.open(zip, { maxEntries: 100_000, maxEntryBytes: 512 * 1024 * 1024, maxRatio: 100_000 });
  return new Map([...parts.entries].filter(([name]) => !name.endsWith('/')).map(([name, entry]) => [name, parts.read(entry)]));
}

/** An archive of these entries (stored, so that hostile bytes stay as given). */
function zipOf(entries: Map<string, Buffer>, extra: ZipEntry[] = []): Buffer {
  return buildZip([...[...entries].map(([name, data]) => ({ name, data })), ...extra]);
}

const json = async (res: Response, status: number) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
};

describe.each(DIALECTS)('project backups on %s', (dialect) => {
  let s: TestServer;
  let plain: string;
  let creator: string;
  let backupName: string;
  let backup: Buffer;
  let root: string;
  let bare: string;

  const restore = (zip: Buffer, fields: Record<string, string> = {}, token?: string | null) =>
    s.api('/api/projects/restore/', { method: 'POST', body: multipart(fields, { zipfile: { name: 'backup.zip', data: zip } }), token });

  /** What must not change when a restore is refused: projects, component trees, screenshot images, staging dirs. */
  const footprint = async () => {
    const list = async (dir: string) => (await fs.readdir(path.join(s.dataDir, dir)).catch(() => [] as string[])).sort();
    const projects = await s.container.database.db.selectFrom('projects').select('slug').orderBy('slug').execute();
    const components = await s.container.database.db.selectFrom('components').select('id').execute();
    return { projects: projects.map((p) => p.slug), components: components.length, repos: await list('repos'), screenshots: await list('screenshots'), tmp: (await list('tmp')).filter((n) => n.startsWith('import-')) };
  };

  const unitsOf = async (project: string, component: string, language: string) =>
    ((await json(await s.api(`/api/translations/${project}/${component}/${language}/units/`), 200)).results as { id: number; source: string[]; target: string[]; state: number; labels: { name: string }[] }[]).sort((a, b) =>
      a.source[0] < b.source[0] ? -1 : 1,
    );

  beforeAll(async () => {
    s = await startServer(dialect, { PARLA_VCS_ALLOW_LOCAL: '1' });
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'parla-backups-'));
    bare = gitUpstream(root, { 'po/app.pot': POT, 'po/cs.po': CS_PO }).bare;
    plain = await s.createUser('plain');
    creator = await s.createUser('creator');
    // A site-wide team that may create projects.
    const creators = (await json(await s.api('/api/groups/?page_size=100'), 200)).results.find((g: { name: string }) => g.name === 'Project creators');
    expect(creators).toBeDefined();
    await json(await s.api(`/api/users/creator/groups/`, { method: 'POST', json: { group_id: creators.id } }), 200);

    await json(await createProject(s, 'hello', { name: 'Hello', instructions: 'Be kind.', check_flags: 'safe-html' }), 201);
    await json(await createPoComponent(s, 'hello'), 201);
    const category = await json(await s.api('/api/categories/', { method: 'POST', json: { name: 'Guide', slug: 'guide', project: `${s.url}/api/projects/hello/` } }), 201);
    const form = multipart({ name: 'Docs', slug: 'docs', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', category: category.url }, { zipfile: { name: 'docs.zip', data: poZip() } });
    await json(await s.api('/api/projects/hello/components/', { method: 'POST', body: form }), 201);
    await json(
      await s.api('/api/projects/hello/components/', { method: 'POST', json: { name: 'Core', slug: 'core', file_format: 'po', filemask: 'po/*.po', new_base: 'po/app.pot', vcs: 'git', repo: bare, branch: 'main' } }),
      201,
    );
    await s.container.tasks.idle();
    await json(await createProject(s, 'secret', { access_control: 100 }), 201);

    // Content beyond the files: an edit, a label, a comment, a suggestion with a vote, a screenshot.
    const cs = await unitsOf('hello', 'app', 'cs');
    const open = cs.find((u) => u.source[0] === 'Open')!;
    await json(await s.api(`/api/units/${open.id}/`, { method: 'PATCH', json: { target: ['Otevřít'], state: 20 } }), 200);
    const label = await json(await s.api('/api/projects/hello/labels/', { method: 'POST', json: { name: 'Menu', color: 'navy' } }), 201);
    const en = (await unitsOf('hello', 'app', 'en')).find((u) => u.source[0] === 'Open')!;
    await json(await s.api(`/api/units/${en.id}/`, { method: 'PATCH', json: { labels: [label.id] } }), 200);
    await json(await s.api(`/api/units/${open.id}/comments/`, { method: 'POST', json: { comment: 'Check the menu.', scope: 'translation' } }), 201);
    const hello = cs.find((u) => u.source[0] === 'Hello')!;
    const suggestion = await json(await s.api(`/api/units/${hello.id}/suggestions/`, { method: 'POST', json: { target: ['Nazdar'] }, token: plain }), 201);
    expect(suggestion.id).toBeGreaterThan(0);
    const shot = multipart({ name: 'Menu', project_slug: 'hello', component_slug: 'app', language_code: 'cs' }, { image: { name: 'menu.png', data: PNG } });
    await json(await s.api('/api/screenshots/', { method: 'POST', body: shot }), 201);
    await s.container.tasks.idle();
  });
  afterAll(async () => {
    await s?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('lets only project editors list and create backups', async () => {
    expect(await json(await s.api('/api/projects/hello/backups/'), 200)).toEqual([]);
    expect((await s.api('/api/projects/hello/backups/', { token: null })).status).toBe(401);
    expect((await s.api('/api/projects/hello/backups/', { token: plain })).status).toBe(403);
    expect((await s.api('/api/projects/hello/backups/', { method: 'POST', token: null })).status).toBe(401);
    expect((await s.api('/api/projects/hello/backups/', { method: 'POST', token: plain })).status).toBe(403);
    expect((await s.api('/api/projects/secret/backups/', { token: plain })).status).toBe(404);
    expect((await s.api('/api/projects/missing/backups/')).status).toBe(404);
    const res = await s.api('/api/projects/hello/backups/');
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('creates a backup in the background (202 with the task) and lists it', async () => {
    const scheduled = await json(await s.api('/api/projects/hello/backups/', { method: 'POST' }), 202);
    expect(scheduled).toEqual({ detail: 'Backup scheduled. It will be available soon.', url: `${s.url}/api/projects/hello/backups/`, task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]+\/$/) });
    await s.container.tasks.idle();
    const task = await json(await s.api(new URL(scheduled.task_url).pathname), 200);
    expect(task).toMatchObject({ completed: true, progress: 100 });
    const list = await json(await s.api('/api/projects/hello/backups/'), 200);
    expect(list).toHaveLength(1);
    backupName = list[0].name;
    expect(list[0]).toEqual({ name: expect.stringMatching(/^\d+\.zip$/), size: expect.any(Number), timestamp: expect.any(String), url: `${s.url}/api/projects/hello/backups/${backupName}/` });
    expect(list[0].size).toBeGreaterThan(1000);
    // Kept in the data dir, whole (no part file left).
    const dir = (await fs.readdir(path.join(s.dataDir, 'projectbackups'))).map(Number);
    expect(dir).toHaveLength(1);
    expect(await fs.readdir(path.join(s.dataDir, 'projectbackups', String(dir[0])))).toEqual([backupName]);
  });

  it('downloads a backup: the settings, components, translations, units, content, screenshots and repositories', async () => {
    const res = await s.api(`/api/projects/hello/backups/${backupName}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${backupName}"`);
    backup = Buffer.from(await res.arrayBuffer());
    const entries = entriesOf(backup);
    const manifest = JSON.parse(entries.get('parla-backup.json')!.toString());
    expect(manifest).toMatchObject({ format: 'parla-project-backup', version: 1, metadata: { server: 'Parla', project: 'hello' } });
    expect(manifest.project).toMatchObject({ name: 'Hello', slug: 'hello', instructions: 'Be kind.', check_flags: 'safe-html' });
    expect(manifest.project).not.toHaveProperty('webhook_secret');
    expect(manifest.labels).toEqual([expect.objectContaining({ name: 'Menu', color: 'navy' })]);
    expect(manifest.categories).toEqual([expect.objectContaining({ name: 'Guide', slug: 'guide', parent: null })]);
    expect(manifest.components).toHaveLength(3);
    const app = JSON.parse(entries.get('components/1.json')!.toString());
    expect(app.component).toMatchObject({ name: 'APP', slug: 'app', source_language: 'en', file_format: 'po', category: null });
    expect(app.translations.map((t: { language: string }) => t.language).sort()).toEqual(['cs', 'de', 'en']);
    const open = app.units.find((u: { source: string; translation: number }) => u.source === 'Open' && app.translations.find((t: { key: number }) => t.key === u.translation).language === 'cs');
    expect(open).toMatchObject({ target: 'Otevřít', state: 20, comments: [expect.objectContaining({ comment: 'Check the menu.', user: 'admin' })] });
    const hello = app.units.find((u: { source: string; suggestions: unknown[] }) => u.source === 'Hello' && u.suggestions.length);
    expect(hello.suggestions).toEqual([expect.objectContaining({ target: 'Nazdar', user: 'plain' })]);
    expect(app.units.some((u: { labels: string[] }) => u.labels.includes('Menu'))).toBe(true);
    expect(app.screenshots).toEqual([expect.objectContaining({ name: 'Menu', file: 'screenshots/1' })]);
    expect(entries.get('screenshots/1')).toEqual(PNG);
    const docs = JSON.parse(entries.get('components/2.json')!.toString());
    expect(docs.component).toMatchObject({ slug: 'docs', category: manifest.categories[0].key });
    expect(entries.get('vcs/1/po/cs.po')!.toString()).toContain('msgid "Hello"');
    // A git component's checkout, .git included.
    const core = JSON.parse(entries.get('components/3.json')!.toString());
    expect(core.component).toMatchObject({ slug: 'core', vcs: 'git', repo: bare, branch: 'main' });
    expect([...entries.keys()].filter((n) => n.startsWith('vcs/3/'))).toEqual(expect.arrayContaining(['vcs/3/po/cs.po', 'vcs/3/.git/HEAD', 'vcs/3/.git/config']));
  });

  it('downloads only backups that exist, for project editors', async () => {
    expect((await s.api(`/api/projects/hello/backups/${backupName}/`, { token: plain })).status).toBe(403);
    expect((await s.api(`/api/projects/hello/backups/${backupName}/`, { token: null })).status).toBe(401);
    for (const name of ['1.zip', 'nosuch', '..%2F..%2Fsecret_key', `${backupName}.part`]) {
      expect((await s.api(`/api/projects/hello/backups/${name}/`)).status, name).toBe(404);
    }
  });

  it('restores a project from a backup: settings, components, units, content, screenshots and a working repository', async () => {
    const res = await restore(backup, { name: 'Hello again', slug: 'again' }, creator);
    const project = await json(res, 201);
    expect(project).toMatchObject({ name: 'Hello again', slug: 'again', instructions: 'Be kind.', check_flags: 'safe-html' });
    expect(res.headers.get('location')).toBe(`${s.url}/api/projects/again/`);
    // The restorer administers it.
    expect((await s.api('/api/projects/again/backups/', { token: creator })).status).toBe(200);

    const components = (await json(await s.api('/api/projects/again/components/'), 200)).results;
    expect(components.map((c: { slug: string }) => c.slug).sort()).toEqual(['app', 'core', 'docs']);
    expect(components.find((c: { slug: string }) => c.slug === 'docs').category).toMatch(/\/api\/categories\/\d+\/$/);
    for (const language of ['cs', 'de', 'en']) {
      const strip = (units: Awaited<ReturnType<typeof unitsOf>>) => units.map((u) => ({ source: u.source, target: u.target, state: u.state, labels: u.labels.map((l) => l.name) }));
      expect(strip(await unitsOf('again', 'app', language))).toEqual(strip(await unitsOf('hello', 'app', language)));
    }
    const stats = (p: string) => s.api(`/api/translations/${p}/app/cs/statistics/`).then((r) => r.json());
    const [before, after] = [await stats('hello'), await stats('again')];
    for (const key of ['total', 'translated', 'fuzzy', 'total_words', 'translated_words', 'suggestions', 'comments', 'failing']) expect(after[key], key).toBe(before[key]);
    const open = (await unitsOf('again', 'app', 'cs')).find((u) => u.source[0] === 'Open')!;
    const comments = await json(await s.api(`/api/units/${open.id}/comments/`), 200);
    expect((Array.isArray(comments) ? comments : comments.results).map((c: { comment: string }) => c.comment)).toEqual(['Check the menu.']);
    const labels = await json(await s.api('/api/projects/again/labels/'), 200);
    expect(labels.results.map((l: { name: string }) => l.name)).toEqual(['Menu']);
    const shots = (await json(await s.api('/api/components/again/app/screenshots/'), 200)).results;
    expect(shots).toHaveLength(1);
    const image = await s.api(new URL(shots[0].file_url).pathname);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // The repository came along: the files download, and the edit is in them once committed.
    const file = await s.api('/api/translations/again/app/cs/file/');
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('msgstr "Otevřít"');
    const repo = await json(await s.api('/api/components/again/app/repository/'), 200);
    expect(repo).toHaveProperty('needs_commit');
    const commit = await json(await s.api('/api/components/again/app/repository/', { method: 'POST', json: { operation: 'commit' } }), 200);
    expect(commit.result).toBe(true);
    // The git component keeps its remote: an edit is committed and pushed upstream.
    expect((await json(await s.api('/api/components/again/core/repository/', { method: 'POST', json: { operation: 'pull' } }), 200)).result).toBe(true);
    const coreOpen = (await unitsOf('again', 'core', 'cs')).find((u) => u.source[0] === 'Open')!;
    await json(await s.api(`/api/units/${coreOpen.id}/`, { method: 'PATCH', json: { target: ['Otevři'], state: 20 } }), 200);
    expect((await json(await s.api('/api/components/again/core/repository/', { method: 'POST', json: { operation: 'push' } }), 200)).result).toBe(true);
    expect(git(root, '--git-dir', bare, 'show', 'main:po/cs.po')).toContain('msgstr "Otevři"');
  });

  it('takes the name and slug of the backup when none are given, and refuses taken ones', async () => {
    const before = await footprint();
    const res = await restore(backup);
    expect(res.status).toBe(400);
    const errors = (await res.json()).errors.map((e: { attr: string }) => e.attr).sort();
    expect(errors).toEqual(['name', 'slug']);
    expect(await footprint()).toEqual(before);
    await json(await restore(backup, { name: 'Third', slug: 'third' }), 201);
  });

  it('needs project.add to restore', async () => {
    expect((await restore(backup, { name: 'X', slug: 'x' }, null)).status).toBe(401);
    expect((await restore(backup, { name: 'X', slug: 'x' }, plain)).status).toBe(403);
    const missing = await s.api('/api/projects/restore/', { method: 'POST', body: multipart({ name: 'X', slug: 'x' }, {}) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0].attr).toBe('zipfile');
  });

  it('refuses hostile archives with a 400 on zipfile, leaving nothing behind', async () => {
    const good = entriesOf(backup);
    const without = (name: string) => new Map([...good].filter(([n]) => n !== name));
    const withManifest = (change: (m: Record<string, unknown>) => void) => {
      const m = JSON.parse(good.get('parla-backup.json')!.toString());
      change(m);
      return new Map([...good, ['parla-backup.json', Buffer.from(JSON.stringify(m))]]);
    };
    const withComponent = (change: (c: { component: Record<string, unknown>; units: Record<string, unknown>[] }) => void) => {
      const c = JSON.parse(good.get('components/1.json')!.toString());
      change(c);
      return new Map([...good, ['components/1.json', Buffer.from(JSON.stringify(c))]]);
    };
    const cases: [string, Buffer][] = [
      ['not a ZIP', Buffer.from('hello')],
      ['traversal', zipOf(good, [{ name: 'vcs/1/../../../../escaped.txt', data: 'x' }])],
      ['absolute path', zipOf(good, [{ name: '/tmp/parla-escaped.txt', data: 'x' }])],
      ['backslash traversal', zipOf(good, [{ name: 'vcs\\1\\..\\..\\escaped.txt', data: 'x' }])],
      ['symbolic link', zipOf(good, [{ name: 'vcs/1/link', data: '/etc/passwd', symlink: true }])],
      ['ZIP bomb', zipOf(good, [{ name: 'vcs/1/bomb.bin', data: Buffer.alloc(20 * 1024 * 1024) }].map((e) => ({ ...e, store: false })))],
      ['entry larger than declared', zipOf(good, [{ name: 'vcs/1/liar.txt', data: 'x'.repeat(5000), declaredSize: 10 }])],
      ['huge declared entry', zipOf(good, [{ name: 'vcs/1/huge.bin', data: 'x', declaredSize: 0xfffffff0 }])],
      ['duplicate entry', zipOf(good, [{ name: 'parla-backup.json', data: '{}' }])],
      ['no manifest', zipOf(without('parla-backup.json'))],
      ['unexpected entry', zipOf(good, [{ name: 'etc/passwd', data: 'x' }])],
      ['manifest not JSON', zipOf(new Map([...good, ['parla-backup.json', Buffer.from('{')]]))],
      ['deeply nested JSON', zipOf(new Map([...good, ['parla-backup.json', Buffer.from('['.repeat(200_000))]]))],
      ['other format', zipOf(withManifest((m) => (m.format = 'weblate')))],
      ['newer version', zipOf(withManifest((m) => (m.version = 99)))],
      ['missing component file', zipOf(without('components/2.json'))],
      ['unknown language', zipOf(withComponent((c) => (c.component.source_language = 'xx-nosuch')))],
      ['remote helper repository', zipOf(withComponent((c) => (c.component.repo = 'ext::sh -c touch% /tmp/parla-pwned')))],
      ['option as branch', zipOf(withComponent((c) => (c.component.branch = '--upload-pack=touch /tmp/parla-pwned')))],
      ['file mask outside', zipOf(withComponent((c) => (c.component.template = '../../secret_key')))],
      ['nested value', zipOf(withComponent((c) => (c.units[0].target = { evil: true } as unknown as string)))],
      ['text for a number', zipOf(withComponent((c) => (c.units[0].state = 'twenty' as unknown as number)))],
      ['missing required value', zipOf(withComponent((c) => delete c.units[0].content_hash))],
    ];
    const before = await footprint();
    for (const [what, zip] of cases) {
      const res = await restore(zip, { name: 'Hostile', slug: 'hostile' });
      const body = await res.json();
      expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.errors[0].attr, what).toBe('zipfile');
    }
    expect(await footprint()).toEqual(before);
    await expect(fs.stat(path.join(s.dataDir, '..', 'escaped.txt'))).rejects.toThrow();
    await expect(fs.stat('/tmp/parla-pwned')).rejects.toThrow();
  });

  it('rolls everything back when a later component fails after an earlier one was placed', async () => {
    const good = entriesOf(backup);
    const docs = JSON.parse(good.get('components/2.json')!.toString());
    // This unit is refused only when it is written, after the first component's files moved.
    docs.units[0].state = 'twenty';
    const before = await footprint();
    const res = await restore(zipOf(new Map([...good, ['components/2.json', Buffer.from(JSON.stringify(docs))]])), { name: 'Broken', slug: 'broken' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].attr).toBe('zipfile');
    expect(await footprint()).toEqual(before);
    expect((await s.api('/api/projects/broken/')).status).toBe(404);
  });

  it('never restores a checkout\'s git config, hooks or alternates', async () => {
    const good = entriesOf(backup);
    const hostile = new Map([
      ...good,
      ['vcs/3/.git/config', Buffer.from('[core]\n\thooksPath = /tmp\n\tfsmonitor = touch /tmp/parla-pwned\n[remote "origin"]\n\turl = ext::sh -c touch% /tmp/parla-pwned\n')],
      ['vcs/3/.git/hooks/post-commit', Buffer.from('#!/bin/sh\ntouch /tmp/parla-pwned\n')],
      ['vcs/3/.git/objects/info/alternates', Buffer.from('/etc\n')],
      ['vcs/3/sub/.git/config', Buffer.from('[core]\n\tfsmonitor = touch /tmp/parla-pwned\n')],
    ]);
    const project = await json(await restore(zipOf(hostile), { name: 'Sanitized', slug: 'sanitized' }), 201);
    const component = (await json(await s.api('/api/projects/sanitized/components/'), 200)).results.find((c: { slug: string }) => c.slug === 'core');
    const dir = s.container.paths.componentDir({ id: component.id, project_id: project.id });
    const config = await fs.readFile(path.join(dir, '.git', 'config'), 'utf8');
    expect(config).not.toContain('hooksPath');
    expect(config).not.toContain('fsmonitor');
    expect(config).not.toContain('ext::');
    // The remote is the component's own repository.
    expect(config).toContain(`url = "${bare}"`);
    await expect(fs.stat(path.join(dir, '.git', 'hooks', 'post-commit'))).rejects.toThrow();
    await expect(fs.stat(path.join(dir, '.git', 'objects', 'info', 'alternates'))).rejects.toThrow();
    await expect(fs.stat(path.join(dir, 'sub', '.git'))).rejects.toThrow();
    // Upstream moved on since the backup (an earlier test pushed): the restored remote is pulled from like any other.
    expect((await json(await s.api('/api/components/sanitized/core/repository/', { method: 'POST', json: { operation: 'pull' } }), 200)).result).toBe(true);
    const core = (await unitsOf('sanitized', 'core', 'cs')).find((u) => u.source[0] === 'Hello')!;
    await json(await s.api(`/api/units/${core.id}/`, { method: 'PATCH', json: { target: ['Ahojky'], state: 20 } }), 200);
    const commit = await json(await s.api('/api/components/sanitized/core/repository/', { method: 'POST', json: { operation: 'commit' } }), 200);
    expect(commit.result, JSON.stringify(commit)).toBe(true);
    await expect(fs.stat('/tmp/parla-pwned')).rejects.toThrow();
  });

  it('keeps the newest three backups and drops older ones past thirty days', async () => {
    const project = await json(await s.api('/api/projects/hello/'), 200);
    const dir = path.join(s.dataDir, 'projectbackups', String(project.id));
    // Four old backups (the first days of 2001).
    for (const stamp of [978307200, 978393600, 978480000, 978566400]) await fs.writeFile(path.join(dir, `${stamp}.zip`), 'old');
    await json(await s.api('/api/projects/hello/backups/', { method: 'POST' }), 202);
    await s.container.tasks.idle();
    const names = (await json(await s.api('/api/projects/hello/backups/'), 200)).map((b: { name: string }) => b.name);
    // The two real ones and the newest old one.
    expect(names).toHaveLength(3);
    expect(names[2]).toBe('978566400.zip');
    expect(names).toContain(backupName);
  });
});
