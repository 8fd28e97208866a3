// Base classes of XML-backed stores: units as records over the original text, written back by splicing.

import { type FormatUnit, type NewUnit, type ParsedStore, type UnitChange, unitAt } from '../format.js';
import type { XmlDocument, XmlElement } from './dom.js';
import { openingTag, removalRange, rewriteStartTag } from './edit.js';
import type { XmlEncoding } from './encoding.js';
import { encodeXml } from './encoding.js';
import { TextPatcher } from './patcher.js';

/** One unit of an XML store: what it looks like now, and what it looked like when parsed. */
export interface XmlRecord {
  unit: FormatUnit;
  /** The unit as parsed; null for units added after parsing. */
  readonly initial: FormatUnit | null;
}

export interface XmlSource {
  doc: XmlDocument;
  encoding: XmlEncoding;
  bom: boolean;
  /** The bytes parsed; serialize() returns them while nothing changed. Null for created files. */
  original: Uint8Array | null;
}

/**
 * Keeps the parsed document and splices every edit into its text at serialize time: records
 * parsed from the file patch their own ranges, removed ones cut their element out, added ones
 * are rendered and inserted. Subclasses supply the format's reading and rendering.
 */
export abstract class XmlRecordStore<R extends XmlRecord> implements ParsedStore {
  protected readonly records: R[];
  protected readonly removed: R[] = [];
  protected modified = false;
  private view: FormatUnit[] | null = null;

  protected constructor(
    protected readonly source: XmlSource,
    records: R[],
  ) {
    this.records = records;
  }

  get units(): readonly FormatUnit[] {
    this.view ??= this.records.map((r) => r.unit);
    return this.view;
  }

  abstract get header(): Readonly<Record<string, string>>;
  abstract setHeader(name: string, value: string): void;

  /** The unit after `change` (targets sized and states made consistent by the format). */
  protected abstract changedUnit(record: R, change: UnitChange): FormatUnit;
  /** A record for a unit added by addUnit (rendered at serialize time). */
  protected abstract newRecord(unit: NewUnit): R;
  /** Adds the patches of a parsed record whose unit differs from its initial state. */
  protected abstract patchRecord(record: R, patcher: TextPatcher): void;
  /** Adds the patch removing a parsed record. */
  protected abstract patchRemoval(record: R, patcher: TextPatcher): void;
  /** Inserts the records added since parsing (in order). */
  protected abstract patchAdded(records: R[], patcher: TextPatcher): void;
  /** Header edits, if the format has any. */
  protected patchHeader(_patcher: TextPatcher): void {}

  /** The text parsed, which every patch offset refers to. */
  protected get text(): string {
    return this.source.doc.text;
  }

  /** Cuts `first` through its later sibling `last` out of the text, with the line(s) they stand on. */
  protected cut(patcher: TextPatcher, first: XmlElement, last: XmlElement = first): void {
    patcher.set(removalRange(this.text, first)[0], removalRange(this.text, last)[1], '');
  }

  /** Replaces the content of `el`; a self-closing element gets an opening and an end tag. */
  protected setContent(patcher: TextPatcher, el: XmlElement, content: string): void {
    if (!el.selfClosing) patcher.set(el.contentStart, el.contentEnd, content);
    else patcher.set(el.start, el.end, `${openingTag(this.text.slice(el.start, el.startTagEnd))}${content}</${el.name}>`);
  }

  /** `candidate`, or when it is empty or taken by a unit `${prefix}${n}` for the first free n past the unit count. */
  protected uniqueKey(candidate: string, prefix = ''): string {
    const taken = new Set(this.records.map((r) => r.unit.key));
    let key = candidate;
    for (let n = this.records.length + 1; key === '' || taken.has(key); n++) key = `${prefix}${n}`;
    return key;
  }

  protected record(index: number): R {
    return unitAt(this.records, index);
  }

  protected touch(): void {
    this.modified = true;
    this.view = null;
  }

  updateUnit(index: number, change: UnitChange): void {
    const record = this.record(index);
    record.unit = this.changedUnit(record, change);
    this.touch();
  }

  addUnit(unit: NewUnit): void {
    this.records.push(this.newRecord(unit));
    this.touch();
  }

  removeUnit(index: number): void {
    const record = this.record(index);
    this.records.splice(index, 1);
    if (record.initial !== null) this.removed.push(record);
    this.touch();
  }

  serialize(): Buffer {
    if (!this.modified && this.source.original !== null) return Buffer.from(this.source.original);
    const patcher = new TextPatcher(this.source.doc.text);
    const added: R[] = [];
    for (const record of this.records) {
      if (record.initial === null) added.push(record);
      else this.patchRecord(record, patcher);
    }
    for (const record of this.removed) this.patchRemoval(record, patcher);
    if (added.length > 0) this.patchAdded(added, patcher);
    this.patchHeader(patcher);
    return encodeXml(patcher.apply(), this.source.encoding, this.source.bom);
  }
}

/**
 * An XmlRecordStore whose header fields are the attributes of one element (the root unless
 * headerElement() says otherwise); setHeader rewrites that element's start tag on serialize.
 */
export abstract class XmlAttributeHeaderStore<R extends XmlRecord> extends XmlRecordStore<R> {
  private readonly headerChanges = new Map<string, string>();
  /** The attribute that setHeader("Language") (in any case) sets, if the format has one. */
  protected readonly languageAttribute: string | null = null;

  constructor(source: XmlSource, records: R[]) {
    super(source, records);
  }

  /** The element whose attributes are the header; undefined when the file has none. */
  protected headerElement(): XmlElement | undefined {
    return this.source.doc.root;
  }

  /** Header fields as read from the file: the header element's attributes. */
  protected headerFields(): Record<string, string> {
    const out: Record<string, string> = {};
    const el = this.headerElement();
    if (el) for (const attr of el.attributes) out[attr.name] = attr.value;
    return out;
  }

  /** The attribute setHeader(name) sets: the name itself, or languageAttribute; null for fields that cannot be set. */
  protected headerAttribute(name: string): string | null {
    return this.languageAttribute !== null && name.toLowerCase() === 'language' ? this.languageAttribute : name;
  }

  get header(): Readonly<Record<string, string>> {
    const out = this.headerFields();
    for (const [name, value] of this.headerChanges) out[name] = value;
    return out;
  }

  setHeader(name: string, value: string): void {
    const attr = this.headerAttribute(name);
    if (attr === null || this.header[attr] === value) return;
    this.headerChanges.set(attr, value);
    this.touch();
  }

  protected override patchHeader(patcher: TextPatcher): void {
    const el = this.headerElement();
    if (!el || this.headerChanges.size === 0) return;
    patcher.set(el.start, el.startTagEnd, rewriteStartTag(this.text, el, Object.fromEntries(this.headerChanges)));
  }
}

/** A FormatUnit with every field at its empty value, overridden by `fields`. */
export function makeUnit(fields: Partial<FormatUnit>): FormatUnit {
  return {
    key: '',
    context: '',
    source: [''],
    target: [''],
    fuzzy: false,
    approved: false,
    note: '',
    comment: '',
    location: '',
    flags: '',
    previousSource: '',
    obsolete: false,
    ...fields,
  };
}

/** Target forms resized to `count`, missing ones ''. */
export function sizedTarget(target: readonly string[] | undefined, count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => target?.[i] ?? '');
}

/** Whether two target lists hold the same forms. */
export function sameTargets(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Fuzzy and approved after `change`, for formats with both markers: approving clears fuzzy, an
 * untranslated unit is never fuzzy and a fuzzy one never approved.
 */
export function changedReview(unit: Pick<FormatUnit, 'fuzzy' | 'approved'>, change: UnitChange, target: readonly string[]): { fuzzy: boolean; approved: boolean } {
  const fuzzy = (change.fuzzy ?? (change.approved ? false : unit.fuzzy)) && target[0] !== '';
  return { fuzzy, approved: !fuzzy && (change.approved ?? unit.approved) };
}

/** Fuzzy and approved of a new unit, by the rules of changedReview(). */
export function newReview(unit: NewUnit, target: readonly string[]): { fuzzy: boolean; approved: boolean } {
  return changedReview({ fuzzy: false, approved: false }, unit, target);
}

/** The key of a new monolingual unit (its key, context or source text); throws when all are empty. */
export function requiredKey(unit: NewUnit): string {
  const key = unit.key || unit.context || unit.source[0] || '';
  if (key === '') throw new RangeError('A unit needs a key');
  return key;
}

/** The single target form of a change to a unit that is not plural; throws on several. */
export function singleTarget(unit: FormatUnit, target: readonly string[]): string[] {
  if (target.length > 1) throw new RangeError(`Unit "${unit.key}" is not plural but ${target.length} target forms were given`);
  return [target[0] ?? ''];
}
