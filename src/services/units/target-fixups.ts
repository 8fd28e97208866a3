// What a translation typed in the editor or sent through the API goes through before it is stored:
// the length limit and the automatic whitespace fix.
import type { Executor } from '../../db/database.js';
import { msgid } from '../../shared/msgid.js';
import type { ComponentRow, ProjectRow, UnitRow } from '../../db/schema.js';
import { sourceUnitFlags } from '../../db/checks.repository.js';
import { mergeFlags, type Flags } from '../../checks/flags.js';
import { splitPlurals } from '../../domain/plurals.js';
import { fixTargetWhitespace } from '../../domain/whitespace-fix.js';
import { ValidationError } from '../../shared/errors.js';

type TargetPlace = { unit: UnitRow; component: ComponentRow; project: ProjectRow };

/** The length a translation may have without a max-length flag: 10 × (10000 + 100) characters. */
const DEFAULT_MAX_LENGTH = 10_000;
/** The lowest limit any max-length flag gives (max-length:0): shorter texts need no flag lookup. */
const LOWEST_LIMIT = 10 * 100;

/** The flags that apply to the unit: project, component, the source file's, the unit's, the source string's. */
async function flagsOf(db: Executor, place: TargetPlace): Promise<Flags> {
  const { unit } = place;
  const source = unit.source_unit_id !== null && unit.source_unit_id !== unit.id ? await sourceUnitFlags(db, unit.source_unit_id) : undefined;
  return mergeFlags(place.project.check_flags, place.component.check_flags, source?.flags, unit.flags, source?.extra_flags, unit.extra_flags);
}

/**
 * Refuses (400 on `target`) a form longer than 10 × (the string's max-length flag, or 10000, + 100)
 * characters: room for markup around a translation that keeps to its limit, and a bound on what is
 * stored and checked.
 */
export async function checkTargetLength(db: Executor, place: TargetPlace, target: readonly string[]): Promise<void> {
  const longest = Math.max(0, ...target.map((form) => form.length));
  if (longest <= LOWEST_LIMIT) return;
  const flag = (await flagsOf(db, place)).intValue('max-length');
  const limit = 10 * ((flag ?? DEFAULT_MAX_LENGTH) + 100);
  if (target.some((form) => [...form].length > limit)) throw ValidationError.field('target', msgid('Translation text too long!'));
}

/**
 * `target` with its leading and trailing whitespace following the unit's source (see
 * fixTargetWhitespace); the ignore-begin-space and ignore-end-space flags of the project, component
 * or string leave that side as typed.
 */
export async function fixTarget(db: Executor, place: TargetPlace, target: readonly string[]): Promise<string[]> {
  const sourceForms = splitPlurals(place.unit.source);
  const fixed = fixTargetWhitespace(target, sourceForms);
  // Flags can only keep what the translator typed: when the fix changes nothing, they need not be read.
  if (fixed.every((form, i) => form === target[i])) return fixed;
  const flags = await flagsOf(db, place);
  return fixTargetWhitespace(target, sourceForms, { ignoreBegin: flags.has('ignore-begin-space'), ignoreEnd: flags.has('ignore-end-space') });
}
