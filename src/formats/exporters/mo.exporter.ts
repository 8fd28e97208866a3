// GNU MO catalogs compiled from units, as msgfmt would (sorted, header entry, no hash table).
import type { FormatUnit } from '../format.js';
import { type ExportMeta, type Exporter, isTranslated } from './exporter.js';

const MAGIC = 0x950412de;
const HEADER_SIZE = 28;
/** Separates msgctxt from msgid in MO keys. */
const CONTEXT_SEPARATOR = '\u0004';

interface MoMessage {
  original: Buffer;
  translation: Buffer;
}

/** The header entry's text (msgstr of msgid ""), with the fields Weblate's PO/MO exports carry. */
export function moHeader(meta: ExportMeta): string {
  const fields: [string, string | undefined][] = [
    ['Project-Id-Version', `${meta.project} (${meta.component})`],
    ['Language', meta.language],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=UTF-8'],
    ['Content-Transfer-Encoding', '8bit'],
    ['Plural-Forms', meta.pluralForms ? `nplurals=${meta.pluralForms.number}; plural=${meta.pluralForms.formula};` : undefined],
    ['X-Generator', 'Parla'],
  ];
  return fields
    .filter((field): field is [string, string] => field[1] !== undefined)
    .map(([name, value]) => `${name}: ${value.replace(/[\r\n]+/g, ' ')}\n`)
    .join('');
}

function messageOf(unit: FormatUnit): MoMessage {
  const plural = unit.source.length > 1 || unit.target.length > 1;
  const msgid = unit.source[0] ?? '';
  let original = msgid;
  // msgid_plural: a target with several forms but a one-form source still needs a plural key.
  if (plural) original += '\u0000' + (unit.source[1] ?? msgid);
  if (unit.context !== '') original = unit.context + CONTEXT_SEPARATOR + original;
  return { original: Buffer.from(original, 'utf8'), translation: Buffer.from(unit.target.join('\u0000'), 'utf8') };
}

/**
 * Builds the MO file: the header entry plus every translated unit (fuzzy, untranslated and
 * partly translated plural units are left out, as msgfmt leaves out fuzzy and empty entries),
 * sorted by original string bytes as msgfmt sorts them, with a hash table of size 0 (allowed by
 * the format; gettext then searches the sorted table by bisection). Plural forms are joined with
 * NUL and contexts with EOT. A second unit with the same context and msgid is dropped.
 */
export function compileMo(units: readonly FormatUnit[], meta: ExportMeta): Buffer {
  const messages: MoMessage[] = [{ original: Buffer.alloc(0), translation: Buffer.from(moHeader(meta), 'utf8') }];
  const seen = new Set<string>(['']);
  for (const unit of units) {
    if (!isTranslated(unit)) continue;
    // An empty msgid without context would shadow the header entry.
    if (unit.context === '' && (unit.source[0] ?? '') === '') continue;
    const key = unit.context === '' ? (unit.source[0] ?? '') : unit.context + CONTEXT_SEPARATOR + (unit.source[0] ?? '');
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push(messageOf(unit));
  }
  messages.sort((a, b) => Buffer.compare(a.original, b.original));

  const n = messages.length;
  const originalsTable = HEADER_SIZE;
  const translationsTable = originalsTable + 8 * n;
  const stringsStart = translationsTable + 8 * n;
  let size = stringsStart;
  for (const m of messages) size += m.original.length + 1 + m.translation.length + 1;
  const out = Buffer.alloc(size);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(0, 4); // revision
  out.writeUInt32LE(n, 8);
  out.writeUInt32LE(originalsTable, 12);
  out.writeUInt32LE(translationsTable, 16);
  out.writeUInt32LE(0, 20); // hash table size
  out.writeUInt32LE(stringsStart, 24); // hash table offset (empty)
  let offset = stringsStart;
  const put = (table: number, index: number, bytes: Buffer): void => {
    out.writeUInt32LE(bytes.length, table + 8 * index);
    out.writeUInt32LE(offset, table + 8 * index + 4);
    bytes.copy(out, offset);
    offset += bytes.length + 1; // the NUL terminator is already zero
  };
  messages.forEach((m, i) => put(originalsTable, i, m.original));
  messages.forEach((m, i) => put(translationsTable, i, m.translation));
  return out;
}

export const moExporter: Exporter = {
  id: 'mo',
  mimeType: 'application/x-gettext-catalog',
  extension: 'mo',
  export: compileMo,
};
