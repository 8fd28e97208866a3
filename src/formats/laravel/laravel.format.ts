// Laravel PHP language files: a returned array of (nested) keys, `|` separating plural forms; parsed, never run.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { createPhpFile, parsePhpFile } from '../php/php.format.js';

/**
 * Keys are Laravel's dot paths (`validation.between.numeric` for nested arrays). A value holding `|` is a plural:
 * its pieces are the forms in order (range prefixes such as `{0}` or `[2,*]` stay part of each form's text).
 */
export const laravelFormat: TranslationFormat = {
  id: 'laravel',
  name: 'Laravel PHP strings',
  extensions: ['php'],
  monolingual: true,
  mimeType: 'text/x-php',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parsePhpFile(bytes, options, true),
  create: (options: CreateOptions): ParsedStore => createPhpFile(options, true),
};
