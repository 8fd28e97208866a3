// Editable XLIFF 2 file: units map to segments and edits are spliced into the original text.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import {
  appendChildren,
  cdataSection,
  childElements,
  detectEol,
  escapeXmlAttribute,
  escapeXmlText,
  getAttribute,
  indentationAt,
  indentStep,
  makeUnit,
  openingTag,
  removalRange,
  rewriteStartTag,
  writeInline,
  XmlRecordStore,
  type ChildLayout,
  type TextPatcher,
  type XmlElement,
  type XmlRecord,
  type XmlSource,
} from '../xml/scanner.js';
import { XLIFF2_INLINE, type Xliff2Segment } from './xliff2-read.js';

export interface Xliff2Record extends XmlRecord {
  /** Null for added units. */
  seg: Xliff2Segment | null;
  /** True when the segment is the only one of its unit (removal then drops the whole unit). */
  whole: boolean;
}

function renderValue(value: string, el: XmlElement | undefined): string {
  if (value === '') return '';
  const only = el && el.children.length === 1 ? el.children[0]! : null;
  return only?.kind === 'cdata' ? cdataSection(value) : writeInline(value, XLIFF2_INLINE);
}

/** The state attribute that reads back as the unit's status, given the current one. */
function stateFor(unit: FormatUnit, state: string | undefined): string | undefined {
  if (unit.fuzzy) return 'initial';
  if (unit.approved) return 'final';
  if (state === 'final') return 'translated';
  if (state === 'initial' && unit.target[0] !== '') return 'translated';
  return state;
}

export class Xliff2Store extends XmlRecordStore<Xliff2Record> {
  private readonly headerChanges = new Map<string, string>();

  constructor(source: XmlSource, records: Xliff2Record[]) {
    super(source, records);
  }

  private get text(): string {
    return this.source.doc.text;
  }

  /** Attributes of the <xliff> root: version, srcLang, trgLang... */
  get header(): Readonly<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const attr of this.source.doc.root.attributes) if (!attr.name.startsWith('xmlns')) out[attr.name] = attr.value;
    for (const [name, value] of this.headerChanges) out[name] = value;
    return out;
  }

  /** Sets an attribute of the root; "Language" is an alias of trgLang. */
  setHeader(name: string, value: string): void {
    const attr = name.toLowerCase() === 'language' ? 'trgLang' : name;
    if (this.header[attr] === value) return;
    this.headerChanges.set(attr, value);
    this.touch();
  }

  protected override patchHeader(patcher: TextPatcher): void {
    const root = this.source.doc.root;
    if (this.headerChanges.size > 0) patcher.set(root.start, root.startTagEnd, rewriteStartTag(this.text, root, Object.fromEntries(this.headerChanges)));
  }

  protected changedUnit(record: Xliff2Record, change: UnitChange): FormatUnit {
    const unit = record.unit;
    if (change.target !== undefined && change.target.length > 1) throw new RangeError(`XLIFF 2 units have one form, ${change.target.length} were given`);
    const target = change.target !== undefined ? [change.target[0] ?? ''] : unit.target;
    let fuzzy = change.fuzzy ?? (change.approved ? false : unit.fuzzy);
    fuzzy &&= target[0] !== '';
    return { ...unit, target, fuzzy, approved: !fuzzy && (change.approved ?? unit.approved) };
  }

  protected newRecord(unit: NewUnit): Xliff2Record {
    const taken = new Set(this.records.map((r) => r.unit.key));
    let key = unit.key || unit.context || '';
    for (let n = this.records.length + 1; key === '' || taken.has(key); n++) key = `u${n}`;
    const target = [unit.target?.[0] ?? ''];
    const fuzzy = (unit.fuzzy ?? false) && target[0] !== '';
    const full = makeUnit({ ...unit, key, context: unit.context || key, source: [unit.source[0] ?? ''], target, fuzzy, approved: !fuzzy && (unit.approved ?? false), obsolete: false });
    return { unit: full, initial: null, seg: null, whole: true };
  }

  protected patchRecord(record: Xliff2Record, patcher: TextPatcher): void {
    const { unit, initial, seg } = record;
    if (!initial || !seg) return;
    const value = unit.target[0]!;
    const changedValue = value !== initial.target[0];
    if (!changedValue && unit.fuzzy === initial.fuzzy && unit.approved === initial.approved) return;
    const text = this.text;
    const state = getAttribute(seg.segment, 'state');
    const newState = stateFor(unit, state);
    if (newState !== state) patcher.set(seg.segment.start, seg.segment.startTagEnd, rewriteStartTag(text, seg.segment, { state: newState ?? null }));
    if (!changedValue) return;
    const target = seg.target;
    if (target && !target.selfClosing) patcher.set(target.contentStart, target.contentEnd, renderValue(value, target));
    else if (target) patcher.set(target.start, target.end, openingTag(text.slice(target.start, target.startTagEnd)) + renderValue(value, undefined) + `</${target.name}>`);
    else {
      const anchor = seg.source ?? seg.segment;
      const indent = indentationAt(text, anchor.start);
      const step = seg.source ? '' : indentStep(text, this.source.doc.root);
      const lead = indent === null ? '' : detectEol(text) + indent + step;
      const name = seg.source ? seg.source.name.replace(/source$/, 'target') : 'target';
      patcher.insert(seg.source ? seg.source.end : seg.segment.startTagEnd, `${lead}<${name}>${renderValue(value, undefined)}</${name}>`);
    }
  }

  protected patchRemoval(record: Xliff2Record, patcher: TextPatcher): void {
    if (!record.seg) return;
    const [from, to] = removalRange(this.text, record.whole ? record.seg.unitEl : record.seg.segment);
    patcher.set(from, to, '');
  }

  protected patchAdded(records: Xliff2Record[], patcher: TextPatcher): void {
    const files = childElements(this.source.doc.root, 'file');
    const file = files[files.length - 1];
    if (!file) throw new Error('XLIFF 2 document has no <file> to add units to');
    appendChildren(patcher, this.text, this.source.doc.root, file, (layout) => records.map((r) => renderUnit(r.unit, layout)));
  }
}

/** A <unit> element for a new unit, in the file's indentation. */
function renderUnit(unit: FormatUnit, { indent, step, eol }: ChildLayout): string {
  const i1 = eol + indent + step;
  const i2 = i1 + step;
  const attrs = [`id="${escapeXmlAttribute(unit.key)}"`];
  if (unit.context !== '' && unit.context !== unit.key) attrs.push(`name="${escapeXmlAttribute(unit.context)}"`);
  if (unit.flags.split(',').some((f) => f.trim() === 'read-only')) attrs.push('translate="no"');
  const notes = [
    ...(unit.note ? [`<note>${escapeXmlText(unit.note)}</note>`] : []),
    ...(unit.comment ? [`<note category="translator">${escapeXmlText(unit.comment)}</note>`] : []),
    ...unit.location.split(/,\s*/).filter((l) => l !== '').map((l) => `<note category="location">${escapeXmlText(l)}</note>`),
  ];
  let out = `<unit ${attrs.join(' ')}>`;
  if (notes.length > 0) out += `${i1}<notes>${notes.map((n) => i2 + n).join('')}${i1}</notes>`;
  const value = unit.target[0] ?? '';
  const state = unit.fuzzy ? 'initial' : unit.approved ? 'final' : value !== '' ? 'translated' : '';
  out += `${i1}<segment${state ? ` state="${state}"` : ''}>`;
  out += `${i2}<source>${writeInline(unit.source[0] ?? '', XLIFF2_INLINE)}</source>`;
  if (value !== '') out += `${i2}<target>${writeInline(value, XLIFF2_INLINE)}</target>`;
  return `${out}${i1}</segment>${eol}${indent}</unit>`;
}
