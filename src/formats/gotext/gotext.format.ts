// gotext JSON translation files of golang.org/x/text (messages.gotext.json, out.gotext.json).

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { JsonDocument } from '../json/json-document.js';
import { GotextStore } from './gotext-store.js';

export const gotextFormat: TranslationFormat = {
  id: 'gotext',
  name: 'gotext JSON file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new GotextStore(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file names its language and has no messages: the template's ids are added as they get translated. */
  create: (options: CreateOptions): ParsedStore =>
    new GotextStore(JsonDocument.fromText(`{\n    "language": ${JSON.stringify(options.language.replaceAll('_', '-'))},\n    "messages": []\n}\n`), options),
};
