// ReadCache: hits only while the database stamp is unchanged; never keeps a value read under an older stamp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { PG_URL, createPgDatabase } from '../../test/helpers/databases.js';
import { REDIS_URL } from '../../test/helpers/redis.js';
import { openDatabase, type Database } from './database.js';
import { ReadCache } from './read-cache.js';

function fakeStamp(initial: string | null = 'a') {
  const state = { value: initial };
  return { state, database: { stamp: () => state.value } };
}

describe('ReadCache', () => {
  it('answers from memory while the stamp stays, and reloads everything once it moves', async () => {
    const { state, database } = fakeStamp();
    const cache = new ReadCache<number, string>(database);
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    expect(await cache.get(1, load('one'))).toBe('one');
    expect(await cache.get(1, load('ignored'))).toBe('one');
    expect(loads).toBe(1);
    state.value = 'b';
    expect(await cache.get(1, load('new'))).toBe('new');
    expect(loads).toBe(2);
  });

  it('does not keep a value whose load overlapped a newer stamp', async () => {
    const { state, database } = fakeStamp();
    const cache = new ReadCache<number, string>(database);
    let release!: (v: string) => void;
    const slow = cache.get(1, () => new Promise<string>((r) => (release = r)));
    state.value = 'b';
    expect(await cache.get(2, async () => 'two')).toBe('two'); // empties the cache for stamp b
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.get(1, async () => 'fresh')).toBe('fresh');
  });

  it('loads every time where the database has no stamp, and keeps neither undefined nor failures', async () => {
    const { database } = fakeStamp(null);
    const cache = new ReadCache<number, string | undefined>(database);
    let loads = 0;
    for (let i = 0; i < 3; i++) await cache.get(1, async () => `v${++loads}`);
    expect(loads).toBe(3);
    const stamped = new ReadCache<number, string | undefined>(fakeStamp().database);
    expect(await stamped.get(1, async () => undefined)).toBeUndefined();
    expect(await stamped.get(1, async () => 'now')).toBe('now');
    await expect(stamped.get(2, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await stamped.get(2, async () => 'after')).toBe('after');
  });

  it('peeks without loading, and only at values of the current stamp', async () => {
    const { state, database } = fakeStamp();
    const cache = new ReadCache<number, string>(database);
    expect(cache.peek(1)).toBeUndefined();
    await cache.get(1, async () => 'one');
    expect(cache.peek(1)).toBe('one');
    state.value = 'b';
    expect(cache.peek(1)).toBeUndefined();
    state.value = null;
    expect(cache.peek(1)).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new ReadCache<number, number>(fakeStamp().database, 2);
    for (const k of [1, 2, 3]) await cache.get(k, async () => k);
    expect(await cache.get(1, async () => -1)).toBe(-1);
    expect(await cache.get(3, async () => -3)).toBe(3);
  });
});

describe('database stamps', () => {
  let dir: string;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves on this process’s writes and on other connections’ commits, not on reads', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-'));
    const file = path.join(dir, 'db.sqlite3');
    database = openDatabase(`sqlite:${file}`);
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(database.db);
    await sql`INSERT INTO t VALUES (1, 'a')`.execute(database.db);
    const before = database.stamp();
    await sql`SELECT * FROM t`.execute(database.db);
    database.refreshStamp();
    expect(database.stamp()).toBe(before);

    await sql`UPDATE t SET v = 'b'`.execute(database.db);
    const afterOwn = database.stamp();
    expect(afterOwn).not.toBe(before);

    const other = new SQLite(file); // what a CLI command or a second server process does
    other.prepare("UPDATE t SET v = 'c'").run();
    other.close();
    database.refreshStamp();
    expect(database.stamp()).not.toBe(afterOwn);
  });

  it('is null everywhere with read caches off', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-'));
    database = openDatabase(`sqlite:${path.join(dir, 'db.sqlite3')}`, { readCache: 'off' });
    expect(database.stamp()).toBeNull();
    if (!PG_URL) return;
    const pg = await createPgDatabase();
    const off = openDatabase(pg.url, { readCache: 'off' });
    try {
      await off.refreshStamp();
      expect(off.stamp()).toBeNull();
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(off.db);
      expect(off.stamp()).toBeNull();
    } finally {
      await off.close();
      await pg.drop();
    }
  });

  /** The two channels through which PostgreSQL processes on different hosts announce their commits, and how each is cut. */
  const channels: [name: string, enabled: boolean, options: () => { redisStamp?: { url: string; channel: string } }, cut: (pgUrl: string, channel: string) => Promise<void>][] = [
    [
      'PostgreSQL notifications',
      Boolean(PG_URL),
      () => ({}),
      async (pgUrl) => {
        // What a server restart or a network cut does to the listening connections.
        const admin = openDatabase(pgUrl, { readCache: 'off' });
        try {
          const killed = await sql<{ n: number }>`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = 'parla read caches' AND datname = current_database()`.execute(admin.db);
          expect(killed.rows[0].n).toBe(2);
        } finally {
          await admin.close();
        }
      },
    ],
    [
      'Redis',
      Boolean(PG_URL && REDIS_URL),
      () => ({ redisStamp: { url: REDIS_URL, channel: `parla-test-stamp-${process.pid}-${Date.now()}:commits` } }),
      async (_pgUrl, channel) => {
        // Only this test's subscriptions: other test files may be listening on the same Redis at the same time.
        const redis = new Redis(REDIS_URL);
        try {
          const list = String(await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
          const ids = list.split('\n').filter((line) => line.includes(` name=parla-read-caches:${channel} `)).map((line) => /\bid=(\d+)/.exec(line)![1]!);
          expect(ids.length).toBe(2);
          for (const id of ids) await redis.client('KILL', 'ID', id);
        } finally {
          redis.disconnect();
        }
      },
    ],
  ];

  describe.each(channels)('on PostgreSQL through %s', (_name, enabled, options, cut) => {
    it.runIf(enabled)('moves with own commits and other processes’ commits, and after a lost connection; unknown until confirmed', async () => {
      const pg = await createPgDatabase();
      // Two processes on two hosts: nothing in common but the database (and Redis).
      const shared = options();
      const a = openDatabase(pg.url, shared);
      const b = openDatabase(pg.url, shared);
      /** The announcement is handed over before the announcer's call returns; reading it takes this process a turn of I/O. */
      const delivered = () => new Promise((r) => setTimeout(r, 20));
      /** Until a stamp moves away from `from` (an announcement on a busy machine can take longer than one turn). */
      const movedFrom = async (stamp: () => string | null, from: string | null) => {
        for (let i = 0; i < 100 && stamp() === from; i++) await delivered();
        return stamp();
      };
      try {
        // Nothing is cached before the channel is confirmed; the first request waits for it.
        expect(a.stamp()).toBeNull();
        await a.refreshStamp();
        await b.refreshStamp();
        await delivered(); // each heard the other's start
        const first = a.stamp();
        const bBefore = b.stamp();
        expect(first).not.toBeNull();
        expect(a.refreshStamp()).toBeUndefined(); // nothing asked per request once confirmed
        await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(a.db);
        await sql`SELECT * FROM t`.execute(a.db);
        const afterOwn = a.stamp();
        expect(afterOwn).not.toBe(first);
        await delivered();
        expect(a.stamp()).toBe(afterOwn); // its own commit is no news to it

        expect(await movedFrom(b.stamp, bBefore)).not.toBe(bBefore); // a's commit, seen by b
        const bNow = b.stamp();
        await sql`SELECT * FROM t`.execute(b.db);
        await delivered();
        expect(a.stamp()).toBe(afterOwn); // reads move nothing
        expect(b.stamp()).toBe(bNow);

        await b.db.transaction().execute(async (tx) => {
          await sql`INSERT INTO t VALUES (1, 'a')`.execute(tx);
          await delivered();
          expect(a.stamp()).toBe(afterOwn); // not before the commit
        });
        expect(await movedFrom(a.stamp, afterOwn)).not.toBe(afterOwn);

        // The connection is cut: unknown until confirmed again, then moved.
        const aBefore = a.stamp();
        await cut(pg.url, shared.redisStamp?.channel ?? '');
        await delivered();
        for (let i = 0; i < 200 && a.stamp() === null; i++) await delivered();
        expect(a.stamp()).not.toBeNull();
        expect(a.stamp()).not.toBe(aBefore);
        // And announcements arrive again.
        for (let i = 0; i < 200 && b.stamp() === null; i++) await delivered();
        const aAgain = a.stamp();
        await sql`INSERT INTO t VALUES (2, 'b')`.execute(b.db);
        expect(await movedFrom(a.stamp, aAgain)).not.toBe(aAgain);
      } finally {
        await a.close();
        await b.close();
        await pg.drop();
      }
    });
  });

  it.runIf(PG_URL)('caches nothing on PostgreSQL while Redis cannot be reached', async () => {
    const pg = await createPgDatabase();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const down = openDatabase(pg.url, { redisStamp: { url: 'redis://127.0.0.1:1', channel: 'parla-test:commits' } });
    try {
      await down.refreshStamp();
      expect(down.stamp()).toBeNull();
      // Writes still commit; the version is announced once Redis is back.
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY)`.execute(down.db);
      await down.refreshStamp();
      expect(down.stamp()).toBeNull();
      await new Promise((r) => setImmediate(r));
      expect(warnings.some((w) => /read caches: Redis is unreachable/.test(w))).toBe(true);
    } finally {
      process.off('warning', onWarning);
      await down.close();
      await pg.drop();
    }
  });
});
