// Opens the database (SQLite by default, PostgreSQL on postgres:// URLs) as one typed Kysely instance.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database as Schema } from './schema.js';

export type Db = Kysely<Schema>;
export type Tx = Transaction<Schema>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Kysely<Schema> | Transaction<Schema>;
export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back as int8/numeric from PostgreSQL; our counters fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Kysely prepares every query anew; preparing is a large part of a small query's cost on SQLite, and
 * better-sqlite3 statements are reusable, so keep the most recent ones by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (source: string) => {
          let stmt = cache.get(source);
          if (stmt) {
            cache.delete(source); // re-insert: the Map's order is the recency order
          } else {
            stmt = target.prepare(source);
            if (cache.size >= size) cache.delete(cache.keys().next().value!);
          }
          cache.set(source, stmt);
          return stmt;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * SQLite has no REGEXP of its own: `X REGEXP Y` calls regexp(Y, X). The search query language checks
 * patterns when it parses them; compiled patterns are kept by text.
 */
function registerRegexp(sqlite: SQLite.Database): void {
  const compiled = new Map<string, RegExp>();
  sqlite.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) => {
    if (pattern === null || value === null) return null;
    const source = String(pattern);
    let re = compiled.get(source);
    if (!re) {
      re = new RegExp(source);
      if (compiled.size >= 100) compiled.delete(compiled.keys().next().value!);
      compiled.set(source, re);
    }
    return re.test(String(value)) ? 1 : 0;
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

export function openDatabase(url: string, options: { poolSize?: number } = {}): Database {
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
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle connection that the server drops (restart, admin termination) must not crash the
  // process: the pool discards it and opens a new one for the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
