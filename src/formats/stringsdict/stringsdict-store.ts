// Apple .stringsdict (plist) as units: plural variables by CLDR category, format strings, plain strings; spliced on write.

import { FormatParseError, type FormatUnit, type NewUnit, type UnitChange } from '../format.js';
import { makeUnit, requiredKey, singleTarget, sizedTarget, type XmlRecord, XmlRecordStore, type XmlSource } from '../xml/record-store.js';
import { appendChildren, detectEol, escapeXmlText, firstChild, indentationAt, textContent } from '../xml/scanner.js';
import type { TextPatcher, XmlElement } from '../xml/scanner.js';

export const DEFAULT_CATEGORIES: readonly string[] = ['one', 'other'];
export const FORMAT_KEY = 'NSStringLocalizedFormatKey';
const VARIABLE_REFERENCE = /%(?:\d+\$)?#@([^@]*)@/g;
/** Every CLDR category in CLDR's (and Apple's) order; forms are kept and inserted in it. */
const CLDR_ORDER: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const cldrRank = (category: string): number => {
  const i = CLDR_ORDER.indexOf(category);
  return i < 0 ? CLDR_ORDER.length : i;
};
const byCldrRank = (a: string, b: string): number => cldrRank(a) - cldrRank(b);

/** A <key> and the value element after it. */
interface Entry {
  keyEl: XmlElement;
  value: XmlElement;
}

interface DictRecord extends XmlRecord {
  kind: 'plain' | 'format' | 'plural';
  /** The top-level entry the unit belongs to (removed with a plain or single-variable unit). */
  entry: Entry | null;
  /** plain/format: the <string> holding the text. */
  stringEl: XmlElement | null;
  /** plural: the variable's entry and its forms by category. */
  variable: Entry | null;
  forms: Map<string, Entry>;
  /** plural units named key:variable are removed alone; a key's only variable takes the entry with it. */
  ownsEntry: boolean;
}

/** The <key>/value pairs of a <dict>; a key without a value is malformed. */
function entries(dict: XmlElement, fail: (message: string, el: XmlElement) => never): Entry[] {
  const out: Entry[] = [];
  let key: XmlElement | null = null;
  for (const child of dict.children) {
    if (child.kind !== 'element') continue;
    if (key === null) {
      if (child.name !== 'key') fail(`expected <key> in <dict>, found <${child.name}>`, child);
      key = child;
    } else {
      if (child.name === 'key') fail(`<key>${textContent(key)}</key> has no value`, key);
      out.push({ keyEl: key, value: child });
      key = null;
    }
  }
  if (key !== null) fail(`<key>${textContent(key)}</key> has no value`, key);
  return out;
}

const stringOf = (el: XmlElement): string => (el.name === 'string' ? textContent(el) : '');

export class StringsdictStore extends XmlRecordStore<DictRecord> {
  constructor(
    source: XmlSource,
    private readonly categories: readonly string[],
    filename?: string,
  ) {
    super(source, []);
    const { doc } = source;
    const fail = (message: string, el: XmlElement): never => {
      throw new FormatParseError(message, doc.lineAt(el.start), filename);
    };
    if (doc.root.name !== 'plist') fail(`expected a <plist> root element, found <${doc.root.name}>`, doc.root);
    const top = firstChild(doc.root, 'dict');
    if (!top) return;
    for (const entry of entries(top, fail)) this.readEntry(entry, fail);
  }

  private readEntry(entry: Entry, fail: (message: string, el: XmlElement) => never): void {
    const key = textContent(entry.keyEl);
    if (entry.value.name === 'string') {
      this.push({ kind: 'plain', entry, stringEl: entry.value, variable: null, forms: new Map(), ownsEntry: true }, key, [stringOf(entry.value)]);
      return;
    }
    if (entry.value.name !== 'dict') return; // other plist values are kept as they are
    const inner = entries(entry.value, fail);
    const format = inner.find((e) => textContent(e.keyEl) === FORMAT_KEY);
    const variables = inner.filter((e) => e.value.name === 'dict' && textContent(e.keyEl) !== FORMAT_KEY);
    if (format) {
      const text = stringOf(format.value);
      // Text around the %#@variable@ references is translatable too.
      if (text.replace(VARIABLE_REFERENCE, '').trim() !== '') {
        this.push({ kind: 'format', entry, stringEl: format.value, variable: null, forms: new Map(), ownsEntry: false }, `${key}:${FORMAT_KEY}`, [text]);
      }
    }
    for (const variable of variables) {
      const forms = new Map<string, Entry>();
      for (const form of entries(variable.value, fail)) {
        const category = textContent(form.keyEl);
        if (form.value.name === 'string' && CLDR_ORDER.includes(category)) forms.set(category, form);
      }
      const single = variables.length === 1;
      const target = this.categories.map((c) => (forms.has(c) ? stringOf(forms.get(c)!.value) : ''));
      const unitKey = single ? key : `${key}:${textContent(variable.keyEl)}`;
      this.push({ kind: 'plural', entry, stringEl: null, variable, forms, ownsEntry: single }, unitKey, target);
    }
  }

  private push(record: Omit<DictRecord, 'unit' | 'initial'>, key: string, target: string[]): void {
    const unit = makeUnit({ key, context: key, source: [key], target });
    const { kind, entry, stringEl, variable, forms, ownsEntry } = record;
    this.records.push({ kind, entry, stringEl, variable, forms, ownsEntry, unit, initial: { ...unit, target: [...target] } });
  }

  get header(): Readonly<Record<string, string>> {
    return {};
  }

  /** A stringsdict has no header; the call is ignored. */
  setHeader(): void {}

  protected changedUnit(record: DictRecord, change: UnitChange): FormatUnit {
    if (change.target === undefined) return record.unit;
    return { ...record.unit, target: record.kind === 'plural' ? sizedTarget(change.target, this.categories.length) : singleTarget(record.unit, change.target) };
  }

  protected newRecord(unit: NewUnit): DictRecord {
    const key = requiredKey(unit);
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const target = plural ? sizedTarget(unit.target, this.categories.length) : [unit.target?.[0] ?? ''];
    return {
      kind: plural ? 'plural' : 'plain',
      entry: null,
      stringEl: null,
      variable: null,
      forms: new Map(),
      ownsEntry: true,
      initial: null,
      unit: makeUnit({ key, context: key, source: [key], target }),
    };
  }

  private setString(patcher: TextPatcher, el: XmlElement, value: string): void {
    if (el.selfClosing) patcher.set(el.start, el.end, `<string>${escapeXmlText(value)}</string>`);
    else patcher.set(el.contentStart, el.contentEnd, escapeXmlText(value));
  }

  protected patchRecord(record: DictRecord, patcher: TextPatcher): void {
    const initial = record.initial!;
    if (record.kind !== 'plural') {
      if (record.unit.target[0] !== initial.target[0]) this.setString(patcher, record.stringEl!, record.unit.target[0] ?? '');
      return;
    }
    const missing: string[] = [];
    this.categories.forEach((category, i) => {
      const value = record.unit.target[i] ?? '';
      if (value === (initial.target[i] ?? '')) return;
      const form = record.forms.get(category);
      if (form) this.setString(patcher, form.value, value);
      else if (value !== '') missing.push(category);
    });
    if (missing.length > 0) this.insertForms(record, missing, patcher);
  }

  /**
   * Puts new category forms where Apple's and CLDR's order has them (after the closest lower category
   * present, else before the closest higher one), spaced like the forms already there.
   */
  private insertForms(record: DictRecord, categories: string[], patcher: TextPatcher): void {
    const present = [...record.forms.entries()].map(([category, form]) => ({ rank: cldrRank(category), form }));
    const value = (category: string): string => escapeXmlText(record.unit.target[this.categories.indexOf(category)] ?? '');
    if (present.length === 0) {
      appendChildren(patcher, this.text, this.source.doc.root, record.variable!.value, () =>
        [...categories].sort(byCldrRank).flatMap((c) => [`<key>${c}</key>`, `<string>${value(c)}</string>`]),
      );
      return;
    }
    const { inner, outer } = this.formSpacing(present.map((p) => p.form));
    for (const category of [...categories].sort(byCldrRank)) {
      const rank = cldrRank(category);
      const pair = `<key>${category}</key>${inner}<string>${value(category)}</string>`;
      const before = present.filter((p) => p.rank < rank).sort((a, b) => b.rank - a.rank)[0];
      if (before) {
        patcher.insert(before.form.value.end, outer + pair);
      } else {
        const after = present.filter((p) => p.rank > rank).sort((a, b) => a.rank - b.rank)[0]!;
        patcher.insert(after.form.keyEl.start, pair + outer);
      }
    }
  }

  /** The whitespace between a form's key and its string, and between one pair and the next, as the file has it. */
  private formSpacing(forms: Entry[]): { inner: string; outer: string } {
    const blank = (s: string): boolean => /^\s*$/.test(s);
    const first = forms[0]!;
    const inner = this.text.slice(first.keyEl.end, first.value.start);
    const siblings = (first.keyEl.parent?.children ?? []).filter((c): c is XmlElement => c.kind === 'element');
    let outer: string | null = null;
    for (const form of forms) {
      const previous = siblings[siblings.indexOf(form.keyEl) - 1];
      const gap = previous ? this.text.slice(previous.end, form.keyEl.start) : null;
      if (gap !== null && blank(gap)) {
        outer = gap;
        break;
      }
    }
    const fallback = detectEol(this.text) + (indentationAt(this.text, first.keyEl.start) ?? '');
    return { inner: blank(inner) ? inner : fallback, outer: outer ?? (blank(inner) ? inner : fallback) };
  }

  protected patchRemoval(record: DictRecord, patcher: TextPatcher): void {
    if (record.kind === 'format') {
      if (this.removed.some((r) => r.ownsEntry && r.entry === record.entry)) return; // the whole entry goes
      // The entry needs its format string: keep only the variable references, which reads as no unit.
      this.setString(patcher, record.stringEl!, (record.initial!.target[0] ?? '').match(VARIABLE_REFERENCE)?.join('') ?? '');
      return;
    }
    const pair = record.ownsEntry ? record.entry! : record.variable!;
    this.cut(patcher, pair.keyEl, pair.value);
  }

  /** Removing a plain or single-variable unit removes its whole entry, and so its format string unit too. */
  override removeUnit(index: number): void {
    const record = this.record(index);
    super.removeUnit(index);
    if (!record.ownsEntry || record.entry === null) return;
    for (let i = this.records.length - 1; i >= 0; i--) if (this.records[i]!.entry === record.entry) this.records.splice(i, 1);
    this.touch();
  }

  protected patchAdded(records: DictRecord[], patcher: TextPatcher): void {
    const { doc } = this.source;
    const top = firstChild(doc.root, 'dict');
    if (!top) throw new Error('a stringsdict without a top-level <dict> cannot take new units');
    appendChildren(patcher, doc.text, doc.root, top, ({ indent, step, eol }) =>
      records.flatMap(({ unit, kind }) => {
        const key = `<key>${escapeXmlText(unit.key)}</key>`;
        if (kind === 'plain') return [key, `<string>${escapeXmlText(unit.target[0] ?? '')}</string>`];
        const i1 = eol + indent + step;
        const i2 = i1 + step;
        const forms = this.categories.map((c, i) => `${i2}<key>${c}</key>${i2}<string>${escapeXmlText(unit.target[i] ?? '')}</string>`).join('');
        return [
          key,
          `<dict>${i1}<key>${FORMAT_KEY}</key>${i1}<string>%#@value@</string>${i1}<key>value</key>${i1}<dict>` +
            `${i2}<key>NSStringFormatSpecTypeKey</key>${i2}<string>NSStringPluralRuleType</string>` +
            `${i2}<key>NSStringFormatValueTypeKey</key>${i2}<string>d</string>${forms}${i1}</dict>${eol}${indent}</dict>`,
        ];
      }),
    );
  }
}
