// Opens the database (SQLite by default, PostgreSQL on postgres:// URLs) as one typed Kysely instance.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type LogEvent, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import { pg as pgLibrary } from '../shared/optional-dependency.js';
import type { Database as Schema } from './schema.js';
import { CommitWatchingPostgresDialect } from './commit-watch.js';
import { PgNotifyStamp } from './pg-notify-stamp.js';
import { RedisStamp } from './redis-stamp.js';
import { compileUserRegex } from '../checks/safe-regex.js';
import { recordQuery, trackPool } from '../shared/metrics.js';

/** Query times for the metrics: Kysely times each query itself when a log function is given. */
const logSqlite = (event: LogEvent) => recordQuery('sqlite', event.queryDurationMillis, event.level === 'error');
const logPostgres = (event: LogEvent) => recordQuery('postgres', event.queryDurationMillis, event.level === 'error');

export type Db = Kysely<Schema>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Schema> | Transaction<Schema>;
export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Db;
  dialect: DialectName;
  /**
   * A value that changes whenever the database may have changed since it was last read: a write by this
   * process or a commit by any other connection. null where the database cannot tell (read caches off, or
   * PostgreSQL while the channel of announced commits is not confirmed), so that nothing is cached there
   * (see read-cache.ts).
   */
  stamp(): string | null;
  /**
   * Learn what other connections committed since the stamp was last taken: called as each request arrives. A
   * promise while that waits (at start-up, for the channel of announced commits).
   */
  refreshStamp(): void | Promise<void>;
  close(): Promise<void>;
}

/** How a PostgreSQL database learns of other processes' commits: the stamp, its refresh, and what each commit reports. */
interface CommitStamp {
  stamp(): string | null;
  refresh(): void | Promise<void>;
  onCommit(): void | Promise<void>;
  close(): void;
}

/**
 * Kysely prepares every query anew; preparing is a large part of a small query's cost on SQLite, and
 * better-sqlite3 statements are reusable, so keep the most recent ones by SQL text. Kysely prepares a
 * statement right before each execution, so `onWrite` is called before every statement that may change
 * the database.
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void, size = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source); // re-insert: the Map's order is the recency order
    } else {
      stmt = sqlite.prepare(source);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    if (!stmt.readonly) onWrite();
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Whether another connection committed since the last call, read from the WAL-index header (the first
 * 48 bytes of the `-shm` file, https://www.sqlite.org/walformat.html): every commit changes its change
 * counter and frame count. One read of shared memory instead of a read transaction (`PRAGMA
 * data_version`: two locks and a stat); null when the file cannot be read (then the pragma answers).
 */
function walIndexWatch(file: string): { changed: () => boolean | null; close: () => void } {
  let fd: number | null = null;
  const last = Buffer.alloc(48);
  const now = Buffer.alloc(48);
  return {
    changed: () => {
      try {
        fd ??= fs.openSync(`${file}-shm`, 'r');
        if (fs.readSync(fd, now, 0, 48, 0) !== 48) return null;
      } catch {
        return null;
      }
      // A header caught halfway through a commit differs too: that only empties a cache once more.
      if (now.equals(last)) return false;
      now.copy(last);
      return true;
    },
    close: () => {
      if (fd !== null) fs.closeSync(fd);
      fd = null;
    },
  };
}

/**
 * A stamp from what other connections did (`othersNow`) and this process's own writes (counted by
 * `onWrite`). Other connections are asked once per request (`refresh()` as one arrives) or event loop
 * turn, whichever comes first: what a request reads is never older than its arrival.
 */
function memoStamp(othersNow: () => string): { stamp: () => string; refresh: () => void; onWrite: () => void } {
  let writes = 0;
  let known = false;
  let turnEnd = false;
  let version = '';
  const endOfTurn = () => {
    turnEnd = false;
    known = false;
  };
  return {
    stamp: () => {
      if (!known) {
        version = othersNow();
        known = true;
        if (!turnEnd) {
          turnEnd = true;
          setImmediate(endOfTurn);
        }
      }
      return `${version}:${writes}`;
    },
    refresh: () => {
      known = false;
    },
    onWrite: () => {
      writes++;
    },
  };
}

/**
 * SQLite's stamp: it moves when another connection (another process: a CLI command, a second server)
 * commits, and on this connection's own writes, counted as they are prepared.
 */
function sqliteStamp(sqlite: SQLite.Database, file: string | null): ReturnType<typeof memoStamp> & { close: () => void } {
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const wal = file ? walIndexWatch(file) : null;
  let others = 0;
  // Prefixed by their source, so that the two counts never stand for each other.
  const memo = memoStamp(() => {
    const changed = wal?.changed() ?? null;
    if (changed === null) return `v${dataVersion.get() as number}`;
    if (changed) others++;
    return `w${others}`;
  });
  return { ...memo, close: () => wal?.close() };
}

/** The answers of the last pattern that regexp() ran, by text: at most this many characters of texts are kept. */
const REGEXP_MEMO_CHARS = 1_000_000;
/** Longer texts are tested every time: they rarely repeat, and each would take much of the budget. */
const REGEXP_MEMO_TEXT = 1000;

/**
 * SQLite has no REGEXP of its own: `X REGEXP Y` calls regexp(Y, X). The search query language checks
 * patterns when it parses them; compiled patterns are kept by text. They run on RE2 (linear time), as
 * this function runs inside the event loop. The same text comes up again and again (a source string is
 * the source of every translation's unit), so the last pattern's answers are kept by text: a lookup
 * costs a fraction of a test.
 */
function registerRegexp(sqlite: SQLite.Database): void {
  const compiled = new Map<string, RegExp>();
  let memoPattern = '';
  let memo = new Map<string, 0 | 1>();
  let memoChars = 0;
  sqlite.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) => {
    if (pattern === null || value === null) return null;
    const source = String(pattern);
    const text = String(value);
    if (source !== memoPattern) {
      memoPattern = source;
      memo = new Map();
      memoChars = 0;
    }
    const known = memo.get(text);
    if (known !== undefined) return known;
    let re = compiled.get(source);
    if (!re) {
      const result = compileUserRegex(source);
      if (!result.ok) throw new Error(result.error);
      re = result.regex;
      if (compiled.size >= 100) compiled.delete(compiled.keys().next().value!);
      compiled.set(source, re);
    }
    const answer = re.test(text) ? 1 : 0;
    if (text.length <= REGEXP_MEMO_TEXT) {
      if (memoChars + text.length > REGEXP_MEMO_CHARS) {
        memo = new Map();
        memoChars = 0;
      }
      memo.set(text, answer);
      memoChars += text.length;
    }
    return answer;
  });
}

/** parla_contains(haystack, needle): substring test with JavaScript's Unicode case folding (SQLite's LIKE folds ASCII only). */
function registerContains(sqlite: SQLite.Database): void {
  let needle = '';
  let folded = '';
  sqlite.function('parla_contains', { deterministic: true }, (haystack: unknown, text: unknown) => {
    if (haystack === null || text === null) return null;
    if (text !== needle) [needle, folded] = [String(text), String(text).toLowerCase()];
    return String(haystack).toLowerCase().includes(folded) ? 1 : 0;
  });
}

/** Whether a connection or transaction runs on SQLite (services that take the executor only, not the dialect). */
export function isSqlite(db: Executor): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface DatabaseOptions {
  poolSize?: number;
  /** PostgreSQL: seconds to wait for a connection (opening one, or one of the pool's to come free). */
  connectTimeout?: number;
  /**
   * Read caches (read-cache.ts): `auto` (or `on`) keeps them on; on PostgreSQL the processes announce their
   * commits to each other through Redis where they share one (`redisStamp`), else with PostgreSQL's NOTIFY;
   * `off` turns them off.
   */
  readCache?: 'auto' | 'on' | 'off';
  /** PostgreSQL with Redis: the channel on which the processes announce their commits. */
  redisStamp?: { url: string; channel: string };
}

/** openDatabase's options from the configuration: a channel of the installation's Redis, if it has one. */
export function databaseOptions(config: { readCache: DatabaseOptions['readCache']; redisUrl: string | null; redisPrefix: string; databaseConnectTimeout: number }): DatabaseOptions {
  return {
    connectTimeout: config.databaseConnectTimeout,
    readCache: config.readCache,
    redisStamp: config.redisUrl ? { url: config.redisUrl, channel: `${config.redisPrefix}:commits` } : undefined,
  };
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const readCache = options.readCache ?? 'auto';
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file === ':memory:' ? ':memory:' : file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 10000');
    registerRegexp(sqlite);
    registerContains(sqlite);
    const { stamp, refresh, onWrite, close } = sqliteStamp(sqlite, file === ':memory:' ? null : file);
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, onWrite) }), log: logSqlite });
    return {
      db,
      dialect: 'sqlite',
      stamp: readCache === 'off' ? () => null : stamp,
      refreshStamp: refresh,
      close: async () => {
        close();
        await db.destroy();
      },
    };
  }
  const pool = new (pgLibrary().Pool)({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: (options.connectTimeout ?? 15) * 1000 });
  // An idle connection that the server drops (restart, admin termination) must not crash the
  // process: the pool discards it and opens a new one for the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const untrackPool = trackPool(pool);
  const shared = commitStamp(url, readCache, options);
  const dialect = shared ? new CommitWatchingPostgresDialect({ pool }, () => shared.onCommit()) : new PostgresDialect({ pool });
  const db = new Kysely<Schema>({ dialect, log: logPostgres });
  return {
    db,
    dialect: 'postgres',
    stamp: shared ? () => shared.stamp() : () => null,
    refreshStamp: shared ? () => shared.refresh() : () => {},
    close: async () => {
      untrackPool();
      await db.destroy();
      shared?.close();
    },
  };
}

/** PostgreSQL's commit stamp: announced through Redis where the processes share one, else through PostgreSQL; none when off. */
function commitStamp(url: string, readCache: NonNullable<DatabaseOptions['readCache']>, options: DatabaseOptions): CommitStamp | null {
  if (readCache === 'off') return null;
  if (options.redisStamp) return new RedisStamp(options.redisStamp.url, options.redisStamp.channel);
  return new PgNotifyStamp(url, (options.connectTimeout ?? 15) * 1000);
}
