// Shared benchmark plumbing: free ports, starting child servers, a fresh Parla with an admin token.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

/** BENCH_STDOUT=1 shows the servers' standard output (e.g. with `BENCH_NODE_ARGS=--trace-gc`). */
export function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit'] });
}

export interface ParlaProcess {
  base: string;
  auth: Record<string, string>;
  /** The server's own process (bin/parla.mjs runs in it, no wrapper), e.g. for /proc/<pid>/status. */
  process: ChildProcess;
  /** The admin token, for starting more processes on the same database without another admin. */
  token: string;
  stop(): void;
}

/** Peak (VmHWM) and current (VmRSS) resident set size of a Linux process, in MiB; null where /proc has no such process. */
export function residentMemory(pid: number): { peakMiB: number; currentMiB: number } | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMiB: kib('VmHWM') / 1024, currentMiB: kib('VmRSS') / 1024 };
}

/**
 * `parla serve` with an admin token: on a fresh SQLite data dir, or on the data dir and database that
 * `extraEnv` names (then a second start needs another admin `username`, or the first one's `token`).
 */
export async function startParla(extraEnv: Record<string, string> = {}, options: { username?: string; token?: string } = {}): Promise<ParlaProcess> {
  const ownDir = !extraEnv.PARLA_DATA_DIR;
  const dataDir = extraEnv.PARLA_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-'));
  const port = await freePort();
  const env = { PARLA_DATA_DIR: dataDir, PARLA_LOG_LEVEL: 'warn', PARLA_API_RATELIMIT_USER: '100000000/hour', ...extraEnv, PARLA_PORT: String(port) };
  const username = options.username ?? 'bench';
  const token =
    options.token ??
    execFileSync(process.execPath, ['bin/parla.mjs', 'createadmin', '--username', username, '--email', `${username}@example.com`], { cwd: ROOT, env: { ...process.env, ...env } })
      .toString()
      .trim()
      .split('\n')
      .pop()!;
  // BENCH_NODE_ARGS: node flags for the server processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = start([...nodeArgs, 'bin/parla.mjs', 'serve'], env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/`);
  return {
    base,
    auth: { Authorization: `Token ${token}` },
    process: child,
    token,
    stop() {
      child.kill();
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const BENCH_PG_URL = process.env.PARLA_BENCH_DATABASE_URL ?? process.env.PARLA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A PostgreSQL database of this run's own, dropped by `drop()`; null (with a message) when the server is unreachable. */
export async function freshPgDatabase(tag: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  try {
    await admin.connect();
  } catch (e) {
    console.warn(`PostgreSQL at ${BENCH_PG_URL} is not reachable (${(e as Error).message}): PostgreSQL part skipped.`);
    return null;
  }
  const name = `parla_bench_${tag}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BENCH_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Deletes every Redis key matching `pattern` (a bench run's throwaway namespace). */
export async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
