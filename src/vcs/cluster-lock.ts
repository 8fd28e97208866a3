// Cluster-wide repository lock: a PostgreSQL session advisory lock held on a connection of its own.
//
// Every `serve` and `worker` process of an installation shares the database, so the database is the
// one place where a lock is visible to all hosts. A session lock dies with its connection: a
// process that crashes or loses its network releases its repositories without any staleness rule.
import crypto from 'node:crypto';
import type pg from 'pg';
import { pg as pgLibrary } from '../shared/optional-dependency.js';

export interface ClusterLock {
  /**
   * Takes the lock of `key`, waiting until `deadline` (epoch ms). Resolves with the release
   * function, or rejects with `timeoutError()` when the deadline passes first.
   */
  acquire(key: string, deadline: number, timeoutError: () => Error): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A signed 64-bit advisory lock id from a repository key (the first 8 bytes of its SHA-256). */
export function advisoryKey(key: string): string {
  return crypto.createHash('sha256').update(`parla-repository:${key}`).digest().readBigInt64BE(0).toString();
}

export class PgAdvisoryLock implements ClusterLock {
  private readonly held = new Set<pg.Client>();

  constructor(
    private readonly databaseUrl: string,
    private readonly retryMs = 50,
  ) {}

  async acquire(key: string, deadline: number, timeoutError: () => Error): Promise<() => Promise<void>> {
    const id = advisoryKey(key);
    const client = new (pgLibrary().Client)({ connectionString: this.databaseUrl, connectionTimeoutMillis: Math.max(1000, deadline - Date.now()) });
    // An idle client's connection error must not crash the process; the next query reports it.
    client.on('error', () => undefined);
    await client.connect();
    try {
      let delay = this.retryMs;
      // Try-lock in a loop rather than pg_advisory_lock: a blocked query could not honour the deadline.
      for (;;) {
        const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [id]);
        if (res.rows[0]?.ok) break;
        const left = deadline - Date.now();
        if (left <= 0) throw timeoutError();
        await sleep(Math.min(delay, left));
        delay = Math.min(delay * 2, 1000);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.held.add(client);
    return async () => {
      this.held.delete(client);
      // A session that is already gone holds no lock any more: nothing to report to the caller.
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [id]).catch(() => undefined);
      // Ending the session releases the lock even when the unlock query failed.
      await client.end().catch(() => undefined);
    };
  }

  /** Ends the sessions of locks still held (shutdown): PostgreSQL releases them. */
  async close(): Promise<void> {
    await Promise.all([...this.held].map((c) => c.end().catch(() => undefined)));
    this.held.clear();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
