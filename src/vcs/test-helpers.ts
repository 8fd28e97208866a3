// Test helpers for the vcs tests: bare "remote" repositories and a raw git runner acting as upstream developers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Sandbox {
  root: string;
  /** Runs raw git (no Parla wrapper) as an "upstream developer". */
  git(cwd: string, ...args: string[]): string;
  /** A new bare repository; seeded with `files` on `main` unless `files` is null. */
  bare(name: string, files?: Record<string, string> | null): string;
  /** Commits `files` on top of `branch` of a bare repository, as an upstream developer would. */
  upstreamCommit(bare: string, files: Record<string, string>, message: string, branch?: string): string;
  write(dir: string, file: string, content: string): void;
  dispose(): void;
}

export function createSandbox(): Sandbox {
  const root = mkdtempSync(path.join(os.tmpdir(), 'parla-vcs-'));
  const home = path.join(root, 'upstream-home');
  mkdirSync(home, { recursive: true });
  let counter = 0;
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        LANG: 'C',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: 'Upstream Dev',
        GIT_AUTHOR_EMAIL: 'dev@example.com',
        GIT_COMMITTER_NAME: 'Upstream Dev',
        GIT_COMMITTER_EMAIL: 'dev@example.com',
        GIT_EDITOR: 'true',
      },
    });
  const write = (dir: string, file: string, content: string) => {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  const upstreamCommit = (bare: string, files: Record<string, string>, message: string, branch = 'main'): string => {
    const work = path.join(root, `upstream-work-${++counter}`);
    git(root, 'clone', '-q', '--', bare, work);
    const hasBranch = git(work, 'ls-remote', '--heads', 'origin', branch).trim() !== '';
    if (hasBranch) git(work, 'checkout', '-q', '-B', branch, `origin/${branch}`);
    else git(work, 'checkout', '-q', '--orphan', branch);
    for (const [file, content] of Object.entries(files)) write(work, file, content);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', message);
    git(work, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
    const sha = git(work, 'rev-parse', 'HEAD').trim();
    rmSync(work, { recursive: true, force: true });
    return sha;
  };
  const bare = (name: string, files: Record<string, string> | null = { 'README.md': '# Demo\n' }): string => {
    const dir = path.join(root, 'remotes', name);
    mkdirSync(dir, { recursive: true });
    git(dir, 'init', '-q', '--bare', '-b', 'main');
    if (files) upstreamCommit(dir, files, 'Initial commit');
    return dir;
  };
  return { root, git, bare, upstreamCommit, write, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
