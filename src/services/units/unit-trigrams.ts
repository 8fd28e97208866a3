// Trigram frequency samples of the units' indexed text columns, one set per database, for the search compiler.
import type { Db } from '../../db/database.js';
import type { FtsColumn } from '../../db/unit-search/compile.js';
import { maxUnitId, unitTextsByIds } from '../../db/unit-trigrams.repository.js';
import { randomIds, TrigramSampler, type TrigramFrequencies } from '../../search/trigram-sample.js';

/** Random rows by id: ids are dense enough (deletions leave a few holes) that a uniform pick is a fair sample. */
async function sampleColumn(db: Db, column: FtsColumn, count: number): Promise<string[]> {
  const ids = randomIds(await maxUnitId(db), count);
  if (ids.length === 0) return [];
  return unitTextsByIds(db, column, ids);
}

export class UnitTrigrams {
  private readonly samplers = new Map<FtsColumn, TrigramSampler>();

  constructor(private readonly db: Db) {}

  /** The column's estimate at hand (null until its first sample is in; taking one starts then). */
  readonly current = (column: FtsColumn): TrigramFrequencies | null => {
    let sampler = this.samplers.get(column);
    if (!sampler) {
      sampler = new TrigramSampler(
        () => maxUnitId(this.db),
        (count) => sampleColumn(this.db, column, count),
      );
      this.samplers.set(column, sampler);
    }
    return sampler.current();
  };
}

const byDatabase = new WeakMap<Db, UnitTrigrams>();

/** The samples of one database, shared by every service that searches units in it. */
export function unitTrigrams(db: Db): UnitTrigrams {
  let t = byDatabase.get(db);
  if (!t) byDatabase.set(db, (t = new UnitTrigrams(db)));
  return t;
}
