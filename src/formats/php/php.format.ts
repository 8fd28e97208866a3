// Plain PHP translation files: returned arrays, `$lang['key'] = '…'` assignments and define(); parsed, never run.

import { isUtf8 } from 'node:buffer';
import { FormatParseError, type CreateOptions, type ParsedStore, type ParseOptions, type TranslationFormat } from '../format.js';
import { readPhp } from './php-source.js';
import { PhpStore } from './php-store.js';

/** Reads a PHP file into a store; `laravel` reads values with `|` as plural forms. */
export function parsePhpFile(bytes: Uint8Array, options: ParseOptions | undefined, laravel: boolean): PhpStore {
  const body = Buffer.from(bytes);
  if (!isUtf8(body)) throw new FormatParseError('PHP translation files must be UTF-8', undefined, options?.filename);
  const text = body.toString('utf8');
  return new PhpStore({ text, source: readPhp(text, options?.filename), original: bytes, laravelPlurals: laravel, pluralForms: options?.pluralCategories?.length ?? 2 });
}

/** A new file in the template's style: assignments to the template's variable, else a returned array. */
export function createPhpFile(options: CreateOptions, laravel: boolean): PhpStore {
  const variable = options.template instanceof PhpStore ? options.template.assignedVariable : null;
  const text = variable ? '<?php\n' : '<?php\n\nreturn [\n];\n';
  const store = new PhpStore({ text, source: readPhp(text), original: null, laravelPlurals: laravel, pluralForms: options.pluralCategories?.length ?? 2 });
  if (variable) store.useVariable(variable);
  return store;
}

export const phpFormat: TranslationFormat = {
  id: 'php',
  name: 'PHP strings',
  extensions: ['php'],
  monolingual: true,
  mimeType: 'text/x-php',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => parsePhpFile(bytes, options, false),
  create: (options: CreateOptions): ParsedStore => createPhpFile(options, false),
};
