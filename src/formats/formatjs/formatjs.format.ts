// FormatJS / react-intl JSON: extracted {"id": {"defaultMessage", "description"}} files and compiled {"id": "message"} ones.

import type { CreateOptions, FormatUnit, NewUnit, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { isObject, isString, JsonDocument } from '../json/json-document.js';
import type { JsonContainer, JsonEntry, JsonString } from '../json/json-source.js';
import { EMPTY_JSON_OBJECT } from '../json/json.format.js';
import { monoUnit, RootObjectStore } from '../json/json-store.js';

const MESSAGE = 'defaultMessage';
const DESCRIPTION = 'description';

interface FormatJsRecord {
  entry: JsonEntry;
  /** The descriptor object; null for a compiled `"id": "message"` member. */
  descriptor: JsonContainer | null;
}

/**
 * ICU plurals and selects stay inside the message text (one unit per id), as react-intl reads
 * them. Members that are neither strings nor descriptors (compiled ASTs) are kept untouched.
 */
class FormatJsStore extends RootObjectStore<FormatJsRecord> {
  protected collect(): FormatJsRecord[] {
    const records: FormatJsRecord[] = [];
    for (const entry of this.root.entries) {
      const value = entry.value;
      if (isString(value)) records.push({ entry, descriptor: null });
      else if (isObject(value) && (this.doc.member(value, MESSAGE) !== undefined || this.doc.member(value, DESCRIPTION) !== undefined)) {
        records.push({ entry, descriptor: value });
      }
    }
    return records;
  }

  private stringMember(container: JsonContainer, name: string): JsonString | undefined {
    const value = this.doc.member(container, name)?.value;
    return isString(value) ? value : undefined;
  }

  protected view(r: FormatJsRecord): FormatUnit {
    const key = r.entry.key!.value;
    if (r.descriptor === null) return monoUnit(key, [(r.entry.value as JsonString).value]);
    const message = this.stringMember(r.descriptor, MESSAGE)?.value ?? '';
    return monoUnit(key, [message], this.stringMember(r.descriptor, DESCRIPTION)?.value ?? '');
  }

  protected write(r: FormatJsRecord, target: readonly string[]): void {
    const text = target[0] ?? '';
    if (r.descriptor === null) {
      this.doc.setString(r.entry.value as JsonString, text);
      return;
    }
    const node = this.stringMember(r.descriptor, MESSAGE);
    if (node) this.doc.setString(node, text);
    else {
      // A descriptor with a description only (or a non-string message): the message goes first.
      const existing = this.doc.member(r.descriptor, MESSAGE);
      if (existing) this.doc.replaceValue(r.descriptor, existing, this.doc.newString(text));
      else this.doc.insert(r.descriptor, MESSAGE, this.doc.newString(text), null);
    }
  }

  /** New ids follow the file's shape: descriptors unless every existing member is a compiled string. */
  protected append(key: string, unit: NewUnit): FormatJsRecord {
    const text = unit.target?.[0] ?? '';
    const compiled = this.records.length > 0 && this.records.every((r) => r.descriptor === null);
    if (compiled) return { entry: this.doc.insert(this.root, key, this.doc.newString(text)), descriptor: null };
    const descriptor = this.doc.newStringObject([
      [MESSAGE, text],
      [DESCRIPTION, unit.note ? unit.note : undefined],
    ]);
    return { entry: this.doc.insert(this.root, key, descriptor), descriptor };
  }

  protected delete(r: FormatJsRecord): void {
    this.doc.remove(this.root, r.entry);
  }
}

export const formatjsFormat: TranslationFormat = {
  id: 'formatjs',
  name: 'FormatJS JSON file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new FormatJsStore(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file has no ids: the template's ids are added as descriptors as they get translated. */
  create: (options: CreateOptions): ParsedStore => new FormatJsStore(JsonDocument.fromText(EMPTY_JSON_OBJECT), options),
};
