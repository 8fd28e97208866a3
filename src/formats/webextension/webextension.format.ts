// WebExtension messages.json: {"key": {"message": ..., "description": ..., "placeholders": {...}}}.

import type { CreateOptions, FormatUnit, NewUnit, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { isObject, isString, JsonDocument } from '../json/json-document.js';
import { EMPTY_JSON_OBJECT } from '../json/json.format.js';
import type { JsonContainer, JsonEntry, JsonString } from '../json/json-source.js';
import { JsonStore, monoUnit, requireRootObject } from '../json/json-store.js';

interface MessageRecord {
  entry: JsonEntry;
  message: JsonString;
  description: JsonString | undefined;
}

class WebExtensionStore extends JsonStore<MessageRecord> {
  private readonly root: JsonContainer;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
  }

  /** Members that are not message objects are kept but are not units. */
  protected collect(): MessageRecord[] {
    const records: MessageRecord[] = [];
    for (const entry of this.root.entries) {
      const value = entry.value;
      if (!isObject(value)) continue;
      const message = this.doc.member(value, 'message')?.value;
      if (!isString(message)) continue;
      const description = this.doc.member(value, 'description')?.value;
      records.push({ entry, message, description: isString(description) ? description : undefined });
    }
    return records;
  }

  /** The description is the developer's note; placeholders stay in the file untouched. */
  protected view(r: MessageRecord): FormatUnit {
    return monoUnit(r.entry.key!.value, [r.message.value], r.description?.value ?? '');
  }

  protected write(r: MessageRecord, target: readonly string[]): void {
    this.doc.setString(r.message, target[0] ?? '');
  }

  protected append(key: string, unit: NewUnit): MessageRecord {
    const value = this.doc.newStringObject([
      ['message', unit.target?.[0] ?? ''],
      ['description', unit.note ? unit.note : undefined],
    ]);
    const entry = this.doc.insert(this.root, key, value);
    const [message, description] = value.entries.map((e) => e.value as JsonString);
    return { entry, message: message!, description };
  }

  protected delete(r: MessageRecord): void {
    this.doc.remove(this.root, r.entry);
  }
}

export const webextensionFormat: TranslationFormat = {
  id: 'webextension',
  name: 'WebExtension JSON file',
  extensions: ['json'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new WebExtensionStore(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file has no units: the template's keys are added as they get translated. */
  create: (options: CreateOptions): ParsedStore => new WebExtensionStore(JsonDocument.fromText(EMPTY_JSON_OBJECT), options),
};
