// gotext JSON (golang.org/x/text/cmd/gotext): {"language", "messages": [{"id", "message", "translation", ...}]}.

import { FormatParseError, type FormatUnit, type NewUnit, type ParseOptions } from '../format.js';
import { isObject, isString, type JsonDocument } from '../json/json-document.js';
import { lineAt, type JsonContainer, type JsonEntry, type JsonString } from '../json/json-source.js';
import { JsonStore, monoUnit, requireRootObject } from '../json/json-store.js';

interface GotextRecord {
  item: JsonEntry;
  obj: JsonContainer;
  id: string;
  /** The "translation" member, absent until written. */
  translation: JsonEntry | undefined;
  /** The select's "cases" object when the translation is a plural select. */
  cases: JsonContainer | null;
  /** The "msg" string of each case by category (plural records only). */
  forms: (JsonString | undefined)[];
}

/** The id of a message: a string, or the first of a list of ids (gotext's IDList). */
function idOf(doc: JsonDocument, obj: JsonContainer): string | undefined {
  const id = doc.member(obj, 'id')?.value;
  if (isString(id)) return id.value;
  if (id?.kind === 'array' && isString(id.entries[0]?.value)) return id.entries[0].value.value;
  return undefined;
}

/** The "cases" object of a `{"select": {"feature": "plural", "cases": {...}}}` translation. */
function pluralCases(doc: JsonDocument, translation: JsonEntry | undefined): JsonContainer | null {
  const value = translation?.value;
  if (!isObject(value)) return null;
  const select = doc.member(value, 'select')?.value;
  if (!isObject(select)) return null;
  const feature = doc.member(select, 'feature')?.value;
  if (!isString(feature) || feature.value !== 'plural') return null;
  const cases = doc.member(select, 'cases')?.value;
  return isObject(cases) ? cases : null;
}

export class GotextStore extends JsonStore<GotextRecord> {
  private readonly root: JsonContainer;
  /** The "messages" array; null until the first unit is added to a file without one. */
  private messages: JsonContainer | null;

  constructor(doc: JsonDocument, options: ParseOptions | undefined) {
    super(doc, options);
    this.root = requireRootObject(doc, options?.filename);
    const messages = doc.member(this.root, 'messages');
    this.messages = null;
    if (!messages) return;
    if (messages.value.kind !== 'array') throw new FormatParseError('"messages" must be an array', lineAt(doc.text, messages.value.start), options?.filename);
    this.messages = messages.value;
  }

  private readForms(cases: JsonContainer): (JsonString | undefined)[] {
    return this.categories.map((category) => {
      const c = this.doc.member(cases, category)?.value;
      const msg = isObject(c) ? this.doc.member(c, 'msg')?.value : undefined;
      return isString(msg) ? msg : undefined;
    });
  }

  /** Items without an id are kept but are not units. */
  protected collect(): GotextRecord[] {
    const records: GotextRecord[] = [];
    for (const item of this.messages?.entries ?? []) {
      const obj = item.value;
      if (!isObject(obj)) continue;
      const id = idOf(this.doc, obj);
      if (id === undefined) continue;
      const translation = this.doc.member(obj, 'translation');
      const cases = pluralCases(this.doc, translation);
      records.push({ item, obj, id, translation, cases, forms: cases ? this.readForms(cases) : [] });
    }
    return records;
  }

  protected view(r: GotextRecord): FormatUnit {
    const member = (name: string) => {
      const v = this.doc.member(r.obj, name)?.value;
      return isString(v) ? v.value : '';
    };
    const target = r.cases ? r.forms.map((f) => f?.value ?? '') : [isString(r.translation?.value) ? r.translation.value.value : ''];
    const unit = monoUnit(r.id, target, member('translatorComment'));
    unit.location = member('position');
    unit.fuzzy = this.doc.member(r.obj, 'fuzzy')?.value.kind === 'literal' && this.literal(r.obj, 'fuzzy') === 'true';
    return unit;
  }

  private literal(obj: JsonContainer, name: string): string {
    const node = this.doc.member(obj, name)?.value;
    return node && node.start >= 0 ? this.doc.text.slice(node.start, node.end) : '';
  }

  protected write(r: GotextRecord, target: readonly string[]): void {
    if (r.cases) {
      const cases = r.cases;
      this.categories.forEach((category, i) => {
        const text = target[i] ?? '';
        const msg = r.forms[i];
        if (msg) this.doc.setString(msg, text);
        else if (text !== '') {
          // A missing case goes after the closest earlier one, so the cases stay in category order.
          const before = this.categories.slice(0, i).reverse().map((c) => this.doc.member(cases, c)).find((e) => e !== undefined);
          const entry = this.doc.insert(cases, category, this.doc.newContainer('object', [['msg', this.doc.newString(text)]]), before ?? null);
          r.forms[i] = (entry.value as JsonContainer).entries[0]!.value as JsonString;
        }
      });
      return;
    }
    const text = target[0] ?? '';
    const current = r.translation?.value;
    if (isString(current)) this.doc.setString(current, text);
    else if (r.translation) r.translation = this.doc.replaceValue(r.obj, r.translation, this.doc.newString(text));
    else r.translation = this.doc.insert(r.obj, 'translation', this.doc.newString(text), this.doc.member(r.obj, 'message') ?? this.doc.member(r.obj, 'id'));
  }

  /** New messages carry id, message (the id, as gotext writes for a source text) and translation. */
  protected append(key: string, unit: NewUnit): GotextRecord {
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const obj = this.doc.newContainer('object', [
      ['id', this.doc.newString(key)],
      ['message', this.doc.newString(key)],
    ]);
    if (!this.messages) {
      this.messages = this.doc.newContainer('array');
      this.doc.insert(this.root, 'messages', this.messages);
    }
    const item = this.doc.insert(this.messages, null, obj);
    const record: GotextRecord = { item, obj, id: key, translation: undefined, cases: null, forms: [] };
    if (plural) {
      const cases = this.doc.newContainer('object');
      const select = this.doc.newContainer('object', [
        ['feature', this.doc.newString('plural')],
        ['arg', this.doc.newString('Count')],
        ['cases', cases],
      ]);
      record.translation = this.doc.insert(obj, 'translation', this.doc.newContainer('object', [['select', select]]));
      record.cases = cases;
      record.forms = this.categories.map(() => undefined);
      this.write(record, this.categories.map((_, i) => unit.target?.[i] ?? ''));
    } else {
      this.write(record, [unit.target?.[0] ?? '']);
    }
    return record;
  }

  protected delete(r: GotextRecord): void {
    if (this.messages) this.doc.remove(this.messages, r.item);
  }
}
