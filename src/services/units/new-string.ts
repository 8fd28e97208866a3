// Adds one string to a component inside the caller's transaction: its source unit and a unit in every translation.
import type { Executor } from '../../db/database.js';
import type { ComponentRow, NewUnit, ProjectRow, TranslationRow, UnitRow } from '../../db/schema.js';
import { nowIso } from '../../shared/clock.js';
import type { ChangesService } from '../activity/changes.service.js';
import { bilingualId, contentHash, monolingualId } from '../../domain/unit-identity.js';
import { applyCounterDelta, unitDelta } from '../common/statistics-counters.js';
import { STATE_EMPTY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';
import { countChars, countWords } from '../../domain/text-metrics.js';
import { isBlank } from './unit-content.js';
import { unitRow } from './units-writer.js';
import { checkSourceUnits, loadCheckScope, UnitChecker } from '../quality/unit-checks.js';
import { Action } from '../../domain/change-actions.js';
import { hasUnitWithHash, insertUnit, lastPosition, setSourceUnit, unitWithHash } from '../../db/units.repository.js';

export interface NewString {
  context: string;
  source: string[];
  /** Target forms for `postedTo` (bilingual components); other translations get empty units. */
  target?: string[] | undefined;
  state?: number | undefined;
  location?: string;
  note?: string;
  flags?: string;
}

export interface NewStringScope {
  project: ProjectRow;
  component: ComponentRow;
  /** Every translation of the component, source first. */
  translations: TranslationRow[];
  /** The translation the string was posted or uploaded to. */
  postedTo: TranslationRow;
  userId: number | null;
  /** Action recorded for the unit in `postedTo` (31 "String added", 73 "String added in the upload"). */
  action: number;
}

/** Number of target forms a unit of this source has in a translation. */
export function targetForms(source: readonly string[], translation: Pick<TranslationRow, 'is_source' | 'plural_number'>): number {
  if (source.length <= 1) return 1;
  return translation.is_source ? source.length : translation.plural_number;
}

export function newStringHash(monolingual: boolean, context: string, source: readonly string[]): string {
  return monolingual ? monolingualId(context) : bilingualId({ source: [...source], context });
}

/**
 * Inserts the string (source unit unless it exists, then an empty unit in each other translation,
 * or `target` in the one it was posted to) with counters and change records. Returns the unit of
 * `postedTo`, or null when that translation already has the string.
 */
export async function insertNewString(tx: Executor, changes: ChangesService, scope: NewStringScope, s: NewString): Promise<UnitRow | null> {
  const { project, component, translations, postedTo } = scope;
  const monolingual = component.template !== '';
  const idHash = newStringHash(monolingual, s.context, s.source);
  if (await hasUnitWithHash(tx, postedTo.id, idHash)) return null;
  const sourceT = translations.find((x) => x.is_source === 1) ?? postedTo;
  const now = nowIso();
  const row = (tr: TranslationRow, forms: string[], state: number, sourceUnitId: number | null, position: number): NewUnit => ({
    ...unitRow(
      tr.id,
      {
        id_hash: idHash,
        content_hash: contentHash(s.source, s.context),
        context: s.context,
        source: s.source,
        target: forms,
        previous_source: '',
        location: s.location ?? '',
        note: s.note ?? '',
        flags: s.flags ?? '',
        state: isBlank(forms) ? STATE_EMPTY : state,
        position,
        num_words: countWords(s.source),
        num_chars: countChars(s.source),
      },
      sourceUnitId,
      now,
    ),
    pending: 1, // the file writer adds it to the file
  });
  const insert = async (tr: TranslationRow, forms: string[], state: number, sourceUnitId: number | null, source?: UnitRow): Promise<UnitRow> => {
    const values = row(tr, forms, state, sourceUnitId, (await lastPosition(tx, tr.id)) + 1);
    // A new translated string is checked like an edit (untranslated ones have nothing to check).
    let checker: UnitChecker | null = null;
    if (source && !tr.is_source && !isBlank(forms)) {
      checker = new UnitChecker(await loadCheckScope(tx, tr.id), new Map(), new Map([[source.id, { flags: source.flags, extra_flags: source.extra_flags }]]));
      const outcome = checker.evaluate({ source: values.source, target: values.target, state: values.state, flags: values.flags, source_unit_id: source.id });
      values.state = outcome.state;
      values.has_failing_check = outcome.has_failing_check;
      checker.recordNew(values.id_hash, outcome);
    }
    const inserted = await insertUnit(tx, values);
    if (checker) await checker.flush(tx);
    await applyCounterDelta(tx, tr.id, unitDelta(null, inserted));
    return inserted;
  };
  const place = (tr: TranslationRow) => ({ projectId: project.id, componentId: component.id, translationId: tr.id, languageId: tr.language_id });

  let sourceUnit = await unitWithHash(tx, sourceT.id, idHash);
  if (!sourceUnit) {
    const sourceState = monolingual ? (s.state ?? STATE_TRANSLATED) : STATE_READONLY;
    sourceUnit = await insert(sourceT, s.source, sourceState, null);
    await setSourceUnit(tx, sourceUnit.id, sourceUnit.id);
    sourceUnit = { ...sourceUnit, source_unit_id: sourceUnit.id };
    await changes.record(tx, { ...place(sourceT), action: Action.SOURCE_STRING_ADDED, userId: scope.userId, unitId: sourceUnit.id, target: sourceUnit.source });
  }
  let result: UnitRow | null = postedTo.id === sourceT.id ? sourceUnit : null;
  for (const tr of translations) {
    if (tr.id === sourceT.id || (await hasUnitWithHash(tx, tr.id, idHash))) continue;
    const mine = tr.id === postedTo.id;
    const forms = mine && s.target ? s.target : Array.from({ length: targetForms(s.source, tr) }, () => '');
    const unit = await insert(tr, forms, mine ? (s.state ?? STATE_TRANSLATED) : STATE_EMPTY, sourceUnit.id, sourceUnit);
    if (mine) {
      result = unit;
      await changes.record(tx, { ...place(tr), action: scope.action, userId: scope.userId, unitId: unit.id, target: unit.target });
    }
  }
  // The source checks of the string, with its translations in place (they count for multiple_failures).
  await checkSourceUnits(tx, component.id, [sourceUnit.id]);
  return result;
}
