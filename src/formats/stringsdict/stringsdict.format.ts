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
 * Apple stringsdict. A key whose NSStringLocalizedFormatKey uses one plural variable is one unit
 * (key = the key) whose target forms are the variable's strings in ParseOptions.pluralCategories
 * order; with several variables each is a unit "key:variable". Text of the format string around
 * the %#@variable@ references is a unit "key:NSStringLocalizedFormatKey". Plain <string> values
 * of the top dictionary are single units. New plural units get a "%#@value@" format string.
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
