// Git backend against real git and bare repositories in a temp dir (no network).
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitBackend } from './git.js';
import { createSandbox, type Sandbox } from './test-helpers.js';
import { VcsError } from './vcs.js';

const PO = (translation: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr "${translation}"\n`;

let sb: Sandbox;
let backend: GitBackend;
let dataDir: string;
let bare: string;
let checkout: string;

async function expectVcsError(promise: Promise<unknown>, pattern?: RegExp): Promise<VcsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VcsError);
    if (pattern) expect((error as Error).message).toMatch(pattern);
    return error as VcsError;
  }
  throw new Error('expected a VcsError');
}

beforeEach(async () => {
  sb = createSandbox();
  dataDir = path.join(sb.root, 'data');
  backend = new GitBackend({ allowLocal: true, dataDir, homeDir: path.join(dataDir, 'git-home') });
  bare = sb.bare('project.git', { 'po/cs.po': PO(''), 'po/de.po': PO(''), '.gitignore': 'build/\n' });
  checkout = path.join(dataDir, 'vcs', 'project', 'component');
  await backend.clone(bare, 'main', checkout);
});

afterEach(() => sb.dispose());

const parents = (sha: string) => sb.git(checkout, 'rev-list', '--parents', '-n', '1', sha).trim().split(' ').slice(1);

describe('clone', () => {
  it('clones the branch and reports a clean status', async () => {
    expect(readFileSync(path.join(checkout, 'po/cs.po'), 'utf8')).toBe(PO(''));
    const status = await backend.status(checkout);
    expect(status).toMatchObject({ needsCommit: false, needsMerge: false, needsPush: false, outgoingCommits: 0, missingCommits: 0, mergeFailure: null });
    expect(status.remoteCommit).toMatchObject({ summary: 'Initial commit', authorName: 'Upstream Dev', authorEmail: 'dev@example.com' });
    expect(status.remoteCommit?.revision).toBe(await backend.headSha(checkout));
    expect(status.statusText).toContain('On branch main');
    expect(await backend.isRepository(checkout)).toBe(true);
    expect(await backend.isRepository(path.join(dataDir, 'vcs'))).toBe(false);
  });

  it('reports progress for a file:// clone and leaves no temp directory', async () => {
    const target = path.join(dataDir, 'vcs', 'project', 'second');
    const stages: string[] = [];
    await backend.clone(`file://${bare}`, 'main', target, { onProgress: (p) => stages.push(p.stage) });
    expect(stages.length).toBeGreaterThan(0);
    expect(readdirSync(path.dirname(target)).sort()).toEqual(['component', 'second']);
  });

  it('fails cleanly for a missing branch or a non-empty target', async () => {
    const target = path.join(dataDir, 'vcs', 'project', 'other');
    await expectVcsError(backend.clone(bare, 'nope', target), /nope/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(path.dirname(target))).toEqual(['component']);
    await expectVcsError(backend.clone(bare, 'main', checkout), /not empty/);
  });

  it('clones an empty repository and pushes the first commit', async () => {
    const empty = sb.bare('empty.git', null);
    const target = path.join(dataDir, 'vcs', 'project', 'empty');
    await backend.clone(empty, 'main', target);
    expect(await backend.headSha(target)).toBeNull();
    expect(await backend.status(target)).toMatchObject({ needsPush: false, needsMerge: false, remoteCommit: null, localCommit: null });
    await backend.fetch(target);
    sb.write(target, 'po/cs.po', PO('Ahoj'));
    const sha = await backend.commit(target, ['po/cs.po'], { message: 'First', authorName: 'A', authorEmail: 'a@example.com' });
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await backend.push(target)).toEqual({ ok: true });
    expect(sb.git(empty, 'rev-parse', 'main').trim()).toBe(sha);
    expect((await backend.status(target)).needsPush).toBe(false);
  });

  it('times out a slow command', async () => {
    const slow = new GitBackend({ allowLocal: true, dataDir, homeDir: path.join(dataDir, 'git-home'), timeoutMs: 1 });
    const error = await expectVcsError(slow.clone(bare, 'main', path.join(dataDir, 'vcs', 'project', 'slow')), /did not finish/);
    expect(error.details.timedOut).toBe(true);
    await backend.repair(path.join(dataDir, 'vcs', 'project', 'slow'));
    expect(readdirSync(path.join(dataDir, 'vcs', 'project'))).toEqual(['component']);
  });
});

describe('commit and push', () => {
  it('commits only the given files with the author, date and message, and pushes them', async () => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    sb.write(checkout, 'po/de.po', PO('Hallo'));
    // The server's own environment never reaches git.
    process.env.GIT_COMMITTER_NAME = 'Leaked From Environment';
    const message = 'Translated using Parla (Czech)\n\nCurrently translated at 100.0% (1 of 1 strings)\n# not a comment';
    const sha = await backend.commit(checkout, ['po/cs.po'], {
      message,
      authorName: 'Jane <Doe>',
      authorEmail: 'jane@example.com',
      timestamp: new Date('2024-01-02T03:04:05Z'),
    }).finally(() => delete process.env.GIT_COMMITTER_NAME);
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    const [commit] = await backend.log(checkout, { max: 1 });
    expect(commit).toMatchObject({
      revision: sha,
      authorName: 'Jane Doe',
      authorEmail: 'jane@example.com',
      authorDate: '2024-01-02T03:04:05+00:00',
      committerName: 'Parla',
      committerEmail: 'noreply@parla.invalid',
      message,
      summary: 'Translated using Parla (Czech)',
    });
    expect(sb.git(checkout, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('po/cs.po');

    let status = await backend.status(checkout);
    expect(status).toMatchObject({ needsCommit: true, needsPush: true, outgoingCommits: 1, needsMerge: false });
    expect(await backend.commit(checkout, ['po/cs.po'], { message: 'again', authorName: 'Jane', authorEmail: 'jane@example.com' })).toBeNull();

    expect(await backend.push(checkout)).toEqual({ ok: true });
    expect(sb.git(bare, 'log', '-1', '--format=%an|%ae|%s|%cn', 'main').trim()).toBe('Jane Doe|jane@example.com|Translated using Parla (Czech)|Parla');
    status = await backend.status(checkout);
    expect(status).toMatchObject({ needsPush: false, outgoingCommits: 0 });
    expect(status.remoteCommit?.revision).toBe(sha);
  });

  it('commits new, deleted and ignored files that are named, and nothing else', async () => {
    sb.write(checkout, 'po/fr.po', PO('Bonjour'));
    sb.write(checkout, 'build/report.txt', 'ignored but named');
    sb.write(checkout, 'notes.txt', 'not named');
    rmSync(path.join(checkout, 'po/de.po'));
    const sha = await backend.commit(checkout, ['po/fr.po', 'po/de.po', 'build/report.txt', './po/fr.po', 'po/missing.po'], {
      message: 'Add and remove',
      authorName: 'Jane',
      authorEmail: 'jane@example.com',
    });
    expect(sha).not.toBeNull();
    const changed = await backend.changedFiles(checkout, parents(sha!)[0], sha!);
    expect(changed.sort()).toEqual(['build/report.txt', 'po/de.po', 'po/fr.po']);
    expect((await backend.status(checkout)).needsCommit).toBe(true); // notes.txt stays untracked
  });

  it('refuses paths outside the repository', async () => {
    const opts = { message: 'x', authorName: 'a', authorEmail: 'a@example.com' };
    await expectVcsError(backend.commit(checkout, ['../escape.po'], opts), /inside the repository/);
    await expectVcsError(backend.commit(checkout, ['/etc/passwd'], opts), /relative/);
    await expectVcsError(backend.commit(checkout, ['.git/config'], opts), /\.git/);
  });

  it('reports a rejected push without throwing, and pushes to a push branch and a push URL', async () => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const sha = await backend.commit(checkout, ['po/cs.po'], { message: 'Local', authorName: 'a', authorEmail: 'a@example.com' });
    sb.upstreamCommit(bare, { 'README.md': 'changed upstream\n' }, 'Upstream');
    const rejected = await backend.push(checkout);
    expect(rejected.ok).toBe(false);
    if (!rejected.ok) {
      expect(rejected.error).toMatch(/rejected/);
      expect(rejected.error).not.toMatch(/^hint:/m);
    }

    expect(await backend.push(checkout, { pushBranch: 'parla-translations' })).toEqual({ ok: true });
    expect(sb.git(bare, 'rev-parse', 'parla-translations').trim()).toBe(sha);
    expect((await backend.status(checkout, { pushBranch: 'parla-translations' })).needsPush).toBe(false);
    expect((await backend.status(checkout)).needsPush).toBe(true);

    const mirror = sb.bare('mirror.git', null);
    expect(await backend.push(checkout, { pushUrl: mirror })).toEqual({ ok: true });
    expect(sb.git(mirror, 'rev-parse', 'main').trim()).toBe(sha);
    expect(readFileSync(path.join(checkout, '.git/config'), 'utf8')).not.toContain('mirror.git');
  });
});

describe('fetch and merge', () => {
  it('sees upstream commits and merges them (fast-forward, merge, merge_noff)', async () => {
    const up1 = sb.upstreamCommit(bare, { 'README.md': 'v2\n' }, 'Upstream change');
    expect((await backend.status(checkout)).needsMerge).toBe(false); // not fetched yet
    await backend.fetch(checkout);
    let status = await backend.status(checkout);
    expect(status).toMatchObject({ needsMerge: true, missingCommits: 1, needsPush: false });
    expect(status.remoteCommit).toMatchObject({ revision: up1, summary: 'Upstream change' });

    const ff = await backend.merge(checkout, 'merge');
    expect(ff).toMatchObject({ ok: true, after: up1 });
    expect(await backend.changedFiles(checkout, ff.before, ff.after!)).toEqual(['README.md']);

    // A local commit plus an upstream one: a real merge commit.
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const local = await backend.commit(checkout, ['po/cs.po'], { message: 'Local', authorName: 'a', authorEmail: 'a@example.com' });
    const up2 = sb.upstreamCommit(bare, { 'po/de.po': PO('Hallo') }, 'Upstream German');
    await backend.fetch(checkout);
    const merged = await backend.merge(checkout, 'merge', { message: 'Merge branch main of upstream' });
    expect(merged.ok).toBe(true);
    expect(parents(merged.after!).sort()).toEqual([local, up2].sort());
    expect((await backend.log(checkout, { max: 1 }))[0].summary).toBe('Merge branch main of upstream');
    expect(await backend.changedFiles(checkout, merged.before, merged.after!)).toEqual(['po/de.po']);
    status = await backend.status(checkout);
    expect(status).toMatchObject({ needsMerge: false, needsPush: true, outgoingCommits: 2 });
    expect(await backend.push(checkout)).toEqual({ ok: true });

    // merge_noff makes a merge commit even when a fast-forward is possible.
    const up3 = sb.upstreamCommit(bare, { 'README.md': 'v3\n' }, 'Upstream again');
    await backend.fetch(checkout);
    const noff = await backend.merge(checkout, 'merge_noff');
    expect(noff.ok).toBe(true);
    expect(parents(noff.after!)).toEqual([merged.after, up3]);
  });

  it('rebases local commits on top of upstream', async () => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    await backend.commit(checkout, ['po/cs.po'], { message: 'Local Czech', authorName: 'Jane', authorEmail: 'jane@example.com' });
    const up = sb.upstreamCommit(bare, { 'po/de.po': PO('Hallo') }, 'Upstream German');
    await backend.fetch(checkout);
    const result = await backend.merge(checkout, 'rebase');
    expect(result.ok).toBe(true);
    expect(parents(result.after!)).toEqual([up]);
    const [top] = await backend.log(checkout, { max: 1 });
    expect(top).toMatchObject({ summary: 'Local Czech', authorName: 'Jane' });
    expect(await backend.changedFiles(checkout, result.before, result.after!)).toEqual(['po/de.po']);
    expect(await backend.status(checkout)).toMatchObject({ needsMerge: false, needsPush: true, outgoingCommits: 1, needsCommit: false });
  });

  it.each(['merge', 'rebase', 'merge_noff'] as const)('aborts a conflicting %s and keeps the local commit', async (style) => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const local = await backend.commit(checkout, ['po/cs.po'], { message: 'Local Czech', authorName: 'a', authorEmail: 'a@example.com' });
    sb.upstreamCommit(bare, { 'po/cs.po': PO('Nazdar') }, 'Upstream Czech');
    await backend.fetch(checkout);

    const result = await backend.merge(checkout, style);
    expect(result.ok).toBe(false);
    expect(result.conflict).toMatch(/po\/cs\.po/);
    expect(result.conflictFiles).toEqual(['po/cs.po']);
    expect(result.after).toBe(local);
    expect(await backend.headSha(checkout)).toBe(local);
    expect(sb.git(checkout, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
    expect(readFileSync(path.join(checkout, 'po/cs.po'), 'utf8')).toBe(PO('Ahoj'));
    for (const marker of ['MERGE_HEAD', 'rebase-merge', 'rebase-apply']) expect(existsSync(path.join(checkout, '.git', marker))).toBe(false);
    const status = await backend.status(checkout);
    expect(status).toMatchObject({ needsCommit: false, needsMerge: true, needsPush: true, mergeFailure: null });
  });
});

describe('configureRemote', () => {
  it('switches an existing checkout to another repository and branch', async () => {
    const other = sb.bare('other.git', { 'locale/en.json': '{}\n' });
    const stable = sb.upstreamCommit(other, { 'locale/cs.json': '{}\n' }, 'Stable branch', 'stable');
    await backend.configureRemote(checkout, other, 'stable');
    expect(sb.git(checkout, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('stable');
    expect(await backend.headSha(checkout)).toBe(stable);
    expect(existsSync(path.join(checkout, 'locale/cs.json'))).toBe(true);
    expect(await backend.status(checkout)).toMatchObject({ needsCommit: false, needsMerge: false, needsPush: false });
    await expectVcsError(backend.configureRemote(checkout, other, '-x'), /-/);
  });
});

describe('reset and cleanup', () => {
  it('reset drops local commits and changes; cleanup removes untracked and ignored files', async () => {
    const upstream = await backend.headSha(checkout);
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    await backend.commit(checkout, ['po/cs.po'], { message: 'Local', authorName: 'a', authorEmail: 'a@example.com' });
    sb.write(checkout, 'po/de.po', PO('changed'));
    sb.write(checkout, 'untracked.txt', 'x');
    sb.write(checkout, 'build/out.bin', 'ignored');

    expect(await backend.reset(checkout)).toBe(upstream);
    expect(readFileSync(path.join(checkout, 'po/cs.po'), 'utf8')).toBe(PO(''));
    expect(readFileSync(path.join(checkout, 'po/de.po'), 'utf8')).toBe(PO(''));
    expect(await backend.status(checkout)).toMatchObject({ needsPush: false, needsCommit: true }); // untracked.txt remains

    await backend.cleanup(checkout);
    expect(existsSync(path.join(checkout, 'untracked.txt'))).toBe(false);
    expect(existsSync(path.join(checkout, 'build'))).toBe(false);
    expect(existsSync(path.join(checkout, 'po/cs.po'))).toBe(true);
    expect(await backend.status(checkout)).toMatchObject({ needsCommit: false, needsPush: false, needsMerge: false });
  });

  it('reset follows a fetched upstream', async () => {
    const up = sb.upstreamCommit(bare, { 'README.md': 'new\n' }, 'Upstream');
    await backend.fetch(checkout);
    expect(await backend.reset(checkout)).toBe(up);
  });
});

describe('safety', () => {
  it('refuses dangerous URLs and branch names before running git', async () => {
    const target = path.join(dataDir, 'vcs', 'p', 'evil');
    const marker = path.join(sb.root, 'pwned');
    await expectVcsError(backend.clone(`ext::sh -c touch% ${marker}`, 'main', target), /ext::/);
    await expectVcsError(backend.clone('--upload-pack=touch /tmp/pwned', 'main', target), /-/);
    await expectVcsError(backend.clone('ssh://-oProxyCommand=touch%20/tmp/pwned/x', 'main', target));
    await expectVcsError(backend.clone(bare, '--upload-pack=x', target), /-/);
    await expectVcsError(backend.push(checkout, { pushBranch: '-f' }).then((r) => {
      if (!r.ok) throw new VcsError(r.error);
    }));
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(target)).toBe(false);

    const strict = new GitBackend({ dataDir, homeDir: path.join(dataDir, 'git-home') });
    await expectVcsError(strict.clone(`file://${bare}`, 'main', target), /Local repositories are not allowed/);
    await expectVcsError(strict.clone(bare, 'main', target), /Local repositories are not allowed/);
    // A hand-edited config cannot smuggle a transport in either.
    sb.git(checkout, 'config', 'remote.origin.url', `ext::sh -c touch% ${marker}`);
    await expectVcsError(backend.fetch(checkout), /ext::/);
    expect(existsSync(marker)).toBe(false);
  });

  it('removes credentials and server paths from error messages', async () => {
    const target = path.join(dataDir, 'vcs', 'p', 'remote');
    const error = await expectVcsError(backend.clone('http://user:s3cr3t-token@127.0.0.1:9/repo.git', 'main', target));
    expect(error.message).not.toContain('s3cr3t');
    expect(error.message).not.toContain('user:');
    const missing = await expectVcsError(backend.clone(path.join(dataDir, 'missing.git'), 'main', target));
    expect(missing.message).toContain('[DATA_DIR]');
    expect(missing.message).not.toContain(dataDir);
  });

  it('never operates on a parent repository', async () => {
    const plain = path.join(checkout, 'po');
    await expectVcsError(backend.status(plain), /does not exist/);
    await expectVcsError(backend.cleanup(plain), /does not exist/);
  });
});

describe('repair after a killed git', () => {
  it('removes a stale index.lock', async () => {
    writeFileSync(path.join(checkout, '.git/index.lock'), '');
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const opts = { message: 'x', authorName: 'a', authorEmail: 'a@example.com' };
    await expectVcsError(backend.commit(checkout, ['po/cs.po'], opts), /index\.lock/);
    expect((await backend.repair(checkout)).actions).toContain('removed stale index.lock');
    expect(await backend.commit(checkout, ['po/cs.po'], opts)).not.toBeNull();
    expect((await backend.repair(checkout)).actions).toEqual([]);
  });

  it('aborts a half-done rebase and a half-done merge', async () => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const local = await backend.commit(checkout, ['po/cs.po'], { message: 'Local', authorName: 'a', authorEmail: 'a@example.com' });
    sb.upstreamCommit(bare, { 'po/cs.po': PO('Nazdar') }, 'Upstream');
    await backend.fetch(checkout);

    // What a process killed in the middle of `git rebase` leaves: a rebase state, a detached HEAD and a lock.
    expect(() => sb.git(checkout, 'rebase', 'origin/main')).toThrow();
    expect(existsSync(path.join(checkout, '.git/rebase-merge'))).toBe(true);
    writeFileSync(path.join(checkout, '.git/index.lock'), '');
    expect((await backend.status(checkout)).mergeFailure).toMatch(/rebase is in progress.*po\/cs\.po/);
    const report = await backend.repair(checkout);
    expect(report.actions).toEqual(expect.arrayContaining(['removed stale index.lock', 'aborted rebase']));
    expect(sb.git(checkout, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
    expect(await backend.headSha(checkout)).toBe(local);
    expect(await backend.status(checkout)).toMatchObject({ needsCommit: false, mergeFailure: null });

    expect(() => sb.git(checkout, 'merge', 'origin/main')).toThrow();
    expect(existsSync(path.join(checkout, '.git/MERGE_HEAD'))).toBe(true);
    expect((await backend.repair(checkout)).actions).toEqual(['aborted merge']);
    expect(await backend.headSha(checkout)).toBe(local);
    expect(await backend.status(checkout)).toMatchObject({ needsCommit: false, mergeFailure: null });

    // A rebase state so broken that `rebase --abort` fails still gets cleared.
    expect(() => sb.git(checkout, 'rebase', 'origin/main')).toThrow();
    rmSync(path.join(checkout, '.git/rebase-merge/orig-head'));
    expect((await backend.repair(checkout)).actions).toEqual(['aborted rebase']);
    expect(sb.git(checkout, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('main');
    expect(await backend.headSha(checkout)).toBe(local);
    expect((await backend.status(checkout)).needsCommit).toBe(false);

    // And the next operation works.
    const merged = await backend.merge(checkout, 'merge');
    expect(merged.ok).toBe(false);
    expect(merged.conflictFiles).toEqual(['po/cs.po']);
  });

  it('a merge started over a leftover merge state repairs it first', async () => {
    sb.write(checkout, 'po/cs.po', PO('Ahoj'));
    const local = await backend.commit(checkout, ['po/cs.po'], { message: 'Local', authorName: 'a', authorEmail: 'a@example.com' });
    sb.upstreamCommit(bare, { 'po/cs.po': PO('Nazdar') }, 'Upstream');
    await backend.fetch(checkout);
    expect(() => sb.git(checkout, 'merge', 'origin/main')).toThrow();
    const result = await backend.merge(checkout, 'rebase');
    expect(result).toMatchObject({ ok: false, before: local, after: local });
    expect(await backend.headSha(checkout)).toBe(local);
  });

  it('removes an interrupted clone left by a dead process', async () => {
    const target = path.join(dataDir, 'vcs', 'project', 'new');
    const leftover = path.join(dataDir, 'vcs', 'project', '.new.clone-999999999-abcd');
    mkdirSync(path.join(leftover, '.git'), { recursive: true });
    expect((await backend.repair(target)).actions).toEqual(['removed an interrupted clone']);
    expect(existsSync(leftover)).toBe(false);
    await backend.clone(bare, 'main', target);
    expect(await backend.isRepository(target)).toBe(true);
  });
});
