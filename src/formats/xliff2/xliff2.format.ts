// XLIFF 2.x bilingual files: <unit>/<segment> source and target, notes and segment states.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { childElements, escapeXmlAttribute, getAttribute, localName, readXmlSource } from '../xml/scanner.js';
import { collectSegments, readSegment, type Xliff2Segment } from './xliff2-read.js';
import { Xliff2Store, type Xliff2Record } from './xliff2-store.js';

function parseXliff2(bytes: Uint8Array, options: ParseOptions | undefined): Xliff2Store {
  const filename = options?.filename;
  const source = readXmlSource(bytes, filename);
  const { doc } = source;
  const version = getAttribute(doc.root, 'version') ?? '';
  if (localName(doc.root.name) !== 'xliff' || !version.startsWith('2')) {
    throw new FormatParseError(`not an XLIFF 2 file: <${doc.root.name} version="${version}">`, doc.lineAt(doc.root.start), filename);
  }
  const units: Xliff2Segment[][] = [];
  for (const file of childElements(doc.root, 'file')) collectSegments(file, units);
  const records: Xliff2Record[] = [];
  for (const segments of units) {
    segments.forEach((seg, i) => {
      const unit = readSegment(doc.text, seg, i, segments.length);
      records.push({ unit, initial: unit, seg, whole: segments.length === 1 });
    });
  }
  return new Xliff2Store(source, records);
}

function createXliff2(options: CreateOptions): ParsedStore {
  const header = options.template?.header ?? {};
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${escapeXmlAttribute(header['srcLang'] || 'en')}" ` +
    `trgLang="${escapeXmlAttribute(options.language)}">\n  <file id="f1">\n  </file>\n</xliff>\n`;
  const store = parseXliff2(Buffer.from(text, 'utf8'), {});
  for (const unit of options.template?.units ?? []) store.addUnit({ ...unit, target: [''], fuzzy: false, approved: false });
  return store;
}

/**
 * XLIFF 2. One unit per <segment> (key = unit id, or "id#n" in multi-segment units; context =
 * the unit's name attribute, else the key). state="final" → approved, state="initial" with a
 * target → fuzzy; translated/reviewed → translated. Notes → note, category="translator" →
 * comment, category="location" → location.
 */
export const xliff2Format: TranslationFormat = {
  id: 'xliff2',
  name: 'XLIFF 2.0 translation file',
  extensions: ['xlf', 'xliff'],
  monolingual: false,
  mimeType: 'application/xliff+xml',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseXliff2(bytes, options),
  create: (options: CreateOptions): ParsedStore => createXliff2(options),
};
