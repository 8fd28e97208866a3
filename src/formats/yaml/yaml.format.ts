// Generic YAML translation files ("yaml"): nested keys joined with ".", list items as "[n]", CLDR category maps as plurals.

import { isUtf8 } from 'node:buffer';
import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { splitUtf8Bom } from '../text/keyed-text-store.js';
import { MAX_TEXT_LENGTH, readYaml } from './reader.js';
import { YamlStore, type YamlFlavour } from './yaml-store.js';

/** Plural categories assumed when the caller does not pass the language's own. */
const DEFAULT_CATEGORIES: readonly string[] = ['one', 'other'];

/** Parses YAML bytes (UTF-8, optional BOM) into an editable store of the given flavour. */
export function parseYamlStore(bytes: Uint8Array, options: ParseOptions | undefined, flavour: YamlFlavour): YamlStore {
  // Checked before decoding: UTF-8 never has fewer bytes than the text has UTF-16 code units.
  if (bytes.length > MAX_TEXT_LENGTH) throw new FormatParseError(`the file is larger than ${MAX_TEXT_LENGTH} bytes`, undefined, options?.filename);
  const { bom, body } = splitUtf8Bom(bytes);
  if (!isUtf8(body)) throw new FormatParseError('the file is not valid UTF-8', undefined, options?.filename);
  const text = body.toString('utf8');
  return new YamlStore({
    text,
    bom,
    original: bytes,
    doc: readYaml(text, options?.filename),
    flavour,
    pluralCategories: options?.pluralCategories ?? DEFAULT_CATEGORIES,
    language: options?.language,
    filename: options?.filename,
  });
}

/** A store over `text` that was never read from bytes (new files). */
export function createYamlStore(text: string, flavour: YamlFlavour, options: CreateOptions): YamlStore {
  return new YamlStore({
    text,
    bom: false,
    original: null,
    doc: readYaml(text),
    flavour,
    pluralCategories: options.pluralCategories ?? DEFAULT_CATEGORIES,
    language: options.language,
  });
}

const GENERIC: YamlFlavour = { languageRoot: false };

/** YAML key/value trees; new files are empty and get their keys as translations are added. */
export const yamlFormat: TranslationFormat = {
  id: 'yaml',
  name: 'YAML file',
  extensions: ['yml', 'yaml'],
  monolingual: true,
  mimeType: 'text/yaml',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseYamlStore(bytes, options, GENERIC),
  create: (options: CreateOptions): ParsedStore => createYamlStore('', GENERIC, options),
};
