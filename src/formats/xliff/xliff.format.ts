// XLIFF 1.2 (and plain 1.1) bilingual files: trans-units, gettext plural groups, notes and states.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { childElements, escapeXmlAttribute, localName, readXmlSource } from '../xml/scanner.js';
import { collectUnits, readUnit } from './xliff-read.js';
import { XliffStore, type XliffRecord } from './xliff-store.js';

function parseXliff(bytes: Uint8Array, options: ParseOptions | undefined): XliffStore {
  const filename = options?.filename;
  const source = readXmlSource(bytes, filename);
  const { doc } = source;
  if (localName(doc.root.name) !== 'xliff') {
    throw new FormatParseError(`not an XLIFF file: the root element is <${doc.root.name}>`, doc.lineAt(doc.root.start), filename);
  }
  const version = doc.root.attributes.find((a) => a.name === 'version')?.value;
  if (version !== undefined && version.startsWith('2')) {
    throw new FormatParseError(`XLIFF ${version} file: use the xliff2 format`, doc.lineAt(doc.root.start), filename);
  }
  const units: Parameters<typeof collectUnits>[1] = [];
  for (const file of childElements(doc.root, 'file')) for (const body of childElements(file, 'body')) collectUnits(body, units);
  const forms = options?.pluralCategories?.length ?? 0;
  const records: XliffRecord[] = units.map(([container, parts]) => {
    const unit = readUnit(doc.text, container, parts);
    // Every form the language has is shown; one the group has no trans-unit for yet is empty.
    if (container !== parts[0]!.el) while (unit.target.length < forms) unit.target.push('');
    return { unit, initial: unit, container, parts };
  });
  return new XliffStore(source, records);
}

const NAMESPACES = {
  '1.2': 'urn:oasis:names:tc:xliff:document:1.2',
  '1.1': 'urn:oasis:names:tc:xliff:document:1.1',
} as const;

/** An empty XLIFF file for the language, with the template's units (empty targets) when given. */
function createXliff(options: CreateOptions, version: keyof typeof NAMESPACES): ParsedStore {
  const header = options.template?.header ?? {};
  const sourceLanguage = header['source-language'] || 'en';
  const original = header['original'] || 'messages';
  const datatype = header['datatype'] || 'plaintext';
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<xliff xmlns="${NAMESPACES[version]}" version="${version}">\n` +
    `  <file original="${escapeXmlAttribute(original)}" source-language="${escapeXmlAttribute(sourceLanguage)}" ` +
    `target-language="${escapeXmlAttribute(options.language)}" datatype="${escapeXmlAttribute(datatype)}">\n` +
    '    <body>\n    </body>\n  </file>\n</xliff>\n';
  const store = parseXliff(Buffer.from(text, 'utf8'), {});
  for (const unit of options.template?.units ?? []) {
    store.addUnit({ ...unit, target: unit.target.map(() => ''), fuzzy: false, approved: false });
  }
  return store;
}

function xliffFormatFor(id: string, name: string, version: keyof typeof NAMESPACES): TranslationFormat {
  return {
    id,
    name,
    extensions: ['xlf', 'xliff'],
    monolingual: false,
    mimeType: 'application/x-xliff+xml',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseXliff(bytes, options),
    create: (options: CreateOptions): ParsedStore => createXliff(options, version),
  };
}

/**
 * XLIFF 1.2. Unit key = trans-unit id, context = resname (else the id); inline markup (<g>,
 * <x/>, <ph>...) stays verbatim inside texts; <group restype="x-gettext-plurals"> is one plural
 * unit. approved="yes" or state final/signed-off → approved, a needs-* state → fuzzy.
 */
export const xliffFormat: TranslationFormat = xliffFormatFor('xliff', 'XLIFF 1.2 translation file', '1.2');

/** Plain XLIFF 1.1: read like 1.2 (the vocabulary is the same), created files say version="1.1". */
export const xliff11Format: TranslationFormat = xliffFormatFor('xliff11', 'XLIFF 1.1 translation file', '1.1');
