// TBX terminology files (glossaries): term entries with a source and a target language term.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { escapeXmlAttribute, getAttribute, readXmlSource, type XmlElement } from '../xml/scanner.js';
import { collectEntries, entryOf, langOf, langSetsOf, readEntry, sameLanguage } from './tbx-read.js';
import { TbxStore, type TbxRecord } from './tbx-store.js';

function parseTbx(bytes: Uint8Array, options: ParseOptions | undefined): TbxStore {
  const filename = options?.filename;
  const source = readXmlSource(bytes, filename);
  const { doc } = source;
  if (doc.root.name !== 'martif' && doc.root.name !== 'tbx') {
    throw new FormatParseError(`not a TBX file: the root element is <${doc.root.name}>`, doc.lineAt(doc.root.start), filename);
  }
  const entries: XmlElement[] = [];
  collectEntries(doc.root, entries);
  const langSets = entries.flatMap((e) => langSetsOf(e));
  const sourceLanguage = getAttribute(doc.root, 'xml:lang') || (langSets[0] ? langOf(langSets[0]) : '') || 'en';
  const other = langSets.map(langOf).find((l) => l !== '' && !sameLanguage(l, sourceLanguage));
  const targetLanguage = options?.language || other || '';
  const records: TbxRecord[] = [];
  for (const el of entries) {
    const entry = entryOf(el, sourceLanguage, targetLanguage === '' ? undefined : targetLanguage);
    if (!entry) continue;
    const unit = readEntry(entry);
    records.push({ unit, initial: unit, entry });
  }
  return new TbxStore(source, records, sourceLanguage, targetLanguage || 'und');
}

function createTbx(options: CreateOptions): ParsedStore {
  const source = options.template?.header['source-language'] || options.template?.header['xml:lang'] || 'en';
  const text =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">\n' +
    `<martif type="TBX" xml:lang="${escapeXmlAttribute(source)}">\n` +
    '    <martifHeader>\n        <fileDesc>\n            <sourceDesc>\n                <p>Parla</p>\n            </sourceDesc>\n        </fileDesc>\n    </martifHeader>\n' +
    '    <text>\n        <body>\n        </body>\n    </text>\n</martif>\n';
  const store = parseTbx(Buffer.from(text, 'utf8'), { language: options.language });
  for (const unit of options.template?.units ?? []) store.addUnit({ ...unit, target: [''] });
  return store;
}

/**
 * TBX (2008 martif and v3). One unit per term entry with a source-language term: the source
 * language is the root's xml:lang (else the first langSet's), the target the langSet of
 * ParseOptions.language (else the file's other language). Key/context = the entry id;
 * descrip/note → note, notes inside the target langSet → comment; weblate-flags, "Translation
 * needed: No" (read-only) and forbidden administrativeStatus → flags. No fuzzy/approved.
 */
export const tbxFormat: TranslationFormat = {
  id: 'tbx',
  name: 'TermBase eXchange file',
  extensions: ['tbx'],
  monolingual: false,
  mimeType: 'application/x-tbx',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseTbx(bytes, options),
  create: (options: CreateOptions): ParsedStore => createTbx(options),
};
