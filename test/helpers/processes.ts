// Real `parla` processes for the scale-out, crash and concurrency suites: spawn, wait, kill, and talk to them over HTTP.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { GIT_ENV } from './git-upstream.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'parla.mjs');
const execFileAsync = promisify(execFile);

export const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns something other than undefined/false, or throws after `timeoutMs`. */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** `parla <args>` run to completion (migrate, createadmin). */
/** The environment of spawned Parla processes: a data dir, a fresh secret, local git remotes, quiet logs, no throttling; `extra` adds or overrides. */
export function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PARLA_DATA_DIR: dataDir,
    PARLA_SECRET_KEY: crypto.randomBytes(24).toString('hex'),
    PARLA_VCS_ALLOW_LOCAL: '1',
    PARLA_LOG_LEVEL: 'warn',
    PARLA_API_RATELIMIT_ANON: '100000000/day',
    PARLA_API_RATELIMIT_USER: '100000000/hour',
    // Many processes share two cores in the suites: event-loop lag there is not overload.
    PARLA_MAX_EVENT_LOOP_DELAY_MS: '0',
    PARLA_HOST: '127.0.0.1',
    ...extra,
  };
}

export function runCli(env: NodeJS.ProcessEnv, args: string[]) {
  return execFileAsync(process.execPath, [BIN, ...args], { cwd: ROOT, env });
}

/** Creates the admin user and returns its API token (the `plu_…` line createadmin prints). */
export async function createAdmin(env: NodeJS.ProcessEnv): Promise<string> {
  const admin = await runCli(env, ['createadmin', '--username', 'admin', '--email', 'admin@example.com']);
  const token = /^(plu_\S+)$/m.exec(admin.stdout)?.[1] ?? '';
  expect(token).toMatch(/^plu_/);
  return token;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

const alive = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;

/** The processes one suite started; each is the leader of its own process group, so a crash can take its git children too. */
export class Processes {
  readonly procs: Proc[] = [];

  constructor(public env: NodeJS.ProcessEnv) {}

  start(name: string, args: string[], extra: Record<string, string> = {}): Proc {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...this.env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const proc = { name, child, output: () => out, exited };
    this.procs.push(proc);
    return proc;
  }

  /** Starts `parla serve` on a free port and waits until it answers; returns its base URL. */
  async serve(name: string, extra: Record<string, string> = {}, timeoutMs = 30_000): Promise<{ proc: Proc; base: string }> {
    const port = await freePort();
    const proc = this.start(name, ['serve'], { PARLA_PORT: String(port), ...extra });
    const base = `http://127.0.0.1:${port}`;
    await this.waitForHttp(base, proc, timeoutMs);
    return { proc, base };
  }

  async waitForHttp(base: string, proc?: Proc, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ok = await fetch(new URL('/api/', base)).then((r) => r.ok, () => false);
      if (ok) return;
      if (proc && !alive(proc)) throw new Error(`${proc.name} exited before answering\n${this.diagnostics()}`);
      if (Date.now() > deadline) throw new Error(`server ${base} did not start\n${this.diagnostics()}`);
      await sleep(100);
    }
  }

  /** A crash: SIGKILL to the whole process group (the server and any git it is running), then wait for the exit. */
  async crash(proc: Proc): Promise<void> {
    if (alive(proc)) {
      try {
        process.kill(-proc.child.pid!, 'SIGKILL');
      } catch {
        proc.child.kill('SIGKILL');
      }
    }
    await proc.exited;
    // Children that outlived the leader (they should not: they share its group) must not touch the data dir any more.
    await waitUntil('the process group to end', () => !groupAlive(proc.child.pid!), 10_000, 20);
  }

  diagnostics(): string {
    return this.procs.map((p) => `--- ${p.name} (exit ${p.child.exitCode ?? p.child.signalCode ?? 'running'})\n${p.output().slice(-3000)}`).join('\n');
  }

  /** SIGTERM, then SIGKILL after 5 s, for every process still running. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.procs.map(async (p) => {
        if (!alive(p)) return;
        p.child.kill('SIGTERM');
        const timer = setTimeout(() => {
          try {
            process.kill(-p.child.pid!, 'SIGKILL');
          } catch {
            p.child.kill('SIGKILL');
          }
        }, 5000);
        await p.exited;
        clearTimeout(timer);
      }),
    );
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export type ApiInit = RequestInit & { json?: unknown };

/** fetch with the token and JSON body, plus a reader of every page of a paginated list. */
export function apiClient(token: () => string) {
  const api = (base: string, pathname: string, init: ApiInit = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('Authorization', `Token ${token()}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(new URL(pathname, base), { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
  const all = async <T>(base: string, pathname: string): Promise<T[]> => {
    const out: T[] = [];
    let next: string | null = new URL(pathname, base).toString();
    while (next) {
      const res = await api(base, next);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as { results: T[]; next: string | null };
      out.push(...body.results);
      next = body.next;
    }
    return out;
  };
  return { api, all };
}
