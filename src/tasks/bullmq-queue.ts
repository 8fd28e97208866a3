// TaskQueue on BullMQ (Redis): any process enqueues, `parla worker` processes (and optionally `serve`) run the tasks.
//
// The `tasks` table stays the record that /api/tasks/<uuid>/ reads (status, progress, log, result),
// so every process can answer for any task; a BullMQ job only carries the task id. A job is tried
// once: a task whose process died is failed, never silently run a second time (a half-done clone
// or push is not safe to repeat blindly).
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullmq, ioredis } from '../shared/optional-dependency.js';
import type { Db } from '../db/database.js';
import type { TaskRow } from '../db/schema.js';
import { unfinishedTasksBefore } from '../db/tasks.repository.js';
import { DEFAULT_QUEUE } from './in-process-queue.js';
import type { TaskHandler, TaskQueue, TaskScope } from './task-queue.js';
import { failTask, getTask, insertTask, runTask } from './task-runner.js';

export interface BullMqQueueOptions {
  redisUrl: string;
  /** Key prefix of every BullMQ key: installations (and test runs) sharing a Redis stay apart. */
  prefix: string;
  /** Called with connection and processing errors (the queue keeps going). */
  onError?: (error: Error) => void;
  /**
   * How long a running task may go without its process renewing the job lock before it counts as
   * interrupted (BullMQ's lockDuration; the stall check runs at the same interval). Default 30 s.
   */
  lockMs?: number;
  /** A queued or running row without a job in Redis is only failed when older than this (an enqueue in flight). */
  orphanGraceMs?: number;
}

interface JobData {
  id: string;
}

const INTERRUPTED = 'The task was interrupted: the process running it stopped.';
const LOST = 'The task was lost: its queue entry no longer exists.';

export class BullMqTaskQueue implements TaskQueue {
  private readonly handlers = new Map<string, TaskHandler>();
  private queue: Queue<JobData> | null = null;
  private producerConnection: Redis | null = null;
  private worker: Worker<JobData> | null = null;
  private workerConnection: Redis | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();
  private readonly lockMs: number;
  private readonly orphanGraceMs: number;
  private lastError = { message: '', at: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: BullMqQueueOptions,
  ) {
    this.lockMs = options.lockMs ?? 30_000;
    this.orphanGraceMs = options.orphanGraceMs ?? 60_000;
  }

  register(name: string, handler: TaskHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, payload: Record<string, unknown>, scope: TaskScope = {}): Promise<string> {
    if (!this.handlers.has(name)) throw new Error(`No handler for task "${name}"`);
    const id = await insertTask(this.db, name, payload, scope);
    try {
      // The job id is the task id: a retried add of the same task cannot create a second job.
      await this.producer().add(name, { id }, { jobId: id, removeOnComplete: true, removeOnFail: true, attempts: 1 });
    } catch (e) {
      await failTask(this.db, id, `The task could not be queued: ${(e as Error).message}`);
      throw e;
    }
    return id;
  }

  get(id: string): Promise<TaskRow | undefined> {
    return getTask(this.db, id);
  }

  /** Jobs waiting in Redis (shared by every process), under the same queue name as the in-process queue. */
  async lengths(): Promise<Record<string, number>> {
    return { [DEFAULT_QUEUE]: await this.producer().getJobCountByTypes('waiting', 'prioritized', 'delayed') };
  }

  /** Resolves when Redis holds no waiting or active job of this queue (whichever process runs them). */
  async idle(): Promise<void> {
    const queue = this.producer();
    for (;;) {
      const left = await queue.getJobCountByTypes('waiting', 'prioritized', 'delayed', 'active');
      if (left === 0 && this.running.size === 0) return;
      await sleep(50);
    }
  }

  /**
   * Starts taking jobs in this process. Before that, rows whose job is gone from Redis (their
   * process died and the job expired or failed) are declared failed; the same sweep repeats while
   * consuming, since a stall may only be noticed by another process.
   */
  async consume(concurrency: number): Promise<void> {
    if (this.worker) return;
    await this.recoverInterrupted();
    this.workerConnection = this.connection(null);
    this.worker = new (bullmq().Worker<JobData>)(DEFAULT_QUEUE, (job) => this.process(job), {
      connection: this.workerConnection,
      prefix: this.options.prefix,
      concurrency,
      lockDuration: this.lockMs,
      stalledInterval: this.lockMs,
      // A stalled job goes straight to failed: see the header.
      maxStalledCount: 0,
    });
    this.worker.on('error', (e) => this.report(e));
    this.worker.on('stalled', (jobId) => {
      void failTask(this.db, jobId, INTERRUPTED).catch((e: unknown) => this.report(e as Error));
    });
    this.sweeper = setInterval(() => {
      this.recoverInterrupted().catch((e: unknown) => this.report(e as Error));
    }, this.lockMs * 2);
    this.sweeper.unref();
    await this.worker.waitUntilReady();
  }

  /**
   * Fails the queued or running rows that no job in Redis backs any more. Unlike the in-process
   * queue's version this never touches tasks that another live process is running.
   */
  async recoverInterrupted(): Promise<number> {
    const cutoff = new Date(Date.now() - this.orphanGraceMs).toISOString();
    const rows = await unfinishedTasksBefore(this.db, cutoff);
    let failed = 0;
    const queue = this.producer();
    for (const row of rows) {
      const state = await queue.getJobState(row.id);
      if (state !== 'unknown' && state !== 'failed' && state !== 'completed') continue;
      // Re-check after reading Redis: the row may have finished in between.
      if (await failTask(this.db, row.id, state === 'unknown' ? (row.status === 'running' ? INTERRUPTED : LOST) : INTERRUPTED)) failed++;
    }
    return failed;
  }

  /** Stops taking jobs in this process and waits for the running ones; enqueuing still works. */
  async stopConsuming(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    // Worker.close waits for the jobs it is running (graceful shutdown of `parla worker`).
    if (this.worker) await this.worker.close();
    await Promise.all([...this.running]);
    this.worker = null;
    this.workerConnection?.disconnect();
    this.workerConnection = null;
  }

  async close(): Promise<void> {
    await this.stopConsuming();
    if (this.queue) await this.queue.close().catch(() => undefined);
    this.queue = null;
    this.producerConnection?.disconnect();
    this.producerConnection = null;
  }

  private async process(job: Job<JobData>): Promise<void> {
    const run = runTask(this.db, this.handlers, job.data.id);
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** The Queue, created on first use so that processes which never enqueue never connect. */
  private producer(): Queue<JobData> {
    if (!this.queue) {
      // Commands fail after one retry instead of waiting forever while Redis is down.
      this.producerConnection = this.connection(1);
      this.queue = new (bullmq().Queue<JobData>)(DEFAULT_QUEUE, { connection: this.producerConnection, prefix: this.options.prefix });
      this.queue.on('error', (e) => this.report(e));
    }
    return this.queue;
  }

  /** Passes errors on, once a minute per message: a Redis outage would otherwise log every retry. */
  private report(error: Error): void {
    const now = Date.now();
    if (error.message === this.lastError.message && now - this.lastError.at < 60_000) return;
    this.lastError = { message: error.message, at: now };
    this.options.onError?.(error);
  }

  private connection(maxRetriesPerRequest: number | null): Redis {
    const redis = new (ioredis().Redis)(this.options.redisUrl, { maxRetriesPerRequest, lazyConnect: false });
    redis.on('error', (e) => this.report(e));
    return redis;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
