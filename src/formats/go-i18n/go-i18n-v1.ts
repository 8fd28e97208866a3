// go-i18n v1 JSON: an array of {"id": ..., "translation": "text" | {"one": ..., "other": ...}} objects.

import { FormatParseError, type FormatUnit, type NewUnit, type ParseOptions } from '../format.js';
import { isObject, isString, type JsonDocument } from '../json/json-document.js';
import { lineAt, type JsonContainer, type JsonEntry, type JsonNode } from '../json/json-source.js';
import { JsonStore, monoUnit } from '../json/json-store.js';
import { formTexts, newFormsObject, readForms, writeForms } from './plural-map.js';

interface V1Record {
  item: JsonEntry;
  obj: JsonContainer;
  id: string;
  translation: JsonEntry | undefined;
  plural: boolean;
  /** Plural forms by category (plural records only). */
  forms: (JsonEntry | undefined)[];
}

export class GoI18nV1Store extends JsonStore<V1Record> {
  private readonly root: JsonContainer;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    if (doc.root.kind !== 'array') {
      throw new FormatParseError('expected a JSON array of messages at the top level', lineAt(doc.text, doc.root.start), options?.filename);
    }
    this.root = doc.root;
  }

  /** Items without a string "id" are kept but are not units. */
  protected collect(): V1Record[] {
    const records: V1Record[] = [];
    for (const item of this.root.entries) {
      const obj = item.value;
      if (!isObject(obj)) continue;
      const id = this.doc.member(obj, 'id')?.value;
      if (!isString(id)) continue;
      const translation = this.doc.member(obj, 'translation');
      const plural = isObject(translation?.value);
      const forms = plural ? readForms(this.doc, translation!.value as JsonContainer, this.categories) : [];
      records.push({ item, obj, id: id.value, translation, plural, forms });
    }
    return records;
  }

  protected view(r: V1Record): FormatUnit {
    if (r.plural) return monoUnit(r.id, formTexts(r.forms));
    const value = r.translation?.value;
    return monoUnit(r.id, [isString(value) ? value.value : '']);
  }

  protected write(r: V1Record, target: readonly string[]): void {
    if (r.plural) {
      writeForms(this.doc, r.translation!.value as JsonContainer, this.categories, r.forms, target);
      return;
    }
    const text = target[0] ?? '';
    const current = r.translation?.value;
    if (isString(current)) this.doc.setString(current, text);
    else if (r.translation) r.translation = this.doc.replaceValue(r.obj, r.translation, this.doc.newString(text));
    else r.translation = this.doc.insert(r.obj, 'translation', this.doc.newString(text), this.doc.member(r.obj, 'id'));
  }

  protected append(key: string, unit: NewUnit): V1Record {
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const value: JsonNode = plural ? newFormsObject(this.doc, this.categories, unit.target) : this.doc.newString(unit.target?.[0] ?? '');
    const obj = this.doc.newContainer('object', [
      ['id', this.doc.newString(key)],
      ['translation', value],
    ]);
    const item = this.doc.insert(this.root, null, obj);
    const translation = obj.entries[1]!;
    const forms = plural ? readForms(this.doc, value as JsonContainer, this.categories) : [];
    return { item, obj, id: key, translation, plural, forms };
  }

  protected delete(r: V1Record): void {
    this.doc.remove(this.root, r.item);
  }
}
