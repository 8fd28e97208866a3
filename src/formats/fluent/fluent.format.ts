// Mozilla Fluent translation files (.ftl) through @fluent/syntax.

import type { CreateOptions, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { FluentStore } from './fluent-store.js';

export const fluentFormat: TranslationFormat = {
  id: 'fluent',
  name: 'Fluent file',
  extensions: ['ftl'],
  monolingual: true,
  mimeType: 'text/x-fluent',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new FluentStore(bytes, options),
  /** A new file is empty: the template's messages are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new FluentStore(new Uint8Array(), options),
};
