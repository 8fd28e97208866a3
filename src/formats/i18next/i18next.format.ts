// i18next JSON (nested keys): v4 plurals as key_one/key_other..., v3 plurals as key/key_plural or key_0, key_1...

import type { FormatUnit, NewUnit, ParseOptions, TranslationFormat } from '../format.js';
import { isString, JsonDocument } from '../json/json-document.js';
import { jsonStoreFormat } from '../json/json.format.js';
import type { JsonContainer, JsonEntry, JsonString } from '../json/json-source.js';
import { CLDR_CATEGORIES, insertForm, JsonStore, monoUnit, requireRootObject } from '../json/json-store.js';
import { findSlot, insertAtSlot, joinKey } from '../json-nested/nested-keys.js';

type Version = 3 | 4;

interface I18nRecord {
  key: string;
  plural: boolean;
  container: JsonContainer;
  /** Member names of the forms, in target order. */
  names: string[];
  /** Entry of each form; undefined when the file lacks that form. */
  entries: (JsonEntry | undefined)[];
  /** Members of the plural group the language does not use: kept, removed with the unit. */
  extras: JsonEntry[];
}

const V4_SUFFIX = new RegExp(`^(.+)_(${CLDR_CATEGORIES.join('|')})$`);
const V3_SUFFIX = /^(.+)_(plural|\d+)$/;

class I18nextStore extends JsonStore<I18nRecord> {
  private readonly root: JsonContainer;

  constructor(
    doc: JsonDocument,
    options: ParseOptions | undefined,
    private readonly version: Version,
  ) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
  }

  /** Member names of a plural key's forms for the file's language. */
  private formNames(base: string): string[] {
    if (this.version === 4) return this.categories.map((c) => `${base}_${c}`);
    // i18next v3: key/key_plural for two-form languages, key_0..key_N-1 for the others.
    if (this.categories.length === 2) return [base, `${base}_plural`];
    return this.categories.map((_, i) => `${base}_${i}`);
  }

  protected collect(): I18nRecord[] {
    const records: I18nRecord[] = [];
    const visit = (container: JsonContainer, prefix: string): void => {
      const groups = container.kind === 'object' ? this.pluralGroups(container, prefix) : new Map<JsonEntry, I18nRecord | null>();
      container.entries.forEach((entry, i) => {
        const value = entry.value;
        const key = container.kind === 'object' ? joinKey(prefix, entry.key!.value) : `${prefix}[${i}]`;
        if (isString(value)) {
          const group = groups.get(entry);
          if (group) records.push(group);
          else if (group === undefined) records.push({ key, plural: false, container, names: [entry.key?.value ?? ''], entries: [entry], extras: [] });
        } else if (value.kind === 'object' || value.kind === 'array') {
          visit(value, key);
        }
      });
    };
    visit(this.root, '');
    return records;
  }

  /**
   * Plural records of one object, mapped from the group's first member (later members map to
   * null: they are part of a record already listed).
   */
  private pluralGroups(container: JsonContainer, prefix: string): Map<JsonEntry, I18nRecord | null> {
    const twoFormV3 = this.version === 3 && this.categories.length === 2;
    // v3 two-form plurals are the bare key plus key_plural: only key_plural starts a group.
    const bases = new Set<string>();
    if (twoFormV3) {
      for (const e of container.entries) if (isString(e.value) && e.key!.value.endsWith('_plural')) bases.add(e.key!.value.slice(0, -7));
    }
    const baseOf = (name: string): string | null => {
      if (this.version === 4) return V4_SUFFIX.exec(name)?.[1] ?? null;
      if (twoFormV3) return name.endsWith('_plural') ? name.slice(0, -7) : bases.has(name) ? name : null;
      return V3_SUFFIX.exec(name)?.[1] ?? null;
    };
    const groups = new Map<string, JsonEntry[]>();
    for (const e of container.entries) {
      if (!isString(e.value)) continue;
      const base = baseOf(e.key!.value);
      if (base === null) continue;
      const list = groups.get(base);
      if (list) list.push(e);
      else groups.set(base, [e]);
    }
    const result = new Map<JsonEntry, I18nRecord | null>();
    for (const [base, members] of groups) {
      const names = this.formNames(base);
      const entries = names.map((name) => members.find((e) => e.key!.value === name));
      const extras = members.filter((e) => !entries.includes(e));
      const record: I18nRecord = { key: joinKey(prefix, base), plural: true, container, names, entries, extras };
      members.forEach((e, i) => result.set(e, i === 0 ? record : null));
    }
    return result;
  }

  protected view(r: I18nRecord): FormatUnit {
    return monoUnit(
      r.key,
      r.entries.map((e) => (e ? (e.value as JsonString).value : '')),
    );
  }

  /** Writes the language's forms; a missing form is added (in category order) only when it has text. */
  protected write(r: I18nRecord, target: readonly string[]): void {
    r.names.forEach((name, i) => {
      const text = target[i] ?? '';
      const entry = r.entries[i];
      if (entry) this.doc.setString(entry.value as JsonString, text);
      else if (text !== '') r.entries[i] = insertForm(this.doc, r.container, name, text, r.entries, i, r.extras[r.extras.length - 1]);
    });
  }

  /** "a.b.c" goes into the objects a and a.b (created when missing); plurals get every form of the language. */
  protected append(key: string, unit: NewUnit): I18nRecord {
    const segments = key.split('.');
    const base = segments[segments.length - 1]!;
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const names = plural ? this.formNames(base) : [base];
    const slot = findSlot(this.doc, this.root, [...segments.slice(0, -1), names[0]!]);
    const entries: JsonEntry[] = [];
    let container = slot.container;
    // A name that could not nest stays dotted ("a.b_one"): the other forms keep that prefix.
    const leaf = slot.path[slot.path.length - 1]!;
    const namePrefix = leaf.slice(0, leaf.length - names[0]!.length);
    names.forEach((name, i) => {
      const node = this.doc.newString(unit.target?.[i] ?? '');
      if (i === 0) {
        const placed = insertAtSlot(this.doc, slot, node);
        container = placed.container;
        entries.push(placed.entry);
      } else {
        entries.push(this.doc.insert(container, namePrefix + name, node, entries[i - 1]));
      }
    });
    return { key, plural, container, names: entries.map((e) => e.key!.value), entries, extras: [] };
  }

  protected delete(r: I18nRecord): void {
    for (const entry of [...r.entries, ...r.extras]) if (entry) this.doc.removePruning(r.container, entry);
  }
}

function makeI18nextFormat(id: string, name: string, version: Version): TranslationFormat {
  return jsonStoreFormat(id, name, (doc, options) => new I18nextStore(doc, options, version));
}

/** i18next JSON v3: plurals as key + key_plural (two-form languages) or key_0, key_1, ... */
export const i18nextFormat: TranslationFormat = makeI18nextFormat('i18next', 'i18next JSON file v3', 3);

/** i18next JSON v4: plurals as key_one, key_few, key_other, ... (CLDR categories). */
export const i18nextV4Format: TranslationFormat = makeI18nextFormat('i18nextv4', 'i18next JSON file v4', 4);
