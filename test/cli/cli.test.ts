// `parla` as an operator meets it: every command's --help, one-line usage errors, one-line start-up failures.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, serverEnv } from '../helpers/processes.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function parla(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

/** One line on standard error, nothing on standard output, no stack trace. */
function expectOneLine(r: Run, code: number, line: string | RegExp) {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  if (typeof line === 'string') expect(r.stderr.trim()).toBe(line);
  else expect(r.stderr.trim()).toMatch(line);
}

// Every command `parla --help` lists; a command added there without a --help of its own fails this test.
const COMMANDS = ['serve', 'worker', 'migrate', 'createadmin', 'changepassword', 'reset2fa', 'machinery', 'machinery list', 'machinery set', 'machinery unset', 'memory', 'memory import', 'memory export'];

describe('parla command line', () => {
  let tmp: string;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-cli-'));
    dataDir = path.join(tmp, 'data');
    env = serverEnv(dataDir);
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('lists every command in its overview', async () => {
    const r = await parla(['--help'], env);
    expect(r.code).toBe(0);
    const listed = new Set(lines(r.stdout).flatMap((l) => /^ {2}(\w+(?: [a-z]+)?)/.exec(l)?.[1] ?? []));
    listed.delete('help');
    expect([...listed].sort()).toEqual(COMMANDS.filter((c) => !['machinery', 'memory'].includes(c)).sort());
    expect((await parla(['help'], env)).stdout).toBe(r.stdout);
  });

  it('prints the help of each command with --help and -h, exits 0 and touches no data dir', async () => {
    const runs = await Promise.all(COMMANDS.flatMap((c) => [['--help'], ['-h']].map(async (flag) => ({ c, r: await parla([...c.split(' '), ...flag], env) }))));
    for (const { c, r } of runs) {
      expect(r.code, `${c}: ${r.stderr}`).toBe(0);
      expect(r.stderr, c).toBe('');
      expect(r.stdout, c).toMatch(new RegExp(`^Usage: parla ${c}\\b`));
      // The usage line, then one line of what the command does.
      expect(lines(r.stdout)[1], c).toMatch(/^[A-Z].+\.$/);
    }
    expect((await parla(['help', 'memory', 'export'], env)).stdout).toMatch(/^Usage: parla memory export /);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('reset2fa names a user that does not exist in one line, exit code 1', async () => {
    const own = path.join(tmp, 'reset2fa-data');
    const r = await parla(['reset2fa', '--username', 'ghost'], serverEnv(own));
    expectOneLine(r, 1, 'reset2fa: no user "ghost"');
    expectOneLine(await parla(['reset2fa'], serverEnv(own)), 2, /^parla: --username is required/);
  });

  it('holds createadmin and changepassword to the password policy, in one line, exit code 1', async () => {
    const own = serverEnv(path.join(tmp, 'policy-data'));
    const short = await parla(['createadmin', '--username', 'root', '--email', 'root@example.com', '--password', 'short'], own);
    expectOneLine(short, 1, 'createadmin: This password is too short. It must contain at least 10 characters.');
    const like = await parla(['createadmin', '--username', 'rosalind', '--email', 'r@example.com', '--password', 'rosalind-2026'], own);
    expectOneLine(like, 1, 'createadmin: The password is too similar to the username.');
    const ok = await parla(['createadmin', '--username', 'rosalind', '--email', 'r@example.com', '--password', 'violet kettle drum'], own);
    expect(ok.code, ok.stderr).toBe(0);
    expectOneLine(await parla(['changepassword', '--username', 'rosalind', '--password', 'password123'], own), 1, /^changepassword: .*This password is too common\.$/);
  });

  it('answers an unknown option or command with one line and exit code 2', async () => {
    const [option, command, sub, extra] = await Promise.all([
      parla(['createadmin', '--foo', '--username', 'a'], env),
      parla(['frobnicate'], env),
      parla(['memory', 'export', '--source-language', 'de'], env),
      parla(['migrate', 'now'], env),
    ]);
    expectOneLine(option, 2, "parla: unknown option --foo for 'createadmin' (see parla createadmin --help)");
    expectOneLine(command, 2, "parla: unknown command 'frobnicate' (see parla --help)");
    expectOneLine(sub, 2, "parla: unknown option --source-language for 'memory export' (see parla memory export --help)");
    expectOneLine(extra, 2, /^parla: unexpected argument "now" for 'migrate'/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('reports a port in use, a bad database URL or data dir and a bad setting in one line, exit code 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const aFile = path.join(tmp, 'a-file');
    fs.writeFileSync(aFile, '');
    try {
      const [inUse, badUrl, unreachable, notADir, badSetting] = await Promise.all([
        parla(['serve'], { ...env, PARLA_PORT: String(port) }),
        parla(['migrate'], { ...env, PARLA_DATABASE_URL: 'mysql://db.example/parla' }),
        // Port 1 on this machine: nothing listens there, the connection is refused at once.
        parla(['migrate'], { ...env, PARLA_DATABASE_URL: 'postgres://parla:secret@127.0.0.1:1/parla' }),
        parla(['serve'], { ...env, PARLA_DATA_DIR: path.join(aFile, 'data') }),
        parla(['serve'], { ...env, PARLA_SESSION_AGE: 'a week' }),
      ]);
      expectOneLine(inUse, 1, `parla: port ${port} on 127.0.0.1 is in use (set PARLA_PORT or PARLA_HOST)`);
      expectOneLine(badUrl, 1, /^parla: configuration error: PARLA_DATABASE_URL: expected postgres:/);
      expectOneLine(unreachable, 1, 'parla: cannot reach the database postgres://parla:***@127.0.0.1:1/parla (PARLA_DATABASE_URL): ECONNREFUSED');
      expectOneLine(notADir, 1, new RegExp(`^parla: the data dir ${path.join(aFile, 'data').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(PARLA_DATA_DIR\\) cannot be used: ENOTDIR`));
      expectOneLine(badSetting, 1, 'parla: configuration error: PARLA_SESSION_AGE: expected an integer between 60 and 315360000, got "a week"');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('gives up on a database server that accepts the connection but never answers, in one line', async () => {
    // What a PostgreSQL host behind a firewall that drops packets looks like to the client: no answer at all.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const r = await parla(['migrate'], { ...env, PARLA_DATABASE_URL: `postgres://parla@127.0.0.1:${port}/parla`, PARLA_DATABASE_CONNECT_TIMEOUT: '1' });
      expectOneLine(r, 1, `parla: cannot reach the database postgres://parla@127.0.0.1:${port}/parla (PARLA_DATABASE_URL): no answer within 1 s (PARLA_DATABASE_CONNECT_TIMEOUT)`);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      silent.close();
    }
  }, 30_000);

  it('shows the whole error with PARLA_DEBUG=1', async () => {
    const r = await parla(['serve'], { ...env, PARLA_SESSION_AGE: 'a week', PARLA_DEBUG: '1' });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)[0]).toMatch(/^parla: configuration error: PARLA_SESSION_AGE/);
    expect(r.stderr).toMatch(/^\s+at .*config\.ts/m);
  });
});
