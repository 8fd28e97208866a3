// Flat JSON ("key": "text" at the top level): string members are units, other members are kept as they are.

import type { CreateOptions, FormatUnit, NewUnit, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { isString, JsonDocument } from './json-document.js';
import type { JsonEntry, JsonString } from './json-source.js';
import { monoUnit, RootObjectStore } from './json-store.js';

/** Text of a file with no units: an empty object and a newline. */
export const EMPTY_JSON_OBJECT = '{}\n';

interface FlatRecord {
  entry: JsonEntry;
  node: JsonString;
}

class FlatJsonStore extends RootObjectStore<FlatRecord> {
  protected collect(): FlatRecord[] {
    const records: FlatRecord[] = [];
    for (const entry of this.root.entries) if (isString(entry.value)) records.push({ entry, node: entry.value });
    return records;
  }

  protected view(r: FlatRecord): FormatUnit {
    return monoUnit(r.entry.key!.value, [r.node.value]);
  }

  protected write(r: FlatRecord, target: readonly string[]): void {
    this.doc.setString(r.node, target[0] ?? '');
  }

  protected append(key: string, unit: NewUnit): FlatRecord {
    const node = this.doc.newString(unit.target?.[0] ?? '');
    return { entry: this.doc.insert(this.root, key, node), node };
  }

  protected delete(r: FlatRecord): void {
    this.doc.remove(this.root, r.entry);
  }
}

/** Opens a store of a JSON format over a parsed document. */
export type JsonStoreFactory = (doc: JsonDocument, options: ParseOptions | undefined) => ParsedStore;

/** A monolingual .json format whose files the stores `open` makes read and write. */
export function jsonStoreFormat(id: string, name: string, open: JsonStoreFactory): TranslationFormat {
  return {
    id,
    name,
    extensions: ['json'],
    monolingual: true,
    mimeType: 'application/json',
    parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => open(JsonDocument.parse(bytes, options?.filename), options),
    /** A new file has no units: the template's keys are added as they get translated. */
    create: (options: CreateOptions): ParsedStore => open(JsonDocument.fromText(EMPTY_JSON_OBJECT), options),
  };
}

export const jsonFormat: TranslationFormat = jsonStoreFormat('json', 'JSON file', (doc, options) => new FlatJsonStore(doc, options));
