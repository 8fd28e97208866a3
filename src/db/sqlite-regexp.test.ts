// SQLite's regexp(): answers kept by text give the same result as testing every row, whatever the pattern and text.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

describe('SQLite REGEXP', () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('answers repeated texts as a fresh test would, per pattern, for short and long texts alike', async () => {
    database = openDatabase('sqlite::memory:');
    const db = database.db;
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)`.execute(db);
    const long = `${'x'.repeat(2000)} about w125 and`;
    const texts = ['about w120 and', 'about W120 and', 'about w12x and', long, 'Příliš žluťoučký kůň', ''];
    // Every text many times over, interleaved, as a source string comes up once per translation.
    let id = 0;
    for (let round = 0; round < 50; round++) for (const s of texts) await sql`INSERT INTO t (id, s) VALUES (${++id}, ${s})`.execute(db);
    /** The matching texts, each with how many rows hold it. */
    const matches = async (pattern: string) =>
      (await sql<{ s: string; n: number }>`SELECT s, count(*) AS n FROM t WHERE s REGEXP ${pattern} GROUP BY s ORDER BY s`.execute(db)).rows.map((r) => [r.s, Number(r.n)]);
    expect(await matches('about w12[0-9] and')).toEqual([['about w120 and', 50], [long, 50]]);
    // Another pattern over the same texts gets its own answers, not the previous pattern's.
    expect(await matches('(?i)ABOUT W120')).toEqual([['about W120 and', 50], ['about w120 and', 50]]);
    expect(await matches('žluť')).toEqual([['Příliš žluťoučký kůň', 50]]);
    expect(await matches('^$')).toEqual([['', 50]]);
    // And back to the first pattern: still its own answers.
    expect(await matches('about w12[0-9] and')).toEqual([['about w120 and', 50], [long, 50]]);
    expect((await sql<{ n: number }>`SELECT count(*) AS n FROM t WHERE NULL REGEXP 'a' OR s REGEXP 'zzz'`.execute(db)).rows[0]!.n).toBe(0);
  });
});
