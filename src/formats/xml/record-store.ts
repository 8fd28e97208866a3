// Base class of XML-backed stores: units as records over the original text, written back by splicing.

import type { FormatUnit, NewUnit, ParsedStore, UnitChange } from '../format.js';
import type { XmlDocument } from './dom.js';
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

  protected record(index: number): R {
    const record = Number.isInteger(index) ? this.records[index] : undefined;
    if (!record) throw new RangeError(`Unit index ${index} out of range (0..${this.records.length - 1})`);
    return record;
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
