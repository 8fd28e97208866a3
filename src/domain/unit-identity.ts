// Unit identity: the id_hash that matches a file's entries to stored units, and the content hash of a source text.
import type { FormatUnit } from '../formats/format.js';
import { hash64 } from '../shared/hashing.js';

/** A bilingual unit is identified by its source text and context (plural forms joined by NUL). */
export function bilingualId(unit: Pick<FormatUnit, 'context' | 'source'>): string {
  return hash64('b', unit.source.join('\u0000'), unit.context);
}

/** A monolingual unit is identified by its key alone, so that editing the source keeps its identity. */
export function monolingualId(key: string): string {
  return hash64('m', key);
}

/** Identifies a string's source text (with its context) independently of its key. */
export function contentHash(source: readonly string[], context: string): string {
  return hash64('c', source.join('\u0000'), context);
}

/** The id_hash a unit read from a file has in the database (what matches file entries and stored rows). */
export function unitIdHash(unit: Pick<FormatUnit, 'context' | 'source' | 'key'>, monolingual: boolean): string {
  return monolingual ? monolingualId(unit.key) : bilingualId(unit);
}
