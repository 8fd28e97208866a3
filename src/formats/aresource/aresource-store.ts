// Android strings.xml as units: <string>, <plurals> (forms by CLDR category) and <string-array> items, spliced on write.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import {
  appendChildren,
  escapeXmlAttribute,
  getAttribute,
  indentStep,
  makeUnit,
  openingTag,
  removalRange,
  sizedTarget,
  XmlRecordStore,
  type TextPatcher,
  type XmlElement,
  type XmlNode,
  type XmlRecord,
  type XmlSource,
} from '../xml/scanner.js';
import { readAndroidText, writeAndroidText, writeStyleOf } from './android-text.js';

export const DEFAULT_CATEGORIES: readonly string[] = ['one', 'other'];

export interface AndroidRecord extends XmlRecord {
  kind: 'string' | 'plurals' | 'item';
  /** The <string>, <plurals> or array <item> element; null for added units. */
  el: XmlElement | null;
  /** <plurals>: item elements by quantity. */
  items: Map<string, XmlElement>;
}

const REFERENCE = /^@(?:\+?[\w.]+:)?[\w.]+\/[\w.]+$/;
const ARRAY_KEY = /^(.*)\[(\d+)\]$/;

/** Comments right before an element (no blank line between) are its note; AOSP [CHAR LIMIT=N] becomes a flag. */
function precedingComments(siblings: readonly XmlNode[], index: number): string[] {
  const out: string[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const node = siblings[i]!;
    if (node.kind === 'text' && node.value.trim() === '' && !/\n[ \t]*\r?\n/.test(node.value)) continue;
    if (node.kind !== 'comment') break;
    out.unshift(
      node.value
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join('\n'),
    );
  }
  return out;
}

function commentFields(siblings: readonly XmlNode[], index: number): Pick<FormatUnit, 'note' | 'flags'> {
  const note = precedingComments(siblings, index).join('\n');
  const limit = /\[CHAR[ _-]?LIMIT\s*=\s*(\d+)\]/i.exec(note);
  return { note, flags: limit ? `max-length:${limit[1]}` : '' };
}

function isTranslatable(el: XmlElement): boolean {
  return getAttribute(el, 'translatable') !== 'false';
}

export class AresourceStore extends XmlRecordStore<AndroidRecord> {
  constructor(
    source: XmlSource,
    private readonly categories: readonly string[],
  ) {
    super(source, []);
    this.records.push(...this.read());
  }

  get header(): Readonly<Record<string, string>> {
    return {};
  }

  /** strings.xml has no header; the call is ignored. */
  setHeader(): void {}

  private read(): AndroidRecord[] {
    const { doc } = this.source;
    const text = doc.text;
    const records: AndroidRecord[] = [];
    const children = doc.root.children;
    for (let n = 0; n < children.length; n++) {
      const el = children[n]!;
      if (el.kind !== 'element' || !isTranslatable(el)) continue;
      const name = getAttribute(el, 'name');
      if (name === undefined) continue;
      const comments = commentFields(children, n);
      if (el.name === 'string') {
        const value = readAndroidText(text, el);
        const flags = REFERENCE.test(value) ? [comments.flags, 'read-only'].filter(Boolean).join(', ') : comments.flags;
        records.push(this.parsed('string', el, new Map(), makeUnit({ key: name, context: name, source: [name], target: [value], ...comments, flags })));
      } else if (el.name === 'plurals') {
        const items = new Map<string, XmlElement>();
        for (const item of el.children) {
          const quantity = item.kind === 'element' && item.name === 'item' ? getAttribute(item, 'quantity') : undefined;
          if (quantity !== undefined && item.kind === 'element' && !items.has(quantity)) items.set(quantity, item);
        }
        const target = this.categories.map((c) => (items.has(c) ? readAndroidText(text, items.get(c)!) : ''));
        records.push(this.parsed('plurals', el, items, makeUnit({ key: name, context: name, source: [name], target, ...comments })));
      } else if (el.name === 'string-array') {
        let index = 0;
        for (let m = 0; m < el.children.length; m++) {
          const item = el.children[m]!;
          if (item.kind !== 'element' || item.name !== 'item') continue;
          const key = `${name}[${index++}]`;
          const value = readAndroidText(text, item);
          const itemComments = commentFields(el.children, m);
          const note = [comments.note, itemComments.note].filter(Boolean).join('\n');
          const flags = [comments.flags, REFERENCE.test(value) ? 'read-only' : ''].filter(Boolean).join(', ');
          records.push(this.parsed('item', item, new Map(), makeUnit({ key, context: key, source: [key], target: [value], note, flags })));
        }
      }
    }
    return records;
  }

  private parsed(kind: AndroidRecord['kind'], el: XmlElement, items: Map<string, XmlElement>, unit: FormatUnit): AndroidRecord {
    return { kind, el, items, unit, initial: { ...unit, target: [...unit.target] } };
  }

  protected changedUnit(record: AndroidRecord, change: UnitChange): FormatUnit {
    if (change.target === undefined) return record.unit; // strings.xml has no fuzzy or approved state
    if (record.kind !== 'plurals' && change.target.length > 1) {
      throw new RangeError(`Unit "${record.unit.key}" is not plural but ${change.target.length} target forms were given`);
    }
    const target = record.kind === 'plurals' ? sizedTarget(change.target, this.categories.length) : [change.target[0] ?? ''];
    return { ...record.unit, target };
  }

  protected newRecord(unit: NewUnit): AndroidRecord {
    const key = unit.key || unit.context || unit.source[0] || '';
    if (key === '') throw new RangeError('A unit needs a key');
    const plural = (unit.target?.length ?? 0) > 1 || unit.source.length > 1;
    const kind = ARRAY_KEY.test(key) && !plural ? 'item' : plural ? 'plurals' : 'string';
    const target = plural ? sizedTarget(unit.target, this.categories.length) : [unit.target?.[0] ?? ''];
    return { kind, el: null, items: new Map(), initial: null, unit: makeUnit({ key, context: key, source: [key], target, note: unit.note ?? '' }) };
  }

  /** Writes a value into an element's content (a self-closing element gets an end tag). */
  private patchContent(patcher: TextPatcher, el: XmlElement, value: string): void {
    const text = this.source.doc.text;
    if (el.selfClosing) {
      patcher.set(el.start, el.end, `${openingTag(text.slice(el.start, el.end))}${writeAndroidText(value)}</${el.name}>`);
    } else {
      patcher.set(el.contentStart, el.contentEnd, writeAndroidText(value, writeStyleOf(text, el)));
    }
  }

  protected patchRecord(record: AndroidRecord, patcher: TextPatcher): void {
    const initial = record.initial!;
    const el = record.el!;
    if (record.kind !== 'plurals') {
      if (record.unit.target[0] !== initial.target[0]) this.patchContent(patcher, el, record.unit.target[0] ?? '');
      return;
    }
    const text = this.source.doc.text;
    const missing: string[] = [];
    this.categories.forEach((category, i) => {
      const value = record.unit.target[i] ?? '';
      if (value === (initial.target[i] ?? '')) return;
      const item = record.items.get(category);
      if (item) this.patchContent(patcher, item, value);
      else if (value !== '') missing.push(`<item quantity="${escapeXmlAttribute(category)}">${writeAndroidText(value)}</item>`);
    });
    if (missing.length === 0) return;
    // New forms go after the last existing item, in the children's indentation.
    const items = [...record.items.values()].sort((a, b) => a.start - b.start);
    appendChildren(patcher, text, this.source.doc.root, el, () => missing, items[items.length - 1]);
  }

  protected patchRemoval(record: AndroidRecord, patcher: TextPatcher): void {
    const [from, to] = removalRange(this.source.doc.text, record.el!);
    patcher.set(from, to, '');
  }

  private renderNew(record: AndroidRecord, indent: string, step: string, eol: string): string[] {
    const { key, target, note } = record.unit;
    const lines: string[] = [];
    if (note !== '') lines.push(`<!-- ${note.replace(/--/g, '- -').replace(/\n/g, `${eol}${indent}     `)} -->`);
    const name = escapeXmlAttribute(key);
    if (record.kind === 'plurals') {
      const items = this.categories.map((c, i) => `${eol}${indent}${step}<item quantity="${c}">${writeAndroidText(target[i] ?? '')}</item>`).join('');
      lines.push(`<plurals name="${name}">${items}${eol}${indent}</plurals>`);
    } else {
      lines.push(`<string name="${name}">${writeAndroidText(target[0] ?? '')}</string>`);
    }
    return lines;
  }

  protected patchAdded(records: AndroidRecord[], patcher: TextPatcher): void {
    const { doc } = this.source;
    const text = doc.text;
    const root = doc.root;
    const step = indentStep(text, root, '    ');
    const arrays = new Map<string, XmlElement>();
    for (const el of root.children) if (el.kind === 'element' && el.name === 'string-array') arrays.set(getAttribute(el, 'name') ?? '', el);
    const newArrays = new Map<string, string[]>();
    const topLevel: AndroidRecord[] = [];
    for (const record of records) {
      const match = record.kind === 'item' ? ARRAY_KEY.exec(record.unit.key) : null;
      if (!match) {
        topLevel.push(record);
        continue;
      }
      const value = `<item>${writeAndroidText(record.unit.target[0] ?? '')}</item>`;
      const array = arrays.get(match[1]!);
      if (array) {
        const items = array.children.filter((c): c is XmlElement => c.kind === 'element' && c.name === 'item');
        appendChildren(patcher, text, root, array, () => [value], items[items.length - 1]);
      } else {
        newArrays.set(match[1]!, [...(newArrays.get(match[1]!) ?? []), value]);
      }
    }
    appendChildren(patcher, text, root, root, ({ indent, eol }) => [
      ...topLevel.flatMap((record) => this.renderNew(record, indent, step, eol)),
      ...[...newArrays].map(
        ([name, items]) => `<string-array name="${escapeXmlAttribute(name)}">${items.map((item) => `${eol}${indent}${step}${item}`).join('')}${eol}${indent}</string-array>`,
      ),
    ]);
  }
}
