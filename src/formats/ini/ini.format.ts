// INI translation files (plain, and Gitea/Gogs/go-ini style with quoted values): units keyed `[section]key`.

import { isUtf8 } from 'node:buffer';
import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { splitUtf8Bom } from '../text/keyed-text-store.js';
import { parseIniText, type IniDialect } from './ini-parser.js';
import { IniStore } from './ini-store.js';

export function parseIniFile(bytes: Uint8Array, options: ParseOptions | undefined, dialect: IniDialect): IniStore {
  const { bom, body } = splitUtf8Bom(bytes);
  if (!isUtf8(body)) throw new FormatParseError('INI translation files must be UTF-8', undefined, options?.filename);
  const text = body.toString('utf8');
  return new IniStore({ text, parsed: parseIniText(text, dialect, options?.filename), dialect, bom, original: bytes });
}

export function createIniFile(dialect: IniDialect): IniStore {
  return new IniStore({ text: '', parsed: parseIniText('', dialect), dialect, bom: false, original: null });
}

/**
 * Keys inside a section are `[section]key` as the reference names them; a value wrapped in "…" or `…` is read without
 * the quotes and keeps them when edited, and """…""" holds text over several lines (go-ini, used by Gitea and Gogs).
 */
export const iniFormat: TranslationFormat = {
  id: 'ini',
  name: 'INI file',
  extensions: ['ini'],
  monolingual: true,
  mimeType: 'text/plain',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parseIniFile(bytes, options, 'ini'),
  create: (_options: CreateOptions): ParsedStore => createIniFile('ini'),
};
