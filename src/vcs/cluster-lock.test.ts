// Cluster-wide repository lock on PostgreSQL: two "hosts" (separate lock instances, different mount paths) take turns.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL } from '../../test/helpers/databases.js';
import { advisoryKey, PgAdvisoryLock } from './cluster-lock.js';
import { RepositoryLock, RepositoryLockedError } from './repo-lock.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('hashes repository keys to stable signed 64-bit lock ids', () => {
  const id = BigInt(advisoryKey('vcs/project/component'));
  expect(advisoryKey('vcs/project/component')).toBe(id.toString());
  expect(id >= -(2n ** 63n) && id < 2n ** 63n).toBe(true);
  expect(advisoryKey('vcs/project/other')).not.toBe(id.toString());
});

describe.skipIf(!PG_URL)('PostgreSQL advisory repository lock', () => {
  let tmp: string;
  // The same data dir mounted at two paths, as two hosts sharing a volume would see it.
  let rootA: string;
  let rootB: string;
  const rel = path.join('vcs', `p-${crypto.randomBytes(4).toString('hex')}`, 'component');
  const locks: RepositoryLock[] = [];
  const host = (root: string, timeoutMs = 10_000) => {
    // Lock files in separate dirs: only the advisory lock can make the two hosts wait for each other.
    const lock = new RepositoryLock({ root, timeoutMs, cluster: new PgAdvisoryLock(PG_URL), lockPath: (repo) => path.join(root, `.${path.basename(repo)}.lock`) });
    locks.push(lock);
    return lock;
  };

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-cluster-lock-'));
    rootA = path.join(tmp, 'host-a');
    rootB = path.join(tmp, 'host-b');
    for (const root of [rootA, rootB]) fs.mkdirSync(path.join(root, rel), { recursive: true });
  });
  afterAll(async () => {
    for (const lock of locks) await lock.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serialises operations of two processes on the same repository', async () => {
    const a = host(rootA);
    const b = host(rootB);
    const spans: { who: string; start: number; end: number }[] = [];
    const work = (who: string) => async () => {
      const start = Date.now();
      await sleep(200);
      spans.push({ who, start, end: Date.now() });
    };
    await Promise.all([a.run(path.join(rootA, rel), work('a1')), b.run(path.join(rootB, rel), work('b1')), a.run(path.join(rootA, rel), work('a2')), b.run(path.join(rootB, rel), work('b2'))]);
    expect(spans).toHaveLength(4);
    spans.sort((x, y) => x.start - y.start);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  });

  it('gives up with 423 after the wait limit, and frees the lock when the holder\'s session ends', async () => {
    const a = host(rootA);
    const b = host(rootB, 300);
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = a.run(path.join(rootA, rel), async () => {
      entered();
      await holding;
    });
    await inside;
    let ran = false;
    await expect(b.run(path.join(rootB, rel), async () => void (ran = true))).rejects.toBeInstanceOf(RepositoryLockedError);
    expect(ran).toBe(false);

    // The holder "crashes": its database session ends, PostgreSQL drops the lock at once.
    await a.close();
    await b.run(path.join(rootB, rel), async () => void (ran = true));
    expect(ran).toBe(true);
    release();
    await held;
  });

  it('does not block other repositories', async () => {
    const a = host(rootA);
    const b = host(rootB, 300);
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const held = a.run(path.join(rootA, rel), () => holding);
    await sleep(100);
    fs.mkdirSync(path.join(rootB, rel, '..', 'other'), { recursive: true });
    await expect(b.run(path.join(rootB, rel, '..', 'other'), async () => 'ok')).resolves.toBe('ok');
    release();
    await held;
  });
});
