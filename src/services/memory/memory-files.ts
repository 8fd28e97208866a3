// Translation memory files: TMX (read with the safe XML scanner, no entities or DTDs) and the reference's JSON dump.
import { FormatParseError } from '../../formats/format.js';
import { childElements, getAttribute, localName, readXmlSource, textContent, escapeXmlAttribute, escapeXmlText, type XmlElement } from '../../formats/xml/scanner.js';
import type { ExportedEntry, MemoryEntryInput } from './memory.service.js';

/** TMX language tags ("pt-BR") and Parla codes ("pt_BR") compare equal after this. */
function sameLanguage(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/-/g, '_');
  return norm(a) === norm(b);
}

function langOf(tuv: XmlElement): string {
  return getAttribute(tuv, 'xml:lang') ?? getAttribute(tuv, 'lang') ?? '';
}

/**
 * Entries of a TMX file: for each <tu>, the variant in the source language (header srclang, or
 * `sourceLanguage`) paired with every other variant (or only `targetLanguage`'s).
 */
export function parseTmx(bytes: Uint8Array, filename: string, options: { sourceLanguage?: string | undefined; targetLanguage?: string | undefined } = {}): MemoryEntryInput[] {
  const { doc } = readXmlSource(bytes, filename);
  const root = doc.root;
  if (!root || localName(root.name) !== 'tmx') throw new FormatParseError('not a TMX file (no <tmx> root element)', 1, filename);
  const header = childElements(root, 'header')[0];
  const body = childElements(root, 'body')[0];
  if (!body) throw new FormatParseError('no <body> element', doc.lineAt(root.start), filename);
  let srclang = options.sourceLanguage ?? (header ? getAttribute(header, 'srclang') : undefined);
  if (srclang === '*all*') srclang = undefined;
  const out: MemoryEntryInput[] = [];
  for (const tu of childElements(body, 'tu')) {
    const variants = childElements(tu, 'tuv').map((tuv) => {
      const seg = childElements(tuv, 'seg')[0];
      return { lang: langOf(tuv), text: seg ? textContent(seg) : '' };
    });
    if (variants.length < 2) continue;
    const source = srclang ? variants.find((v) => sameLanguage(v.lang, srclang!)) : variants[0];
    if (!source || source.text === '') continue;
    for (const v of variants) {
      if (v === source || v.text === '' || v.lang === '') continue;
      if (options.targetLanguage && !sameLanguage(v.lang, options.targetLanguage)) continue;
      out.push({ source: source.text, target: v.text, source_language: source.lang, target_language: v.lang });
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Entries of a JSON memory dump: an array of {source, target, source_language, target_language[, origin, category, context]}. */
export function parseMemoryJson(bytes: Uint8Array, options: { sourceLanguage?: string | undefined; targetLanguage?: string | undefined } = {}): MemoryEntryInput[] {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (e) {
    throw new FormatParseError(`invalid JSON: ${(e as Error).message}`, 1);
  }
  if (!Array.isArray(data)) throw new FormatParseError('a memory JSON file is an array of entries', 1);
  const out: MemoryEntryInput[] = [];
  data.forEach((item, i) => {
    if (!isRecord(item)) throw new FormatParseError(`entry ${i} is not an object`, 1);
    const str = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : undefined);
    const source = str('source');
    const target = str('target');
    const sourceLanguage = str('source_language') ?? options.sourceLanguage;
    const targetLanguage = str('target_language') ?? options.targetLanguage;
    if (!source || !target || !sourceLanguage || !targetLanguage) throw new FormatParseError(`entry ${i} lacks source, target, source_language or target_language`, 1);
    if (options.targetLanguage && !sameLanguage(targetLanguage, options.targetLanguage)) return;
    if (options.sourceLanguage && !sameLanguage(sourceLanguage, options.sourceLanguage)) return;
    out.push({ source, target, source_language: sourceLanguage, target_language: targetLanguage, origin: str('origin') });
  });
  return out;
}

/** Characters XML 1.0 cannot hold at all are dropped. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

const tmxLang = (code: string) => code.replace(/_/g, '-');

export function tmxHeader(): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    '  <header creationtool="Parla" creationtoolversion="1" segtype="sentence" o-tmf="Parla" adminlang="en" srclang="*all*" datatype="plaintext"/>',
    '  <body>',
    '',
  ].join('\n');
}

/** TMX has no plurals: a plural entry contributes its first source and target form (as the TMX exporter). */
const firstForm = (text: string) => text.split('\u001e\u001e')[0]!;

export function tmxEntries(entries: readonly ExportedEntry[]): string {
  let out = '';
  for (const entry of entries) {
    const e = { ...entry, source: firstForm(entry.source), target: firstForm(entry.target) };
    const origin = e.origin ? `\n      <prop type="x-origin">${escapeXmlText(xmlSafe(e.origin))}</prop>` : '';
    out += `    <tu srclang="${escapeXmlAttribute(tmxLang(e.source_language))}">${origin}
      <tuv xml:lang="${escapeXmlAttribute(tmxLang(e.source_language))}"><seg>${escapeXmlText(xmlSafe(e.source))}</seg></tuv>
      <tuv xml:lang="${escapeXmlAttribute(tmxLang(e.target_language))}"><seg>${escapeXmlText(xmlSafe(e.target))}</seg></tuv>
    </tu>\n`;
  }
  return out;
}

export function tmxFooter(): string {
  return '  </body>\n</tmx>\n';
}
