// Qt Linguist .ts files: contexts, numerus messages, unfinished/vanished translations, comments.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { childElements, escapeXmlAttribute, firstChild, readXmlSource, textContent } from '../xml/scanner.js';
import { isObsolete, messageOf, readMessage } from './ts-read.js';
import { TsStore, type TsRecord } from './ts-store.js';

function parseTs(bytes: Uint8Array, options: ParseOptions | undefined): TsStore {
  const filename = options?.filename;
  const source = readXmlSource(bytes, filename);
  const { doc } = source;
  if (doc.root.name !== 'TS') throw new FormatParseError(`not a Qt Linguist file: the root element is <${doc.root.name}>`, doc.lineAt(doc.root.start), filename);
  const forms = options?.pluralCategories?.length ?? 0;
  const records: TsRecord[] = [];
  for (const context of childElements(doc.root, 'context')) {
    const nameEl = firstChild(context, 'name');
    if (!nameEl) throw new FormatParseError('<context> without <name>', doc.lineAt(context.start), filename);
    const name = textContent(nameEl);
    for (const el of childElements(context, 'message')) {
      if (isObsolete(el)) continue;
      const msg = messageOf(context, name, el);
      const unit = readMessage(doc.text, msg, forms);
      records.push({ unit, initial: unit, msg });
    }
  }
  return new TsStore(source, records, forms);
}

function createTs(options: CreateOptions): ParsedStore {
  const source = options.template?.header['sourcelanguage'];
  const text =
    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' +
    `<TS version="2.1" language="${escapeXmlAttribute(options.language)}"${source ? ` sourcelanguage="${escapeXmlAttribute(source)}"` : ''}>\n</TS>\n`;
  const forms = options.pluralCategories?.length ?? options.pluralForms?.number;
  const store = parseTs(Buffer.from(text, 'utf8'), forms ? { pluralCategories: Array.from({ length: forms }, () => 'other') } : {});
  for (const unit of options.template?.units ?? []) store.addUnit({ ...unit, target: unit.target.map(() => ''), fuzzy: false });
  return store;
}

/**
 * Qt Linguist TS. Context = <context><name>, plus "\u0004" + the <comment> disambiguation when
 * there is one; key = the message id attribute, else the context. Numerus messages have source
 * [text, text] and one target per <numerusform>; type="unfinished" → fuzzy when translated;
 * vanished/obsolete messages are kept in the file but not listed. <extracomment> → note,
 * <translatorcomment> → comment, <location> → location, <oldsource> → previousSource.
 */
export const tsFormat: TranslationFormat = {
  id: 'ts',
  name: 'Qt Linguist translation file',
  extensions: ['ts'],
  monolingual: false,
  mimeType: 'application/x-linguist',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseTs(bytes, options),
  create: (options: CreateOptions): ParsedStore => createTs(options),
};
