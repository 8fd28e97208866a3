// Editable .strings file: edits splice one value token into the original text, everything else stays byte for byte.

import { EntryTextStore, type EntryTextInit } from '../text/keyed-text-store.js';
import { encodeStrings, type StringsEncoding } from './encoding.js';
import { escapeStrings } from './escape.js';
import type { StringsEntry } from './parser.js';

export interface StringsStoreInit extends EntryTextInit<StringsEntry> {
  eol: '\n' | '\r\n';
  encoding: StringsEncoding;
  bom: boolean;
}

const quote = (text: string): string => `"${escapeStrings(text)}"`;

export class StringsStore extends EntryTextStore<StringsEntry> {
  constructor(init: StringsStoreInit) {
    super(init, { label: '.strings', keyFromSource: true, encode: (text) => encodeStrings(text, init.encoding, init.bom) });
  }

  /** A `"key";` entry (read as its own key) gets the missing ` = ` in front of its new value. */
  protected renderValue(value: string, entry: StringsEntry): string {
    return (entry.keyOnly ? ' = ' : '') + quote(value);
  }

  protected renderAdded(key: string, note: string, value: string): string[] {
    const comment = note === '' ? [] : [`/* ${note.replace(/\*\//g, '* /')} */`];
    return [...comment, `${quote(key)} = ${quote(value)};`];
  }
}
