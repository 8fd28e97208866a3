// go-i18n v2 JSON: {"id": "text"} or {"id": {"description": ..., "one": ..., "other": ...}}, groups nested by id prefix.

import type { FormatUnit, NewUnit, ParseOptions } from '../format.js';
import { isObject, isString, type JsonDocument } from '../json/json-document.js';
import type { JsonContainer, JsonEntry, JsonNode, JsonString } from '../json/json-source.js';
import { CLDR_CATEGORIES, JsonStore, monoUnit, requireRootObject } from '../json/json-store.js';
import { joinKey } from '../json-nested/nested-keys.js';
import { formTexts, hasPluralCategories, newFormsObject, readForms, writeForms } from './plural-map.js';

/** Members that make an object a message rather than a group of nested messages. */
const RESERVED = new Set(['id', 'description', 'hash', 'leftdelim', 'rightdelim', ...CLDR_CATEGORIES]);

interface V2Record {
  key: string;
  container: JsonContainer;
  entry: JsonEntry;
  /** The message object; null when the member is a plain string. */
  msg: JsonContainer | null;
  plural: boolean;
  /** Plural forms by category, or [the "other" member] for singular message objects. */
  forms: (JsonEntry | undefined)[];
}

export class GoI18nV2Store extends JsonStore<V2Record> {
  private readonly root: JsonContainer;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
  }

  protected collect(): V2Record[] {
    const records: V2Record[] = [];
    const visit = (container: JsonContainer, prefix: string): void => {
      for (const entry of container.entries) {
        const key = joinKey(prefix, entry.key!.value);
        const value = entry.value;
        if (isString(value)) {
          records.push({ key, container, entry, msg: null, plural: false, forms: [] });
        } else if (isObject(value)) {
          if (!value.entries.some((e) => RESERVED.has(e.key!.value))) {
            visit(value, key);
            continue;
          }
          const plural = hasPluralCategories(this.doc, value);
          const forms = plural ? readForms(this.doc, value, this.categories) : readForms(this.doc, value, ['other']);
          records.push({ key, container, entry, msg: value, plural, forms });
        }
      }
    };
    visit(this.root, '');
    return records;
  }

  protected view(r: V2Record): FormatUnit {
    if (r.msg === null) return monoUnit(r.key, [(r.entry.value as JsonString).value]);
    const description = this.doc.member(r.msg, 'description')?.value;
    return monoUnit(r.key, formTexts(r.forms), isString(description) ? description.value : '');
  }

  protected write(r: V2Record, target: readonly string[]): void {
    if (r.msg === null) this.doc.setString(r.entry.value as JsonString, target[0] ?? '');
    else writeForms(this.doc, r.msg, r.plural ? this.categories : ['other'], r.forms, r.plural ? target : [target[0] ?? '']);
  }

  /** Plain strings unless the unit is plural or has a note; dotted ids stay flat. */
  protected append(key: string, unit: NewUnit): V2Record {
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const note = unit.note ? unit.note : undefined;
    let value: JsonNode;
    if (plural) value = newFormsObject(this.doc, this.categories, unit.target, [['description', note]]);
    else if (note !== undefined) value = newFormsObject(this.doc, ['other'], unit.target, [['description', note]]);
    else value = this.doc.newString(unit.target?.[0] ?? '');
    const entry = this.doc.insert(this.root, key, value);
    const msg = isObject(value) ? value : null;
    const forms = msg ? readForms(this.doc, msg, plural ? this.categories : ['other']) : [];
    return { key, container: this.root, entry, msg, plural, forms };
  }

  protected delete(r: V2Record): void {
    this.doc.removePruning(r.container, r.entry);
  }
}
