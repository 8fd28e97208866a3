// Deep pages of /api/units/ found through the per-block unit counts (migration 023) give exactly the rows an OFFSET walk gives,
// after units are added across several id blocks and some are deleted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldDeltas } from '../../src/db/unit-id-blocks.js';
import { DIALECTS } from '../helpers/databases.js';
import { createPoComponent, createProject } from '../helpers/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';

describe.each(DIALECTS)('/api/units/ deep pages on %s', (dialect) => {
  let s: TestServer;

  /** Makes the next unit id `id`, so that the next component's units land in a later block of 4096 ids. */
  const jumpIdsTo = async (id: number) => {
    const db = s.container.database.db;
    if (dialect === 'postgres') await sql`SELECT setval(pg_get_serial_sequence('units', 'id'), ${id - 1})`.execute(db);
    else await sql`UPDATE sqlite_sequence SET seq = ${id - 1} WHERE name = 'units'`.execute(db);
  };
  const allIds = async () => (await s.container.database.db.selectFrom('units').select('id').orderBy('id').execute()).map((r) => r.id);
  const pageIds = async (page: number, size: number) => {
    const res = await s.api(`/api/units/?page=${page}&page_size=${size}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return (JSON.parse(text) as { results: { id: number }[] }).results.map((u) => u.id);
  };
  const expectEveryPage = async (size: number) => {
    const ids = await allIds();
    expect(ids.length).toBeGreaterThan(size * 3);
    for (let page = 1; (page - 1) * size < ids.length; page++) expect(await pageIds(page, size), `page ${page}`).toEqual(ids.slice((page - 1) * size, page * size));
    const past = await s.api(`/api/units/?page=${Math.ceil(ids.length / size) + 1}&page_size=${size}`);
    expect(past.status).toBe(404);
  };

  beforeAll(async () => {
    s = await startServer(dialect);
    expect((await createProject(s, 'blocks')).status).toBe(201);
    expect((await createPoComponent(s, 'blocks', 'one')).status).toBe(201);
    await jumpIdsTo(3 * 4096 + 4090); // the next component straddles the end of a block
    expect((await createPoComponent(s, 'blocks', 'two')).status).toBe(201);
    await jumpIdsTo(9 * 4096);
    expect((await createPoComponent(s, 'blocks', 'three')).status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('every page equals the same slice of all units in id order, across blocks', async () => {
    const ids = await allIds();
    expect(new Set(ids.map((id) => Math.floor(id / 4096))).size).toBeGreaterThanOrEqual(3);
    await expectEveryPage(4);
  });

  it('stays exact after units are deleted (a component removed) and more are added', async () => {
    expect((await s.api('/api/components/blocks/two/', { method: 'DELETE' })).status).toBe(204);
    await s.container.tasks.idle();
    expect((await createPoComponent(s, 'blocks', 'four')).status).toBe(201);
    await expectEveryPage(3);
  });

  it('a unit on a deep page or on a page of a regex search is the unit as its own address shows it, labels included', async () => {
    const ids = await allIds();
    const labeled = ids[ids.length - 2]!;
    const label = (await (await s.api('/api/projects/blocks/labels/', { method: 'POST', json: { name: 'Deep', color: 'navy' } })).json()) as { id: number };
    const detailOf = async (id: number) => (await (await s.api(`/api/units/${id}/`)).json()) as { id: number; source_unit: string; labels: unknown[] };
    const source = Number(/\/units\/(\d+)\/$/.exec((await detailOf(labeled)).source_unit)![1]);
    expect((await s.api(`/api/units/${source}/`, { method: 'PATCH', json: { labels: [label.id] } })).status).toBe(200);
    const detail = await detailOf(labeled);
    expect(detail.labels).toHaveLength(1);
    const index = ids.indexOf(labeled);
    const deep = (await (await s.api(`/api/units/?page=${index + 1}&page_size=1`)).json()) as { results: unknown[] };
    expect(deep.results).toEqual([detail]);
    const regex = (await (await s.api(`/api/units/?page_size=1000&q=${encodeURIComponent('source:r".+"')}`)).json()) as { results: { id: number }[] };
    expect(regex.results.find((u) => u.id === labeled)).toEqual(detail);
  });

  it('block counts equal the units in each block (PostgreSQL: also after folding the deltas)', async () => {
    const db = s.container.database.db;
    const counts = async () => {
      const { rows } = await sql<{ block: number; n: number }>`SELECT block, sum(n) AS n FROM unit_id_blocks GROUP BY block HAVING sum(n) <> 0 ORDER BY block`.execute(db);
      return rows.map((r) => [Number(r.block), Number(r.n)]);
    };
    const perBlock = new Map<number, number>();
    for (const id of await allIds()) perBlock.set(Math.floor(id / 4096), (perBlock.get(Math.floor(id / 4096)) ?? 0) + 1);
    const expected = [...perBlock];
    expect(await counts()).toEqual(expected);
    if (dialect === 'postgres') {
      const before = await sql<{ n: number }>`SELECT count(*) AS n FROM unit_id_blocks`.execute(db);
      expect(Number(before.rows[0]!.n)).toBeGreaterThan(expected.length); // one delta row per statement and block
      await foldDeltas(db);
      expect(await counts()).toEqual(expected);
      const after = await sql<{ n: number }>`SELECT count(*) AS n FROM unit_id_blocks`.execute(db);
      expect(Number(after.rows[0]!.n)).toBe(expected.length);
      await expectEveryPage(5);
    }
  });
});
