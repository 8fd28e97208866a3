// One lock per repository checkout: an in-process keyed mutex, then a lock that other processes see.
//
// The second lock is a PostgreSQL advisory lock when the installation runs on PostgreSQL (any
// number of `serve` and `worker` processes on any number of hosts: see cluster-lock.ts), else a
// lock file next to the checkout, which serialises the processes of one host sharing the data dir.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LockedError } from '../shared/errors.js';
import { KeyedMutex } from '../shared/keyed-mutex.js';
import type { ClusterLock } from './cluster-lock.js';

/** 423 `repository-locked`: another operation kept the repository busy for longer than the wait limit. */
export class RepositoryLockedError extends LockedError {
  constructor(message = 'The repository is busy with another operation. Please try again later.') {
    super('repository-locked', message);
  }
}

export interface RepositoryLockOptions {
  /** How long `run` waits for the lock before throwing RepositoryLockedError (default 60 s). */
  timeoutMs?: number;
  /** First retry delay while another process holds the lock file (doubles up to 1 s). */
  retryMs?: number;
  /** How often the holder refreshes the lock file's mtime (default 10 s). */
  heartbeatMs?: number;
  /** A lock file whose mtime is older than this is stale even if its owner looks alive (default 120 s). */
  staleMs?: number;
  /** Where the lock file of a repository lives; default `<parent>/.<name>.lock` next to the checkout. */
  lockPath?: (repoPath: string) => string;
  /** Cross-process lock that replaces the lock file (PostgreSQL installations). */
  cluster?: ClusterLock;
  /**
   * The data dir: cluster lock keys are repository paths relative to it, so hosts that mount the
   * shared volume at different paths still agree on them.
   */
  root?: string;
}

interface LockInfo {
  pid: number;
  host: string;
  instance: string;
  token: string;
  since: string;
}

export interface RunLockOptions {
  timeoutMs?: number;
}

// Identifies this process incarnation: in containers a restarted process often gets the same pid.
const INSTANCE = randomUUID();
// A lock or breaker file with no readable owner (a crash between create and write) is stale after this.
const UNREADABLE_STALE_MS = 10_000;

export class RepositoryLock {
  private readonly mutex = new KeyedMutex();
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();
  private readonly timeoutMs: number;
  private readonly retryMs: number;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private readonly lockPath: (repoPath: string) => string;
  private readonly cluster: ClusterLock | null;
  private readonly root: string | null;

  constructor(options: RepositoryLockOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retryMs = options.retryMs ?? 50;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.staleMs = options.staleMs ?? 120_000;
    this.lockPath = options.lockPath ?? ((repo) => path.join(path.dirname(repo), `.${path.basename(repo)}.lock`));
    this.cluster = options.cluster ?? null;
    this.root = options.root ? realpathOr(path.resolve(options.root)) : null;
  }

  /**
   * Runs `fn` while holding the lock of `repoPath`. Re-entrant within one async call chain (a
   * `pull` that calls `commit` does not deadlock). Throws RepositoryLockedError when the lock is
   * not obtained within the time limit; `fn` then never runs.
   */
  async run<T>(repoPath: string, fn: () => Promise<T>, options: RunLockOptions = {}): Promise<T> {
    const key = path.resolve(repoPath);
    const held = this.held.getStore();
    if (held?.has(key)) return fn();
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const deadline = Date.now() + timeoutMs;

    return new Promise<T>((resolve, reject) => {
      let expired = false;
      const timer = setTimeout(() => {
        expired = true;
        reject(new RepositoryLockedError());
      }, timeoutMs);
      void this.mutex.run(key, async () => {
        // The caller already gave up while queued: pass the turn on without running fn.
        if (expired) return;
        clearTimeout(timer);
        // Settle only after the lock file is gone, so that a caller that continues finds it free.
        let outcome: { ok: true; value: T } | { ok: false; error: unknown };
        try {
          const release = this.cluster ? await this.cluster.acquire(this.clusterKey(key), deadline, () => new RepositoryLockedError()) : await this.acquireFile(key, deadline);
          try {
            outcome = { ok: true, value: await this.held.run(new Set([...(held ?? []), key]), fn) };
          } catch (error) {
            outcome = { ok: false, error };
          }
          await release();
        } catch (error) {
          outcome = { ok: false, error };
        }
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      });
    });
  }

  private clusterKey(key: string): string {
    if (!this.root) return key;
    const rel = path.relative(this.root, key);
    return rel.startsWith('..') || path.isAbsolute(rel) ? key : rel.split(path.sep).join('/');
  }

  /** Releases cluster locks still held (shutdown). */
  async close(): Promise<void> {
    await this.cluster?.close();
  }

  /** Takes the cross-process lock file, waiting until `deadline`. Returns its release function. */
  private async acquireFile(key: string, deadline: number): Promise<() => Promise<void>> {
    const file = this.lockPath(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const token = randomUUID();
    const info: LockInfo = { pid: process.pid, host: os.hostname(), instance: INSTANCE, token, since: new Date().toISOString() };
    let delay = this.retryMs;
    for (;;) {
      if (await createExclusive(file, JSON.stringify(info))) break;
      if (await this.breakIfStale(file)) continue;
      const left = deadline - Date.now();
      if (left <= 0) throw new RepositoryLockedError();
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, 1000);
    }
    // The heartbeat tells processes on other hosts (which cannot check our pid) that we are alive.
    const heartbeat = setInterval(() => {
      const now = new Date();
      fs.utimes(file, now, now).catch(() => undefined);
    }, this.heartbeatMs);
    heartbeat.unref();
    return async () => {
      clearInterval(heartbeat);
      // Remove the file only if it is still ours (a stale-lock breaker may have replaced it).
      const current = await readInfo(file);
      if (current?.token === token) await fs.rm(file, { force: true });
    };
  }

  /** Removes the lock file when its owner is gone; true when the caller should retry at once. */
  private async breakIfStale(file: string): Promise<boolean> {
    if (!(await this.isStale(file))) return false;
    // Only one process breaks a given lock: otherwise two breakers could each delete the
    // other's fresh lock and both believe they hold it.
    const breaker = `${file}.break`;
    if (!(await createExclusive(breaker, String(process.pid)))) {
      const age = await ageMs(breaker);
      if (age !== null && age > UNREADABLE_STALE_MS) await fs.rm(breaker, { force: true });
      return false;
    }
    try {
      if (await this.isStale(file)) await fs.rm(file, { force: true });
      return true;
    } finally {
      await fs.rm(breaker, { force: true });
    }
  }

  private async isStale(file: string): Promise<boolean> {
    const age = await ageMs(file);
    if (age === null) return true; // vanished: retry
    const info = await readInfo(file);
    if (!info) return age > UNREADABLE_STALE_MS;
    if (age > this.staleMs) return true;
    if (info.host !== os.hostname()) return false;
    if (info.pid === process.pid) return info.instance !== INSTANCE;
    return !isAlive(info.pid);
  }
}

async function createExclusive(file: string, content: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  return true;
}

async function readInfo(file: string): Promise<LockInfo | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<LockInfo>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.token !== 'string') return null;
    return parsed as LockInfo;
  } catch {
    return null;
  }
}

async function ageMs(file: string): Promise<number | null> {
  try {
    return Date.now() - (await fs.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Repository paths arrive resolved through links (components sharing a clone): resolve the root the same way.
function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
