// Android string resources (res/values*/strings.xml): monolingual, keyed by name, plurals by CLDR quantity.

import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { decodeXmlBytes, parseXml } from '../xml/scanner.js';
import { AresourceStore, DEFAULT_CATEGORIES } from './aresource-store.js';

function parseAresource(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const { text, encoding, bom } = decodeXmlBytes(bytes, options?.filename);
  const doc = parseXml(text, { filename: options?.filename });
  if (doc.root.name !== 'resources') throw new FormatParseError(`expected a <resources> root element, found <${doc.root.name}>`, doc.lineAt(doc.root.start), options?.filename);
  return new AresourceStore({ doc, encoding, bom, original: bytes }, options?.pluralCategories ?? DEFAULT_CATEGORIES);
}

/** A new translation starts as an empty <resources> element; units are added as they get translated. */
function createAresource(options: CreateOptions): ParsedStore {
  const text = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n</resources>\n';
  return new AresourceStore({ doc: parseXml(text), encoding: 'utf-8', bom: false, original: null }, options.pluralCategories ?? DEFAULT_CATEGORIES);
}

/**
 * Android resource strings. Units: <string name> (key = name), <plurals name> (one unit, target
 * forms in ParseOptions.pluralCategories order from <item quantity>), <string-array name> (one
 * unit per <item>, key "name[index]"). translatable="false" resources are kept but are no units;
 * resource references (@string/x) are units flagged read-only. Values are read with aapt2's rules
 * (\n \t \' \" \\ \@ \? \uXXXX escapes, "quoted" whitespace, collapsed spaces); inline markup such
 * as <xliff:g> or <b> stays in the text verbatim. Comments right before a resource are its note,
 * an AOSP "[CHAR LIMIT=N]" in them the flag max-length:N.
 */
export const aresourceFormat: TranslationFormat = {
  id: 'aresource',
  name: 'Android String Resource',
  extensions: ['xml'],
  monolingual: true,
  mimeType: 'application/xml',
  parse: parseAresource,
  create: createAresource,
};
