// Shared benchmark plumbing: free ports, starting child servers, a fresh Parla with an admin token.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export interface ParlaProcess {
  base: string;
  auth: Record<string, string>;
  process: ChildProcess;
  stop(): void;
}

/**
 * `parla serve` with an admin token: on a fresh SQLite data dir, or on the data dir and database that
 * `extraEnv` names (then a second start needs another admin `username`).
 */
export async function startParla(extraEnv: Record<string, string> = {}, options: { username?: string } = {}): Promise<ParlaProcess> {
  const ownDir = !extraEnv.PARLA_DATA_DIR;
  const dataDir = extraEnv.PARLA_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bench-'));
  const port = await freePort();
  const env = { PARLA_DATA_DIR: dataDir, PARLA_LOG_LEVEL: 'warn', PARLA_API_RATELIMIT_USER: '100000000/hour', ...extraEnv, PARLA_PORT: String(port) };
  const username = options.username ?? 'bench';
  const token = execFileSync(process.execPath, ['bin/parla.mjs', 'createadmin', '--username', username, '--email', `${username}@example.com`], { cwd: ROOT, env: { ...process.env, ...env } })
    .toString()
    .trim()
    .split('\n')
    .pop()!;
  const child = start(['bin/parla.mjs', 'serve'], env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/`);
  return {
    base,
    auth: { Authorization: `Token ${token}` },
    process: child,
    stop() {
      child.kill();
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
