// Finds where the N-th unit (by id) is from the per-block unit counts of migration 023, so deep pages skip whole blocks.
import { sql } from 'kysely';
import type { Executor } from './database.js';
import { UNIT_ID_BLOCK_BITS } from './migrations/023-unit-id-blocks.js';

export interface OffsetStart {
  /** The first id of the block that holds the wanted unit. */
  fromId: number;
  /** How many units with id >= fromId come before the wanted one (less than a block). */
  skip: number;
}

/** PostgreSQL appends a row per statement and block: fold them when they outnumber the blocks by this much. */
const FOLD_SLACK = 256;

/** The number of units in each block of ids that has any, by block: what unitOffsetStart() walks. */
export type BlockSums = readonly (readonly [block: number, units: number])[];

/** Reads the per-block unit counts (folding PostgreSQL's delta rows when they have piled up). */
export async function unitBlockSums(db: Executor): Promise<BlockSums> {
  const { rows } = await sql<{ block: number | string; n: number | string }>`SELECT block, n FROM unit_id_blocks ORDER BY block`.execute(db);
  // Rows of one block are adjacent (ordered by block); on PostgreSQL a block may have several.
  const sums: [block: number, units: number][] = [];
  for (const row of rows) {
    const block = Number(row.block);
    if (sums.length && sums[sums.length - 1]![0] === block) sums[sums.length - 1]![1] += Number(row.n);
    else sums.push([block, Number(row.n)]);
  }
  if (rows.length > sums.length + FOLD_SLACK) await foldDeltas(db);
  return sums;
}

/** Where the unit at `offset` (0-based, in id order) starts: null when there are not that many units. */
export function unitOffsetStart(sums: BlockSums, offset: number): OffsetStart | null {
  let before = 0;
  for (const [block, units] of sums) {
    if (offset < before + units) return { fromId: block * 2 ** UNIT_ID_BLOCK_BITS, skip: offset - before };
    before += units;
  }
  return null;
}

/**
 * Replaces a block's delta rows by their sum (PostgreSQL). Each row is deleted once even when two
 * processes fold at the same time, so the sums stay exact; inserts of running statements are untouched.
 */
export async function foldDeltas(db: Executor): Promise<void> {
  await sql`WITH moved AS (DELETE FROM unit_id_blocks RETURNING block, n)
    INSERT INTO unit_id_blocks (block, n) SELECT block, sum(n) FROM moved GROUP BY block HAVING sum(n) <> 0`.execute(db);
}
