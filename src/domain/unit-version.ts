// A unit's version as an HTTP entity tag: it changes whenever an edit changes what the unit says (target, state, source, flags, explanation, labels).
import { sha256Hex } from '../shared/hashing.js';

/** The fields of a unit row the version covers. */
export interface VersionedUnit {
  id: number;
  source: string;
  target: string;
  state: number;
  previous_source: string;
  flags: string;
  extra_flags: string;
  explanation: string;
  last_updated: string;
}

/**
 * The unit's strong entity tag, `"<id>-<hash>"`: a hash of the content an edit can change (and of the last
 * update's time, so that changing a text and back still gives a new tag). Labels are those of the unit's source string.
 */
export function unitEtag(unit: VersionedUnit, labelIds: readonly number[]): string {
  const labels = [...labelIds].sort((a, b) => a - b);
  const content = JSON.stringify([unit.id, unit.source, unit.target, unit.state, unit.previous_source, unit.flags, unit.extra_flags, unit.explanation, unit.last_updated, labels]);
  return `"${unit.id}-${sha256Hex(content).slice(0, 24)}"`;
}

/**
 * Whether an If-Match header value admits the current tag: `*`, or one of the listed strong tags (a weak tag
 * `W/"…"` never matches, as RFC 9110 compares If-Match strongly).
 */
export function ifMatchAdmits(header: string, current: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  for (const m of value.matchAll(/(W\/)?("[^"]*")/g)) {
    if (!m[1] && m[2] === current) return true;
  }
  return false;
}
