// How many units live in each block of 4096 ids, kept by triggers: deep pages of /api/units/ find their first id without walking the index.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/*
 * `/api/units/?page=N` is ordered by id, and an OFFSET walks N × page-size index entries (tens of
 * milliseconds half-way through a million units; a client reading every page does quadratic work).
 * Summing these counts finds the block holding the wanted unit; the walk then stays inside one block.
 *
 * SQLite has one writer at a time, so its row triggers update one row per block. PostgreSQL's writers run
 * concurrently and would queue on the newest block's row, so there each statement appends its own deltas
 * (insert-only, never locked) and readers sum them; UnitIdBlocks folds the deltas together now and then.
 */
export const UNIT_ID_BLOCK_BITS = 12;

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const bits = sql.lit(UNIT_ID_BLOCK_BITS);
  if (dialect === 'postgres') {
    await sql`CREATE TABLE unit_id_blocks (block bigint NOT NULL, n bigint NOT NULL)`.execute(db);
    await sql`CREATE INDEX unit_id_blocks_block ON unit_id_blocks (block)`.execute(db);
    await sql`CREATE FUNCTION unit_id_blocks_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO unit_id_blocks (block, n) SELECT id >> ${bits}, count(*) FROM added GROUP BY 1;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE FUNCTION unit_id_blocks_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO unit_id_blocks (block, n) SELECT id >> ${bits}, -count(*) FROM removed GROUP BY 1;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER unit_id_blocks_insert AFTER INSERT ON units REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION unit_id_blocks_added()`.execute(db);
    await sql`CREATE TRIGGER unit_id_blocks_delete AFTER DELETE ON units REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION unit_id_blocks_removed()`.execute(db);
  } else {
    await sql`CREATE TABLE unit_id_blocks (block INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(db);
    await sql`CREATE TRIGGER unit_id_blocks_insert AFTER INSERT ON units BEGIN
      INSERT INTO unit_id_blocks (block, n) VALUES (new.id >> ${bits}, 1) ON CONFLICT (block) DO UPDATE SET n = n + 1;
    END`.execute(db);
    await sql`CREATE TRIGGER unit_id_blocks_delete AFTER DELETE ON units BEGIN
      UPDATE unit_id_blocks SET n = n - 1 WHERE block = old.id >> ${bits};
    END`.execute(db);
  }
  await sql`INSERT INTO unit_id_blocks (block, n) SELECT id >> ${bits}, count(*) FROM units GROUP BY 1`.execute(db);
}
