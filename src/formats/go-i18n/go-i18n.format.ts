// go-i18n JSON translation files: v1 (array of id/translation objects) and v2 (map of ids).

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { JsonDocument } from '../json/json-document.js';
import { EMPTY_JSON_OBJECT } from '../json/json.format.js';
import { GoI18nV1Store } from './go-i18n-v1.js';
import { GoI18nV2Store } from './go-i18n-v2.js';

/** go-i18n v1: [{"id": ..., "translation": ...}], plural translations as {"one": ..., "other": ...}. */
export const goI18nJsonFormat: TranslationFormat = {
  id: 'go-i18n-json',
  name: 'go-i18n v1 JSON file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new GoI18nV1Store(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file is an empty array; the template's ids are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new GoI18nV1Store(JsonDocument.fromText('[]\n'), options),
};

/** go-i18n v2: {"id": "text"} or {"id": {"description": ..., "one": ..., "other": ...}}. */
export const goI18nJsonV2Format: TranslationFormat = {
  id: 'go-i18n-json-v2',
  name: 'go-i18n v2 JSON file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new GoI18nV2Store(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file has no units: the template's ids are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new GoI18nV2Store(JsonDocument.fromText(EMPTY_JSON_OBJECT), options),
};
