// lockRowsInIdOrder: a no-op on SQLite; on PostgreSQL a second transaction waits for the rows until the first ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS } from '../../test/helpers/databases.js';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrate.js';
import { lockRowsInIdOrder } from './row-locks.js';

describe.each(DIALECTS)('row locks on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const ids: number[] = [];

  beforeAll(async () => {
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    drop = pgDb?.drop;
    database = openDatabase(pgDb?.url ?? 'sqlite::memory:');
    await migrate(database);
    for (const slug of ['a', 'b', 'c']) {
      const row = await database.db.insertInto('projects').values({ name: slug, slug } as never).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('takes nothing for no ids and skips ids that do not exist', async () => {
    await database.db.transaction().execute(async (tx) => {
      await lockRowsInIdOrder(tx, 'projects', []);
      await lockRowsInIdOrder(tx, 'projects', [ids[2]!, 999_999, ids[0]!, ids[0]!]);
    });
  });

  it.runIf(dialect === 'postgres')('holds the rows until the transaction ends', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const first = database.db.transaction().execute(async (tx) => {
      await lockRowsInIdOrder(tx, 'projects', [ids[1]!, ids[0]!]);
      locked();
      await held;
      events.push('first ends');
    });
    await isLocked;
    const second = database.db.transaction().execute(async (tx) => {
      await lockRowsInIdOrder(tx, 'projects', [ids[0]!]);
      events.push('second has the lock');
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first ends', 'second has the lock']);
  });
});
