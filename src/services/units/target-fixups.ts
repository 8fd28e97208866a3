// The automatic fixes of a translation typed in the editor or sent through the API, applied before it is stored.
import type { Executor } from '../../db/database.js';
import type { ComponentRow, ProjectRow, UnitRow } from '../../db/schema.js';
import { sourceUnitFlags } from '../../db/checks.repository.js';
import { mergeFlags } from '../../checks/flags.js';
import { splitPlurals } from '../../domain/plurals.js';
import { fixTargetWhitespace } from '../../domain/whitespace-fix.js';

/**
 * `target` with its leading and trailing whitespace following the unit's source (see
 * fixTargetWhitespace); the ignore-begin-space and ignore-end-space flags of the project, component
 * or string leave that side as typed.
 */
export async function fixTarget(db: Executor, place: { unit: UnitRow; component: ComponentRow; project: ProjectRow }, target: readonly string[]): Promise<string[]> {
  const { unit } = place;
  const sourceForms = splitPlurals(unit.source);
  const fixed = fixTargetWhitespace(target, sourceForms);
  // Flags can only keep what the translator typed: when the fix changes nothing, they need not be read.
  if (fixed.every((form, i) => form === target[i])) return fixed;
  const source = unit.source_unit_id !== null && unit.source_unit_id !== unit.id ? await sourceUnitFlags(db, unit.source_unit_id) : undefined;
  const flags = mergeFlags(place.project.check_flags, place.component.check_flags, source?.flags, unit.flags, source?.extra_flags, unit.extra_flags);
  return fixTargetWhitespace(target, sourceForms, { ignoreBegin: flags.has('ignore-begin-space'), ignoreEnd: flags.has('ignore-end-space') });
}
