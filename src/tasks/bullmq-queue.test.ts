// BullMQ task queue against a real Redis: tasks run by a consumer, failures, a killed worker, and `parla worker` without Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { insertTask, taskById, updateTask } from '../db/tasks.repository.js';
import { deleteRedisKeys, REDIS_URL } from '../../test/helpers/redis.js';
import { BullMqTaskQueue } from './bullmq-queue.js';
import { runWorker } from './worker-process.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bullmq-queue.fixture.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('reads the queue settings with their defaults and rejects a prefix with separators', () => {
  expect(loadConfig({})).toMatchObject({ redisUrl: null, redisPrefix: 'parla', serveRunsTasks: false, workerConcurrency: 2 });
  expect(loadConfig({ PARLA_REDIS_PREFIX: 'site-2', PARLA_SERVE_RUNS_TASKS: 'yes', PARLA_WORKER_CONCURRENCY: '8' })).toMatchObject({ redisPrefix: 'site-2', serveRunsTasks: true, workerConcurrency: 8 });
  expect(() => loadConfig({ PARLA_REDIS_PREFIX: 'a:b' })).toThrow(/PARLA_REDIS_PREFIX/);
  expect(() => loadConfig({ PARLA_WORKER_CONCURRENCY: '0' })).toThrow(/PARLA_WORKER_CONCURRENCY/);
});

it('`parla worker` refuses to start without PARLA_REDIS_URL', async () => {
  await expect(runWorker(loadConfig({ PARLA_DATA_DIR: os.tmpdir() }))).rejects.toThrow(/needs PARLA_REDIS_URL/);
});

describe.skipIf(!REDIS_URL)('BullMQ task queue', () => {
  let dir: string;
  let dbUrl: string;
  let database: Database;
  const prefix = `parla-t-${crypto.randomBytes(4).toString('hex')}`;
  const queues: BullMqTaskQueue[] = [];
  const children: ChildProcess[] = [];
  const queue = (options: { lockMs?: number; orphanGraceMs?: number } = {}) => {
    const q = new BullMqTaskQueue(database.db, { redisUrl: REDIS_URL, prefix, ...options });
    queues.push(q);
    return q;
  };
  const status = async (id: string) => {
    const row = await taskById(database.db, id);
    if (!row) throw new Error(`no task ${id}`);
    return row;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-bullmq-'));
    dbUrl = `sqlite:${path.join(dir, 'parla.sqlite3')}`;
    database = openDatabase(dbUrl);
    await migrate(database);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const q of queues.splice(0)) await q.close();
    await deleteRedisKeys(prefix);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a task enqueued by another process only where a consumer runs, and records its result', async () => {
    const producer = queue();
    const consumer = queue();
    for (const q of [producer, consumer]) {
      q.register('add', async (payload, ctx) => {
        await ctx.progress(50, 'half way');
        return { sum: Number(payload.a) + Number(payload.b) };
      });
    }
    const id = await producer.enqueue('add', { a: 2, b: 3 }, { projectId: null });
    await sleep(300);
    expect((await status(id)).status).toBe('queued');
    expect(await producer.lengths()).toEqual({ default: 1 });

    await consumer.consume(1);
    await producer.idle();
    const row = await status(id);
    expect(row).toMatchObject({ status: 'done', progress: 100, log: 'half way\n' });
    expect(JSON.parse(row.result!)).toEqual({ sum: 5 });
    expect(await producer.lengths()).toEqual({ default: 0 });
  });

  it('records a handler error as a failed task', async () => {
    const q = queue();
    q.register('boom', async () => {
      throw new Error('the remote is gone');
    });
    await q.consume(1);
    const id = await q.enqueue('boom', {});
    await q.idle();
    const row = await status(id);
    expect(row.status).toBe('failed');
    expect(JSON.parse(row.result!)).toEqual({ error: 'the remote is gone' });
  });

  it('fails the task of a killed worker, and never the live tasks of other processes', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dbUrl, REDIS_URL, prefix], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let out = '';
    const seen = (line: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => out.includes(`${line}\n`) && resolve();
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          check();
        });
        child.on('exit', () => reject(new Error(`fixture exited before "${line}"`)));
        check();
      });
    await seen('ready');
    const other = queue({ lockMs: 500, orphanGraceMs: 0 });
    other.register('hang', async () => undefined);
    const id = await other.enqueue('hang', {});
    await seen('running');
    expect((await status(id)).status).toBe('running');

    // A row without any job behind it (its process died before BullMQ knew it) is failed…
    const orphan = crypto.randomUUID();
    const old = new Date(Date.now() - 1000).toISOString();
    await insertTask(database.db, { id: orphan, name: 'hang', payload: {}, projectId: null, componentId: null, userId: null });
    await updateTask(database.db, orphan, { status: 'running', created: old, updated: new Date().toISOString() });
    await other.consume(1);
    // …while the task another process is running stays untouched.
    expect((await status(orphan)).status).toBe('failed');
    expect((await status(id)).status).toBe('running');
    await sleep(1500);
    expect((await status(id)).status).toBe('running');

    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while ((await status(id)).status === 'running' && Date.now() < deadline) await sleep(100);
    const row = await status(id);
    expect(row.status).toBe('failed');
    expect(JSON.parse(row.result!).error).toMatch(/interrupted/);
  }, 20_000);
});
