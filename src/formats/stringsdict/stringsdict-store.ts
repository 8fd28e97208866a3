// Apple .stringsdict (plist) as units: format strings, plural variables by CLDR category, plain strings; spliced on write.

import { FormatParseError, type FormatUnit, type NewUnit, type UnitChange } from '../format.js';
import { makeUnit, requiredKey, singleTarget, sizedTarget, type XmlRecord, XmlRecordStore, type XmlSource } from '../xml/record-store.js';
import { appendChildren, detectEol, escapeXmlText, firstChild, indentationAt, textContent } from '../xml/scanner.js';
import type { ChildLayout, TextPatcher, XmlElement } from '../xml/scanner.js';

export const DEFAULT_CATEGORIES: readonly string[] = ['one', 'other'];
export const FORMAT_KEY = 'NSStringLocalizedFormatKey';
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

/**
 * Units follow the reference tool's (translate-toolkit, so Weblate's) ids: an entry's format string is
 * the unit "key", each of its variables the unit "key:variable"; a plain top-level <string> is "key".
 */
interface DictRecord extends XmlRecord {
  kind: 'plain' | 'format' | 'plural';
  /** The top-level key the unit belongs to. */
  outer: string;
  /** plural: the variable's name (the part of the unit key after the last colon). */
  variableName: string;
  /** The top-level entry holding the unit; null for added units. */
  entry: Entry | null;
  /** The unit's own pair in the file: a plain entry, the format string's pair or the variable's pair. */
  pair: Entry | null;
  /** plural: the forms in the file by CLDR category. */
  forms: Map<string, Entry>;
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

/** The printf conversion of the first integer placeholder, which Apple wants as the variable's value type. */
function valueType(target: readonly string[]): string {
  for (const text of target) {
    const m = /%(?:\d+\$)?(hh|h|ll|l|q|z|t|j)?([diuoxX])/.exec(text);
    if (m) return (m[1] ?? '') + m[2]!;
  }
  return 'd';
}

export class StringsdictStore extends XmlRecordStore<DictRecord> {
  /** Top-level dictionary entries by key (the last one when a key repeats, as plist readers take it). */
  private readonly dictEntries = new Map<string, Entry>();

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
    const base = { outer: key, variableName: '', entry, forms: new Map<string, Entry>() };
    if (entry.value.name === 'string') {
      this.push({ ...base, kind: 'plain', pair: entry }, key, [stringOf(entry.value)]);
      return;
    }
    if (entry.value.name !== 'dict') return; // other plist values are kept as they are
    this.dictEntries.set(key, entry);
    for (const pair of entries(entry.value, fail)) {
      const name = textContent(pair.keyEl);
      if (name === FORMAT_KEY) {
        // Always a unit, also when it is only "%#@variable@": the translation may need words around it.
        if (pair.value.name === 'string') this.push({ ...base, kind: 'format', pair }, key, [stringOf(pair.value)]);
        continue;
      }
      if (pair.value.name !== 'dict') continue;
      const forms = new Map<string, Entry>();
      for (const form of entries(pair.value, fail)) {
        const category = textContent(form.keyEl);
        if (form.value.name === 'string' && CLDR_ORDER.includes(category)) forms.set(category, form);
      }
      const target = this.categories.map((c) => (forms.has(c) ? stringOf(forms.get(c)!.value) : ''));
      this.push({ ...base, kind: 'plural', variableName: name, pair, forms }, `${key}:${name}`, target);
    }
  }

  private push(record: Omit<DictRecord, 'unit' | 'initial'>, key: string, target: string[]): void {
    const unit = makeUnit({ key, context: key, source: [key], target });
    this.records.push({ ...record, unit, initial: { ...unit, target: [...target] } });
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

  /**
   * As the reference reads ids, "key:variable" (split at the last colon) is a variable of entry
   * "key"; so is a unit with several forms, which without a colon gets the variable "value".
   * Other units are an entry's format string.
   */
  protected newRecord(unit: NewUnit): DictRecord {
    const key = requiredKey(unit);
    const colon = key.lastIndexOf(':');
    const plural = colon > 0 || (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const target = plural ? sizedTarget(unit.target, this.categories.length) : [unit.target?.[0] ?? ''];
    return {
      kind: plural ? 'plural' : 'format',
      outer: plural && colon > 0 ? key.slice(0, colon) : key,
      variableName: plural ? (colon > 0 ? key.slice(colon + 1) : 'value') : '',
      entry: null,
      pair: null,
      forms: new Map(),
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
      if (record.unit.target[0] !== initial.target[0]) this.setString(patcher, record.pair!.value, record.unit.target[0] ?? '');
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
      appendChildren(patcher, this.text, this.source.doc.root, record.pair!.value, () =>
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

  /** The entry of the file an added unit goes into: the dictionary of its key, if there is one. */
  private joinedEntry(record: DictRecord): Entry | undefined {
    return record.initial === null ? this.dictEntries.get(record.outer) : undefined;
  }

  /** A unit goes alone; the entry goes with its last unit, unless added units join it. */
  protected patchRemoval(record: DictRecord, patcher: TextPatcher): void {
    const entry = record.entry!;
    const kept = this.records.some((r) => r.entry === entry || this.joinedEntry(r) === entry);
    if (kept) this.cut(patcher, record.pair!.keyEl, record.pair!.value);
    else if (this.removed.find((r) => r.entry === entry) === record) this.cut(patcher, entry.keyEl, entry.value);
  }

  /**
   * Units of a key that has a dictionary go into it; the others make new dictionary entries at the
   * end (a single text too: Apple reads stringsdict entries as dictionaries, and the format string
   * can take variables added later).
   */
  protected patchAdded(records: DictRecord[], patcher: TextPatcher): void {
    const { doc } = this.source;
    const joining = new Map<Entry, DictRecord[]>();
    const fresh = new Map<string, DictRecord[]>();
    for (const record of records) {
      const entry = this.joinedEntry(record);
      if (entry) joining.set(entry, [...(joining.get(entry) ?? []), record]);
      else fresh.set(record.outer, [...(fresh.get(record.outer) ?? []), record]);
    }
    for (const [entry, group] of joining) appendChildren(patcher, doc.text, doc.root, entry.value, (layout) => this.renderMembers(group, layout, false));
    if (fresh.size === 0) return;
    const top = firstChild(doc.root, 'dict');
    if (!top) throw new Error('a stringsdict without a top-level <dict> cannot take new units');
    appendChildren(patcher, doc.text, doc.root, top, (layout) => [...fresh].flatMap(([outer, group]) => this.renderEntry(outer, group, layout)));
  }

  private renderEntry(outer: string, group: DictRecord[], layout: ChildLayout): string[] {
    const { indent, step, eol } = layout;
    const key = `<key>${escapeXmlText(outer)}</key>`;
    const members = this.renderMembers(group, { indent: indent + step, step, eol }, true);
    return [key, `<dict>${members.map((m) => eol + indent + step + m).join('')}${eol}${indent}</dict>`];
  }

  /** Format string and variables of one entry; a new entry without a format string gets one naming its variables. */
  private renderMembers(group: DictRecord[], layout: ChildLayout, newEntry: boolean): string[] {
    const formats = group.filter((r) => r.kind !== 'plural');
    const variables = group.filter((r) => r.kind === 'plural');
    const formatPair = (text: string): string[] => [`<key>${FORMAT_KEY}</key>`, `<string>${escapeXmlText(text)}</string>`];
    const out = formats.flatMap((r) => formatPair(r.unit.target[0] ?? ''));
    if (newEntry && formats.length === 0) out.push(...formatPair(variables.map((v) => `%#@${v.variableName}@`).join('')));
    for (const v of variables) out.push(`<key>${escapeXmlText(v.variableName)}</key>`, this.renderVariable(v, layout));
    return out;
  }

  /** A plural variable's dictionary; empty forms are left out (as the reference writes), except the "other" Apple requires. */
  private renderVariable(record: DictRecord, { indent, step, eol }: ChildLayout): string {
    const i1 = eol + indent + step;
    const forms = this.categories
      .map((category, i) => ({ category, text: record.unit.target[i] ?? '' }))
      .filter(({ category, text }) => text !== '' || category === 'other')
      .sort((a, b) => byCldrRank(a.category, b.category));
    return (
      `<dict>${i1}<key>NSStringFormatSpecTypeKey</key>${i1}<string>NSStringPluralRuleType</string>` +
      `${i1}<key>NSStringFormatValueTypeKey</key>${i1}<string>${valueType(record.unit.target)}</string>` +
      forms.map(({ category, text }) => `${i1}<key>${category}</key>${i1}<string>${escapeXmlText(text)}</string>`).join('') +
      `${eol}${indent}</dict>`
    );
  }
}
