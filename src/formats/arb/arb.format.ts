// Flutter ARB: "key": "text" units with "@key" metadata objects and "@@locale"-style global entries.

import type { CreateOptions, FormatUnit, NewUnit, ParsedStore, ParseOptions, TranslationFormat } from '../format.js';
import { isObject, isString, JsonDocument } from '../json/json-document.js';
import type { JsonEntry, JsonString } from '../json/json-source.js';
import { monoUnit, RootObjectStore } from '../json/json-store.js';

interface ArbRecord {
  entry: JsonEntry;
  node: JsonString;
  /** The "@key" member, when the file has one. */
  meta: JsonEntry | undefined;
}

const GLOBAL_PREFIX = '@@';

class ArbStore extends RootObjectStore<ArbRecord> {
  /**
   * ICU messages ("{count, plural, one{...} other{...}}") stay one string unit: ARB plurals live
   * inside the text, not in separate members.
   */
  protected collect(): ArbRecord[] {
    const metas = new Map<string, JsonEntry>();
    for (const entry of this.root.entries) {
      const name = entry.key!.value;
      if (name.startsWith('@') && !name.startsWith(GLOBAL_PREFIX) && !metas.has(name)) metas.set(name.slice(1), entry);
    }
    const records: ArbRecord[] = [];
    for (const entry of this.root.entries) {
      if (entry.key!.value.startsWith('@') || !isString(entry.value)) continue;
      records.push({ entry, node: entry.value, meta: metas.get(entry.key!.value) });
    }
    return records;
  }

  /** The metadata's description is the developer's note; type and placeholders are kept as they are. */
  protected view(r: ArbRecord): FormatUnit {
    const meta = r.meta?.value;
    const description = isObject(meta) ? this.doc.member(meta, 'description')?.value : undefined;
    return monoUnit(r.entry.key!.value, [r.node.value], isString(description) ? description.value : '');
  }

  protected write(r: ArbRecord, target: readonly string[]): void {
    this.doc.setString(r.node, target[0] ?? '');
  }

  protected append(key: string, unit: NewUnit): ArbRecord {
    const node = this.doc.newString(unit.target?.[0] ?? '');
    const entry = this.doc.insert(this.root, key, node);
    const meta = unit.note ? this.doc.insert(this.root, `@${key}`, this.doc.newStringObject([['description', unit.note]]), entry) : undefined;
    return { entry, node, meta };
  }

  protected delete(r: ArbRecord): void {
    this.doc.remove(this.root, r.entry);
    if (r.meta) this.doc.remove(this.root, r.meta);
  }

  /** Global "@@" entries (e.g. "@@locale"), named as in the file. */
  override get header(): Readonly<Record<string, string>> {
    const fields: Record<string, string> = {};
    for (const entry of this.root.entries) {
      const name = entry.key!.value;
      if (name.startsWith(GLOBAL_PREFIX) && isString(entry.value) && !(name in fields)) fields[name] = entry.value.value;
    }
    return fields;
  }

  /** Sets "@@name" ("locale" and "@@locale" both name "@@locale"); new ones go after the other globals. */
  override setHeader(name: string, value: string): void {
    const key = name.startsWith(GLOBAL_PREFIX) ? name : GLOBAL_PREFIX + name;
    const existing = this.doc.member(this.root, key);
    if (existing && isString(existing.value)) {
      this.doc.setString(existing.value, value);
      return;
    }
    const globals = this.root.entries.filter((e) => e.key!.value.startsWith(GLOBAL_PREFIX));
    this.doc.insert(this.root, key, this.doc.newString(value), globals[globals.length - 1] ?? null);
  }
}

export const arbFormat: TranslationFormat = {
  id: 'arb',
  name: 'ARB file',
  extensions: ['arb'],
  monolingual: true,
  mimeType: 'application/json',
  parse: (bytes: Uint8Array, options?: ParseOptions): ParsedStore => new ArbStore(JsonDocument.parse(bytes, options?.filename), options),
  /** A new file holds only "@@locale"; the template's keys are added as they get translated. */
  create: (options: CreateOptions): ParsedStore =>
    new ArbStore(JsonDocument.fromText(`{\n    "@@locale": ${JSON.stringify(options.language)}\n}\n`), options),
};
