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
    fs.rmSync(dir, { recursive: true, force: true });
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

  it('is null everywhere with read caches off, and on PostgreSQL unless they are on', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-'));
    database = openDatabase(`sqlite:${path.join(dir, 'db.sqlite3')}`, { readCache: 'off' });
    expect(database.stamp()).toBeNull();
    if (!PG_URL) return;
    const pg = await createPgDatabase();
    const plain = openDatabase(pg.url);
    try {
      expect(plain.stamp()).toBeNull();
    } finally {
      await plain.close();
      await pg.drop();
    }
  });

  it.runIf(PG_URL)('moves on PostgreSQL with read caches on: own commits, and other processes’ through the shared file', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-'));
    const pg = await createPgDatabase();
    const options = { readCache: 'on' as const, stampFile: path.join(dir, 'read-cache.stamp') };
    database = openDatabase(pg.url, options);
    const other = openDatabase(pg.url, options);
    try {
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(database.db);
      const before = database.stamp();
      expect(before).not.toBeNull();
      await sql`SELECT * FROM t`.execute(database.db);
      database.refreshStamp();
      expect(database.stamp()).toBe(before);
      await sql`INSERT INTO t VALUES (1, 'a')`.execute(database.db);
      const afterOwn = database.stamp();
      expect(afterOwn).not.toBe(before);
      await sql`UPDATE t SET v = 'b'`.execute(other.db);
      database.refreshStamp();
      const afterOther = database.stamp();
      expect(afterOther).not.toBe(afterOwn);
      // The other process's own write is no news to itself twice: its stamp moved when it wrote.
      other.refreshStamp();
      const otherNow = other.stamp();
      other.refreshStamp();
      expect(other.stamp()).toBe(otherNow);
    } finally {
      await other.close();
      await database.close();
      database = undefined as unknown as Database;
      await pg.drop();
    }
  });

  it.runIf(PG_URL && REDIS_URL)('moves on PostgreSQL with Redis: own commits, other hosts’ commits, a lost subscription; unknown until subscribed', async () => {
    const pg = await createPgDatabase();
    const channel = `parla-test-stamp-${process.pid}-${Date.now()}:commits`;
    // Two hosts: no data dir in common (the stamp files differ), one Redis.
    const [dirA, dirB] = [fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-')), fs.mkdtempSync(path.join(os.tmpdir(), 'parla-stamp-'))];
    const on = (d: string) => ({ readCache: 'auto' as const, stampFile: path.join(d, 'read-cache.stamp'), redisStamp: { url: REDIS_URL, channel } });
    const a = openDatabase(pg.url, on(dirA));
    const b = openDatabase(pg.url, on(dirB));
    const redis = new Redis(REDIS_URL);
    /** Redis has handed the message over before PUBLISH answers; reading it takes this process one turn of I/O. */
    const delivered = () => new Promise((r) => setTimeout(r, 20));
    try {
      // Nothing is cached before the subscription is confirmed; the first request waits for it.
      expect(a.stamp()).toBeNull();
      await a.refreshStamp();
      await b.refreshStamp();
      const first = a.stamp();
      const bBefore = b.stamp();
      expect(first).not.toBeNull();
      expect(a.refreshStamp()).toBeUndefined(); // nothing asked of Redis per request once subscribed
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(a.db);
      await sql`SELECT * FROM t`.execute(a.db);
      const afterOwn = a.stamp();
      expect(afterOwn).not.toBe(first);
      await delivered();
      expect(a.stamp()).toBe(afterOwn); // its own commit is no news to it

      expect(b.stamp()).not.toBe(bBefore); // a's commit, seen by b
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
      await delivered();
      expect(a.stamp()).not.toBe(afterOwn);

      // The subscription is cut (Redis restarted, a network cut): unknown until subscribed again, then moved.
      const aBefore = a.stamp();
      await redis.client('KILL', 'TYPE', 'pubsub');
      await delivered();
      for (let i = 0; i < 100 && a.stamp() === null; i++) await delivered();
      expect(a.stamp()).not.toBeNull();
      expect(a.stamp()).not.toBe(aBefore);
      expect(fs.existsSync(path.join(dirA, 'read-cache.stamp'))).toBe(false);
    } finally {
      redis.disconnect();
      await a.close();
      await b.close();
      await pg.drop();
      for (const d of [dirA, dirB]) fs.rmSync(d, { recursive: true, force: true });
    }
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
