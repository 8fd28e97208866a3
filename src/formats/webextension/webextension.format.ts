// WebExtension messages.json: {"key": {"message": ..., "description": ..., "placeholders": {...}}}.

import type { FormatUnit, NewUnit, TranslationFormat } from '../format.js';
import { isObject, isString } from '../json/json-document.js';
import { jsonStoreFormat } from '../json/json.format.js';
import type { JsonEntry, JsonString } from '../json/json-source.js';
import { monoUnit, RootObjectStore } from '../json/json-store.js';

interface MessageRecord {
  entry: JsonEntry;
  message: JsonString;
  description: JsonString | undefined;
}

class WebExtensionStore extends RootObjectStore<MessageRecord> {
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

export const webextensionFormat: TranslationFormat = jsonStoreFormat('webextension', 'WebExtension JSON file', (doc, options) => new WebExtensionStore(doc, options));
