// Repository lock: in-process serialisation, time limit, and waiting on another process's lock file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RepositoryLock, RepositoryLockedError } from './repo-lock.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'repo-lock.fixture.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string;
let repo: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'parla-lock-'));
  repo = path.join(root, 'vcs', 'project', 'component');
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Starts a process that takes the lock and holds it for `holdMs` (forever when negative); resolves once it holds it. */
async function holdInChild(holdMs: number): Promise<{ child: ChildProcess; exited: Promise<number | null>; releasedAt: () => number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, repo, String(holdMs)], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let released = 0;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('locked\n')) resolve();
      if (buffer.includes('released\n') && !released) released = Date.now();
    });
    child.on('exit', () => reject(new Error('lock holder exited early')));
  });
  return { child, exited, releasedAt: () => released };
}

describe('RepositoryLock in one process', () => {
  it('serialises operations on the same repository and not on different ones', async () => {
    const lock = new RepositoryLock();
    const events: string[] = [];
    const op = (key: string, name: string, ms: number) =>
      lock.run(key, async () => {
        events.push(`${name}:start`);
        await sleep(ms);
        events.push(`${name}:end`);
        return name;
      });
    const results = await Promise.all([op(repo, 'a', 80), op(repo, 'b', 10), op(`${repo}-other`, 'c', 10)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events.indexOf('a:end')).toBeLessThan(events.indexOf('b:start'));
    expect(events.indexOf('c:end')).toBeLessThan(events.indexOf('a:end'));
    expect(existsSync(path.join(root, 'vcs', 'project', '.component.lock'))).toBe(false);
  });

  it('is re-entrant within one call chain and releases after a failure', async () => {
    const lock = new RepositoryLock({ timeoutMs: 500 });
    const nested = await lock.run(repo, () => lock.run(repo, async () => 'inner'));
    expect(nested).toBe('inner');
    await expect(lock.run(repo, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run(repo, async () => 'after')).toBe('after');
  });

  it('gives up with RepositoryLockedError and never runs the late operation', async () => {
    const lock = new RepositoryLock();
    let ran = false;
    const first = lock.run(repo, () => sleep(300));
    const second = lock.run(repo, async () => {
      ran = true;
    }, { timeoutMs: 50 });
    await expect(second).rejects.toBeInstanceOf(RepositoryLockedError);
    await expect(second).rejects.toMatchObject({ code: 'repository-locked' });
    await first;
    await sleep(20);
    expect(ran).toBe(false);
  });

  it('breaks lock files whose owner is gone', async () => {
    const lock = new RepositoryLock({ timeoutMs: 2000, staleMs: 5000 });
    const file = path.join(root, 'vcs', 'project', '.component.lock');
    await lock.run(repo, async () => undefined); // creates the folders
    // Dead pid on this host.
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), instance: 'x', token: 't', since: '' }));
    expect(await lock.run(repo, async () => 'ok')).toBe('ok');
    // Same pid as ours, but from an earlier incarnation (a restarted container gets pid 1 again).
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: os.hostname(), instance: 'earlier', token: 't', since: '' }));
    expect(await lock.run(repo, async () => 'ok')).toBe('ok');
    // Another host: only a missing heartbeat makes it stale.
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'elsewhere', instance: 'x', token: 't', since: '' }));
    await expect(lock.run(repo, async () => 'no', { timeoutMs: 200 })).rejects.toBeInstanceOf(RepositoryLockedError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    expect(await lock.run(repo, async () => 'ok')).toBe('ok');
  });
});

describe('RepositoryLock across processes', () => {
  it('makes this process wait while another process holds the lock', async () => {
    const holder = await holdInChild(1200);
    const lock = new RepositoryLock({ timeoutMs: 20_000 });
    const requested = Date.now();
    const startedAt = await lock.run(repo, async () => Date.now());
    expect(startedAt - requested).toBeGreaterThanOrEqual(900);
    expect(await holder.exited).toBe(0);
    expect(holder.releasedAt()).toBeGreaterThan(0);
    expect(startedAt).toBeGreaterThanOrEqual(holder.releasedAt() - 50);
  });

  it('times out while another process holds the lock', async () => {
    await holdInChild(-1);
    const lock = new RepositoryLock({ timeoutMs: 300 });
    await expect(lock.run(repo, async () => 'x')).rejects.toBeInstanceOf(RepositoryLockedError);
  });

  it('takes over the lock of a process that was killed', async () => {
    const holder = await holdInChild(-1);
    const lock = new RepositoryLock({ timeoutMs: 10_000 });
    const waiting = lock.run(repo, async () => Date.now());
    await sleep(200);
    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    const startedAt = await waiting;
    expect(startedAt).toBeGreaterThanOrEqual(killedAt);
    expect(startedAt - killedAt).toBeLessThan(3000);
  });
});
