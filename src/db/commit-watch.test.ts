// Which statements count as writes, and when the PostgreSQL dialect reports them (after the commit, once per transaction).
import { Kysely, sql, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, PG_URL } from '../../test/helpers/databases.js';
import { CommitWatchingPostgresDialect, mayWrite } from './commit-watch.js';

interface T {
  items: { id: number; name: string };
}

describe('mayWrite', () => {
  // Compiled by Kysely as the services compile them (the dialect only changes quoting).
  const k = new Kysely<T>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  const compiled = (q: { compile(): CompiledQuery }) => q.compile();

  it('lets selects through, raw ones too, and counts everything else', () => {
    expect(mayWrite(compiled(k.selectFrom('items').selectAll()))).toBe(false);
    expect(mayWrite(compiled(k.with('x', (db) => db.selectFrom('items').select('id')).selectFrom('x').selectAll()))).toBe(false);
    expect(mayWrite(compiled(k.selectFrom('items').selectAll().forUpdate()))).toBe(false);
    expect(mayWrite(sql`  select 1`.compile(k))).toBe(false);
    expect(mayWrite(compiled(k.insertInto('items').values({ id: 1, name: 'a' })))).toBe(true);
    expect(mayWrite(compiled(k.updateTable('items').set({ name: 'b' })))).toBe(true);
    expect(mayWrite(compiled(k.deleteFrom('items')))).toBe(true);
    expect(mayWrite(sql`UPDATE items SET name = 'c'`.compile(k))).toBe(true);
    expect(mayWrite(sql`WITH d AS (DELETE FROM items RETURNING id) SELECT * FROM d`.compile(k))).toBe(true);
  });
});

describe.runIf(PG_URL)('CommitWatchingPostgresDialect', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let db: Kysely<T>;
  let reports = 0;

  beforeAll(async () => {
    database = await createPgDatabase();
    db = new Kysely<T>({ dialect: new CommitWatchingPostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }, () => void reports++) });
    await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('reports a write outside a transaction once it is done, and no read', async () => {
    reports = 0;
    await db.insertInto('items').values({ id: 1, name: 'a' }).execute();
    expect(reports).toBe(1);
    await db.selectFrom('items').selectAll().execute();
    await sql`SELECT count(*) FROM items`.execute(db);
    expect(reports).toBe(1);
  });

  it('reports a transaction that wrote once, after it ends (committed or rolled back), and not one that only read', async () => {
    reports = 0;
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('items').set({ name: 'b' }).execute();
      await tx.insertInto('items').values({ id: 2, name: 'c' }).execute();
      expect(reports).toBe(0);
    });
    expect(reports).toBe(1);
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.deleteFrom('items').execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(reports).toBe(2);
    expect((await db.selectFrom('items').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 2]);
    await db.transaction().execute(async (tx) => {
      await tx.selectFrom('items').selectAll().forUpdate().execute();
    });
    expect(reports).toBe(2);
  });

  it('reports a failed write too (whether it changed something is not known)', async () => {
    reports = 0;
    await expect(db.insertInto('items').values({ id: 1, name: 'duplicate' }).execute()).rejects.toThrow();
    expect(reports).toBe(1);
  });
});
