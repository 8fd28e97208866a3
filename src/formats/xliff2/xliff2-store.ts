// Editable XLIFF 2 file: units map to segments and edits are spliced into the original text.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import { changedReview, makeUnit, newReview, XmlAttributeHeaderStore, type XmlRecord } from '../xml/record-store.js';
import { appendChildren, childElements, detectEol, escapeXmlAttribute, escapeXmlText, getAttribute, indentationAt, indentStep, rewriteStartTag, writeContent, writeInline } from '../xml/scanner.js';
import type { ChildLayout, TextPatcher } from '../xml/scanner.js';
import { XLIFF2_INLINE, type Xliff2Segment } from './xliff2-read.js';

export interface Xliff2Record extends XmlRecord {
  /** Null for added units. */
  seg: Xliff2Segment | null;
  /** True when the segment is the only one of its unit (removal then drops the whole unit). */
  whole: boolean;
}

/** The state attribute that reads back as the unit's status, given the current one. */
function stateFor(unit: FormatUnit, state: string | undefined): string | undefined {
  if (unit.fuzzy) return 'initial';
  if (unit.approved) return 'final';
  if (state === 'final') return 'translated';
  if (state === 'initial' && unit.target[0] !== '') return 'translated';
  return state;
}

export class Xliff2Store extends XmlAttributeHeaderStore<Xliff2Record> {
  protected override readonly languageAttribute = 'trgLang';

  /** Attributes of the <xliff> root but namespace declarations: version, srcLang, trgLang... */
  protected override headerFields(): Record<string, string> {
    const fields = super.headerFields();
    for (const name of Object.keys(fields)) if (name.startsWith('xmlns')) delete fields[name];
    return fields;
  }

  protected changedUnit(record: Xliff2Record, change: UnitChange): FormatUnit {
    const unit = record.unit;
    if (change.target !== undefined && change.target.length > 1) throw new RangeError(`XLIFF 2 units have one form, ${change.target.length} were given`);
    const target = change.target !== undefined ? [change.target[0] ?? ''] : unit.target;
    return { ...unit, target, ...changedReview(unit, change, target) };
  }

  protected newRecord(unit: NewUnit): Xliff2Record {
    const key = this.uniqueKey(unit.key || unit.context || '', 'u');
    const target = [unit.target?.[0] ?? ''];
    const full = makeUnit({ ...unit, key, context: unit.context || key, source: [unit.source[0] ?? ''], target, ...newReview(unit, target), obsolete: false });
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
    if (target) this.setContent(patcher, target, writeContent(value, XLIFF2_INLINE, target));
    else {
      const anchor = seg.source ?? seg.segment;
      const indent = indentationAt(text, anchor.start);
      const step = seg.source ? '' : indentStep(text, this.source.doc.root);
      const lead = indent === null ? '' : detectEol(text) + indent + step;
      const name = seg.source ? seg.source.name.replace(/source$/, 'target') : 'target';
      patcher.insert(seg.source ? seg.source.end : seg.segment.startTagEnd, `${lead}<${name}>${writeContent(value, XLIFF2_INLINE)}</${name}>`);
    }
  }

  protected patchRemoval(record: Xliff2Record, patcher: TextPatcher): void {
    if (record.seg) this.cut(patcher, record.whole ? record.seg.unitEl : record.seg.segment);
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
