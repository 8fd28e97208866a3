// Apple .stringsdict plural dictionaries (plist XML): monolingual, plural forms by CLDR category.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { parseXml, readXmlSource } from '../xml/scanner.js';
import { DEFAULT_CATEGORIES, StringsdictStore } from './stringsdict-store.js';

function parseStringsdict(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  return new StringsdictStore(readXmlSource(bytes, options?.filename), options?.pluralCategories ?? DEFAULT_CATEGORIES, options?.filename);
}

const EMPTY =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
  '<plist version="1.0">\n<dict>\n</dict>\n</plist>\n';

/** A new translation is an empty plist dictionary; units are added as they get translated. */
function createStringsdict(options: CreateOptions): ParsedStore {
  return new StringsdictStore({ doc: parseXml(EMPTY), encoding: 'utf-8', bom: false, original: null }, options.pluralCategories ?? DEFAULT_CATEGORIES);
}

/**
 * Apple stringsdict, with the unit ids translate-toolkit (and so Weblate) gives it: every entry's
 * NSStringLocalizedFormatKey is a unit keyed by the entry's key (also when it is only
 * "%#@variable@"), each plural variable a unit "key:variable" whose target forms are its strings in
 * ParseOptions.pluralCategories order ('' for a category the file lacks; categories outside the
 * list stay in the file untouched). Plain <string> values of the top dictionary are units too.
 * Added units go into the dictionary of their key, or a new one: "key:variable" as a variable,
 * others as the format string; new plural units without a colon get a variable "value" (and a
 * "%#@value@" format string when none is added).
 */
export const stringsdictFormat: TranslationFormat = {
  id: 'stringsdict',
  name: 'Stringsdict file',
  extensions: ['stringsdict'],
  monolingual: true,
  mimeType: 'application/xml',
  parse: parseStringsdict,
  create: createStringsdict,
};
