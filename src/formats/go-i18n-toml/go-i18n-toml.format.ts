// go-i18n v2 TOML translation files (active.*.toml, Hugo's i18n/*.toml).

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { GoI18nTomlStore } from './go-i18n-toml-store.js';

export const goI18nTomlFormat: TranslationFormat = {
  id: 'go-i18n-toml',
  name: 'go-i18n v2 TOML file',
  extensions: ['toml'],
  monolingual: true,
  mimeType: 'application/toml',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new GoI18nTomlStore(bytes, options),
  /** A new file is empty: the template's ids are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new GoI18nTomlStore(new Uint8Array(), options),
};
