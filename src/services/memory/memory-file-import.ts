// Reading a translation memory file of any kind Parla imports (TMX, the JSON dump, gettext PO) into entries, by its extension.
import path from 'node:path';
import { FormatParseError } from '../../formats/format.js';
import { poFormat } from '../../formats/po/po.format.js';
import { joinPlurals } from '../../domain/plurals.js';
import { parseMemoryJson, parseTmx } from './memory-files.js';
import type { MemoryEntryInput } from './memory.service.js';

/** The extensions a memory import takes, with the dot. */
export const MEMORY_FILE_EXTENSIONS = ['.tmx', '.json', '.po'] as const;

export interface MemoryFileOptions {
  sourceLanguage?: string | undefined;
  targetLanguage?: string | undefined;
}

/** Whether `filename` names a kind of file the memory import reads. */
export function isMemoryFile(filename: string): boolean {
  return (MEMORY_FILE_EXTENSIONS as readonly string[]).includes(path.extname(filename).toLowerCase());
}

/**
 * Translated PO entries as memory entries: msgid → msgstr (plurals kept as plural text), fuzzy and untranslated
 * ones left out. The target language is `targetLanguage` or the file's Language header; the source is
 * `sourceLanguage` or English (PO files do not name it).
 */
export function parseMemoryPo(bytes: Uint8Array, filename: string, options: MemoryFileOptions = {}): MemoryEntryInput[] {
  const store = poFormat.parse(bytes, { filename });
  const target = options.targetLanguage || store.header.Language?.trim() || '';
  if (!target) throw new FormatParseError('the file names no language (no Language header): give the target language', 1, filename);
  const source = options.sourceLanguage || 'en';
  const out: MemoryEntryInput[] = [];
  for (const u of store.units) {
    if (u.fuzzy || u.obsolete || u.target.every((t) => t === '') || u.source.every((s) => s === '')) continue;
    out.push({ source: joinPlurals(u.source), target: joinPlurals(u.target), source_language: source, target_language: target });
  }
  return out;
}

/** The entries of a memory file; a file that cannot be read throws FormatParseError (nothing is imported then). */
export function parseMemoryFile(bytes: Uint8Array, filename: string, options: MemoryFileOptions = {}): MemoryEntryInput[] {
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.tmx') return parseTmx(bytes, filename, options);
  if (ext === '.json') return parseMemoryJson(bytes, options);
  if (ext === '.po') return parseMemoryPo(bytes, filename, options);
  throw new FormatParseError(`a memory file ends with ${MEMORY_FILE_EXTENSIONS.join(', ')}`, 1, filename);
}
