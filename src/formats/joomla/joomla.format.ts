// Joomla language files: `KEY="value"` INI lines, a quote inside written "_QQ_" (or \" where the file does so).

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { createIniFile, parseIniFile } from '../ini/ini.format.js';

/** Keys are the bare constants (sections, rare in Joomla files, do not prefix them); `\n` in a value is a line break. */
export const joomlaFormat: TranslationFormat = {
  id: 'joomla',
  name: 'Joomla language file',
  extensions: ['ini'],
  monolingual: true,
  mimeType: 'text/plain',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseIniFile(bytes, options, 'joomla'),
  create: (_options: CreateOptions): ParsedStore => createIniFile('joomla'),
};
