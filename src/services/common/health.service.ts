// Liveness and readiness of a process (`/healthz`, `/readyz`, the worker's probe): each dependency checked within a deadline.
import { msgid } from '../../shared/msgid.js';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ioredis } from '../../shared/optional-dependency.js';
import type { Database } from '../../db/database.js';
import { appliedMigrationNames, pingDatabase } from '../../db/health.repository.js';
import { MIGRATION_NAMES } from '../../db/migrate.js';
import type { TaskQueue } from '../../tasks/task-queue.js';

export interface CheckResult {
  ok: boolean;
  /** Why the check failed. */
  error?: string;
  /** What was found when that is worth knowing (e.g. "not configured"). */
  detail?: string;
}

export type CheckName = 'database' | 'migrations' | 'data_dir' | 'redis' | 'queue';

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: Record<CheckName, CheckResult>;
}

export interface HealthOptions {
  database: Database;
  dataDir: string;
  redisUrl: string | null;
  tasks: TaskQueue;
  /** Each check's deadline: a probe answers within it even when a dependency hangs. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2000;

class TimeoutError extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined); // a late failure after the deadline is not an unhandled rejection
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return messageOf(error.errors[0]);
  const message = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error);
  return message.split('\n')[0]!.slice(0, 300);
}

export class HealthService {
  private readonly timeoutMs: number;

  constructor(private readonly options: HealthOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Every check, run at once; `ok` only when all pass. */
  async readiness(): Promise<Readiness> {
    const run = async (check: () => Promise<string | undefined>): Promise<CheckResult> => {
      try {
        const detail = await withDeadline(check(), this.timeoutMs);
        return detail === undefined ? { ok: true } : { ok: true, detail };
      } catch (error) {
        return { ok: false, error: messageOf(error) };
      }
    };
    const [database, migrations, dataDir, redis, queue] = await Promise.all([
      run(() => this.database()),
      run(() => this.migrations()),
      run(() => this.dataDir()),
      run(() => this.redis()),
      run(() => this.queue()),
    ]);
    const checks = { database, migrations, data_dir: dataDir, redis, queue };
    return { status: Object.values(checks).every((c) => c.ok) ? 'ok' : 'unavailable', checks };
  }

  private async database(): Promise<undefined> {
    await pingDatabase(this.options.database.db);
    return undefined;
  }

  /** Pending migrations fail the check; migrations the code does not know (a newer release migrated) do not, so that a rolling upgrade keeps the old processes serving. */
  private async migrations(): Promise<string | undefined> {
    const applied = new Set(await appliedMigrationNames(this.options.database.db));
    const code = MIGRATION_NAMES;
    const pending = code.filter((name) => !applied.has(name));
    if (pending.length) throw new Error(`pending migrations: ${pending.join(', ')} (run \`parla migrate\`)`);
    const known = new Set(code);
    const newer = [...applied].filter((name) => !known.has(name));
    return newer.length ? `the database also has migrations this code does not know: ${newer.join(', ')}` : undefined;
  }

  /** Writes and removes a small file: a full disk, a read-only mount or a missing volume fails here. */
  private async dataDir(): Promise<undefined> {
    const file = path.join(this.options.dataDir, `.readyz-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
    await fs.writeFile(file, 'ok', { flag: 'wx' });
    await fs.rm(file, { force: true });
    return undefined;
  }

  /** A connection of its own for each probe: the answer says whether a new process could connect now. */
  private async redis(): Promise<string | undefined> {
    if (!this.options.redisUrl) return msgid('not configured');
    const client = new (ioredis().Redis)(this.options.redisUrl, {
      lazyConnect: true,
      connectTimeout: this.timeoutMs,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined); // the failure is the check's answer, not an unhandled event
    try {
      await client.connect();
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
      return undefined;
    } finally {
      client.disconnect();
    }
  }

  /** The shared (BullMQ) queue answers its waiting counts; the in-process queue lives in this process. */
  private async queue(): Promise<string> {
    if (!this.options.redisUrl) return 'in-process';
    await this.options.tasks.lengths();
    return 'redis';
  }
}
