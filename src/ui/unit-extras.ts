// Read-only lookups the editor shows next to a unit and no API service exposes on its own: its check results and screenshots.
import type { Db } from '../db/database.js';
import { checksOfUnitByName, screenshotsOfUnits } from '../db/unit-lists.repository.js';

export interface UnitExtras {
  checks: { name: string; dismissed: boolean }[];
  screenshots: { id: number; name: string }[];
}

/** The unit's stored check results and the screenshots linked to it or to its source string (two indexed queries). */
export async function unitExtras(db: Db, unit: { id: number; source_unit_id: number | null }): Promise<UnitExtras> {
  const ids = unit.source_unit_id !== null && unit.source_unit_id !== unit.id ? [unit.id, unit.source_unit_id] : [unit.id];
  const [checks, shots] = await Promise.all([checksOfUnitByName(db, unit.id), screenshotsOfUnits(db, ids)]);
  const seen = new Set<number>();
  return {
    checks: checks.map((c) => ({ name: c.name, dismissed: Number(c.dismissed) === 1 })),
    screenshots: shots.filter((s) => (seen.has(s.id) ? false : (seen.add(s.id), true))),
  };
}
