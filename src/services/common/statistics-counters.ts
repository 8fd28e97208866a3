// Statistics counters: what one unit contributes, deltas applied in the unit's transaction, and the API object.
import type { Executor } from '../../db/database.js';
import { addToTranslationCounters, COUNTER_COLUMNS, countedUnitsOfTranslation, type CounterName, type LastChange } from '../../db/statistics.repository.js';
import { STATE_APPROVED, STATE_FUZZY, STATE_READONLY, STATE_TRANSLATED } from '../../domain/unit-states.js';

export { COUNTER_COLUMNS, type CounterName };
export type Counters = Record<CounterName, number>;

// A literal keeps one hidden class for every counters object: bulk imports create hundreds of thousands.
export function emptyCounters(): Counters {
  return {
    total: 0, total_words: 0, total_chars: 0,
    translated: 0, translated_words: 0, translated_chars: 0,
    fuzzy: 0, fuzzy_words: 0, fuzzy_chars: 0,
    approved: 0, approved_words: 0, approved_chars: 0,
    readonly: 0, readonly_words: 0, readonly_chars: 0,
    failing: 0, failing_words: 0, failing_chars: 0,
    suggestions: 0, comments: 0,
  };
}

export interface CountedUnit {
  state: number;
  num_words: number;
  num_chars: number;
  has_failing_check: number;
  has_suggestion: number;
  has_comment: number;
}

function bump(c: Counters, group: 'total' | 'translated' | 'fuzzy' | 'approved' | 'readonly' | 'failing', unit: CountedUnit, sign: number): void {
  c[group] += sign;
  c[`${group}_words`] += sign * unit.num_words;
  c[`${group}_chars`] += sign * unit.num_chars;
}

/** Adds (sign 1) or removes (sign -1) one unit's contribution; translated includes approved and read-only. */
export function addUnit(c: Counters, unit: CountedUnit, sign = 1): Counters {
  bump(c, 'total', unit, sign);
  if (unit.state >= STATE_TRANSLATED) bump(c, 'translated', unit, sign);
  if (unit.state >= STATE_FUZZY && unit.state < STATE_TRANSLATED) bump(c, 'fuzzy', unit, sign);
  if (unit.state === STATE_APPROVED) bump(c, 'approved', unit, sign);
  if (unit.state === STATE_READONLY) bump(c, 'readonly', unit, sign);
  if (unit.has_failing_check) bump(c, 'failing', unit, sign);
  if (unit.has_suggestion) c.suggestions += sign;
  if (unit.has_comment) c.comments += sign;
  return c;
}

export function unitDelta(before: CountedUnit | null, after: CountedUnit | null): Counters {
  const c = emptyCounters();
  if (before) addUnit(c, before, -1);
  if (after) addUnit(c, after, 1);
  return c;
}

/** Counts a translation's units from scratch (the repair path and bulk reconciles). */
export async function recountTranslation(db: Executor, translationId: number): Promise<Counters> {
  const c = emptyCounters();
  for (const u of await countedUnitsOfTranslation(db, translationId)) addUnit(c, u);
  return c;
}

/** Adds `delta` into `into` (for operations that apply one summed delta). */
export function addCounters(into: Counters, delta: Counters): Counters {
  for (const c of COUNTER_COLUMNS) into[c] += delta[c];
  return into;
}

/** Applies a delta with `col = col + n` so concurrent writers never lose an update; with `lastChange` it is set in the same statement. */
export function applyCounterDelta(db: Executor, translationId: number, delta: Counters, lastChange?: LastChange): Promise<void> {
  return addToTranslationCounters(db, translationId, delta, lastChange);
}

/** floor(1000·part/total)/10, but a non-zero part never shows 0.0 and an incomplete total never 100.0. */
export function percent(part: number, total: number, completion = false): number {
  if (total <= 0) return completion ? 100.0 : 0.0;
  let value = Math.floor((1000 * part) / total) / 10;
  if (part > 0 && value === 0) value = 0.1;
  if (part < total && value === 100) value = 99.9;
  return value;
}

export interface StatisticsIdentity {
  name: string;
  url?: string;
  translate_url?: string;
  code?: string;
  last_change: string | null;
  last_author: string | null;
  recent_changes: number;
}

export function statisticsObject(c: Counters, id: StatisticsIdentity, reviewEnabled = false): Record<string, unknown> {
  const out: Record<string, unknown> = {
    total: c.total,
    total_words: c.total_words,
    total_chars: c.total_chars,
    last_change: id.last_change,
    recent_changes: id.recent_changes,
    translated: c.translated,
    translated_words: c.translated_words,
    translated_percent: percent(c.translated, c.total, !reviewEnabled),
    translated_words_percent: percent(c.translated_words, c.total_words, !reviewEnabled),
    translated_chars: c.translated_chars,
    translated_chars_percent: percent(c.translated_chars, c.total_chars, !reviewEnabled),
    fuzzy: c.fuzzy,
    fuzzy_percent: percent(c.fuzzy, c.total),
    fuzzy_words: c.fuzzy_words,
    fuzzy_words_percent: percent(c.fuzzy_words, c.total_words),
    fuzzy_chars: c.fuzzy_chars,
    fuzzy_chars_percent: percent(c.fuzzy_chars, c.total_chars),
    failing: c.failing,
    failing_percent: percent(c.failing, c.total),
    approved: c.approved,
    approved_percent: percent(c.approved, c.total, reviewEnabled),
    approved_words: c.approved_words,
    approved_words_percent: percent(c.approved_words, c.total_words, reviewEnabled),
    approved_chars: c.approved_chars,
    approved_chars_percent: percent(c.approved_chars, c.total_chars, reviewEnabled),
    readonly: c.readonly,
    readonly_percent: percent(c.readonly, c.total),
    readonly_words: c.readonly_words,
    readonly_words_percent: percent(c.readonly_words, c.total_words),
    readonly_chars: c.readonly_chars,
    readonly_chars_percent: percent(c.readonly_chars, c.total_chars),
    suggestions: c.suggestions,
    comments: c.comments,
    name: id.name,
    last_author: id.last_author,
  };
  // Both spellings: the spec's and the reference's.
  out.readonly_char_percent = out.readonly_chars_percent;
  if (id.code !== undefined) out.code = id.code;
  if (id.url !== undefined) out.url = id.url;
  if (id.translate_url !== undefined) {
    out.translate_url = id.translate_url;
    out.url_translate = id.translate_url;
  }
  return out;
}

export function countersFrom(row: Record<string, unknown>): Counters {
  const c = emptyCounters();
  for (const k of COUNTER_COLUMNS) c[k] = Number(row[k] ?? 0);
  return c;
}
