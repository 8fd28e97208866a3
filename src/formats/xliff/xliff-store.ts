// Editable XLIFF 1.2 file: units map to trans-units (or plural groups) and edits are spliced into the text.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import { changedReview, makeUnit, newReview, sameTargets, sizedTarget, XmlAttributeHeaderStore, type XmlRecord } from '../xml/record-store.js';
import { appendChildren, childElements, detectEol, escapeXmlAttribute, escapeXmlText, getAttribute, indentationAt, indentStep, openingTag, rewriteStartTag, writeContent, writeInline } from '../xml/scanner.js';
import type { TextPatcher, XmlElement } from '../xml/scanner.js';
import { APPROVED_STATES, NEEDS_WORK_STATES, PLURAL_RESTYPE, XLIFF12_INLINE, type XliffPart } from './xliff-read.js';

export interface XliffRecord extends XmlRecord {
  /** The trans-unit, or the plural group; null for added units. */
  container: XmlElement | null;
  parts: XliffPart[];
}

/** The tag name for a sibling of `el` (keeps a namespace prefix such as "xliff:"). */
function sibling(el: XmlElement | undefined, name: string): string {
  const colon = el ? el.name.indexOf(':') : -1;
  return colon < 0 ? name : el!.name.slice(0, colon + 1) + name;
}

export class XliffStore extends XmlAttributeHeaderStore<XliffRecord> {
  protected override readonly languageAttribute = 'target-language';

  private files(): XmlElement[] {
    return childElements(this.source.doc.root, 'file');
  }

  /** The header is the attributes of the first <file> (source-language, target-language, original, datatype...). */
  protected override headerElement(): XmlElement | undefined {
    return this.files()[0];
  }

  protected changedUnit(record: XliffRecord, change: UnitChange): FormatUnit {
    const unit = record.unit;
    let target = unit.target;
    if (change.target !== undefined) {
      if (unit.source.length === 1 && change.target.length > 1) {
        throw new RangeError(`Unit ${unit.key} is not plural but ${change.target.length} target forms were given`);
      }
      target = sizedTarget(change.target, Math.max(change.target.length, unit.source.length === 1 ? 1 : record.parts.length));
    }
    return { ...unit, target, ...changedReview(unit, change, target) };
  }

  protected newRecord(unit: NewUnit): XliffRecord {
    const key = this.uniqueKey(unit.key || unit.context || '');
    const target = sizedTarget(unit.target, Math.max(unit.source.length, unit.target?.length ?? 0));
    const full = makeUnit({ ...unit, key, context: unit.context || key, target, ...newReview(unit, target), obsolete: false });
    return { unit: full, initial: null, container: null, parts: [] };
  }

  /** The target state and trans-unit approved attribute that read back as the unit's status. */
  private statusAttributes(part: XliffPart, unit: FormatUnit, value: string): { state?: string | null; approved?: string | null } {
    const state = part.target ? getAttribute(part.target, 'state') : undefined;
    const approvedAttr = getAttribute(part.el, 'approved');
    let newState: string | undefined = state;
    if (unit.fuzzy) newState = state !== undefined && NEEDS_WORK_STATES.has(state) ? state : 'needs-review-translation';
    else if (value !== '' && state !== undefined && NEEDS_WORK_STATES.has(state)) newState = 'translated';
    else if (!unit.approved && state !== undefined && APPROVED_STATES.has(state)) newState = 'translated';
    let newApproved: string | undefined = approvedAttr;
    if (unit.approved && approvedAttr !== 'yes' && !(newState !== undefined && APPROVED_STATES.has(newState))) newApproved = 'yes';
    else if (!unit.approved && approvedAttr === 'yes') newApproved = 'no';
    const out: { state?: string | null; approved?: string | null } = {};
    if (newState !== state) out.state = newState ?? null;
    if (newApproved !== approvedAttr) out.approved = newApproved ?? null;
    return out;
  }

  protected patchRecord(record: XliffRecord, patcher: TextPatcher): void {
    const { unit, initial } = record;
    if (!initial || (sameTargets(unit.target, initial.target) && unit.fuzzy === initial.fuzzy && unit.approved === initial.approved)) return;
    const text = this.text;
    const eol = detectEol(text);
    record.parts.forEach((part, i) => {
      const value = unit.target[i] ?? '';
      const changedValue = value !== (initial.target[i] ?? '');
      const status = this.statusAttributes(part, unit, value);
      if (status.approved !== undefined) {
        patcher.set(part.el.start, part.el.startTagEnd, rewriteStartTag(text, part.el, { approved: status.approved }));
      }
      const stateChange: Record<string, string | null> = status.state !== undefined ? { state: status.state } : {};
      const target = part.target;
      if (target && !target.selfClosing) {
        if (status.state !== undefined) patcher.set(target.start, target.startTagEnd, rewriteStartTag(text, target, stateChange));
        if (changedValue) patcher.set(target.contentStart, target.contentEnd, writeContent(value, XLIFF12_INLINE, target));
      } else if (target) {
        if (status.state === undefined && !changedValue) return;
        const name = target.name;
        patcher.set(target.start, target.end, openingTag(rewriteStartTag(text, target, stateChange)) + writeContent(value, XLIFF12_INLINE) + `</${name}>`);
      } else if (changedValue || status.state) {
        const anchor = part.source ?? part.el;
        const at = part.source ? part.source.end : part.el.startTagEnd;
        const indent = indentationAt(text, anchor.start);
        const lead = indent === null ? '' : eol + (part.source ? indent : indent + indentStep(text, this.source.doc.root));
        const state = status.state ? ` state="${escapeXmlAttribute(status.state)}"` : '';
        const name = sibling(part.source, 'target');
        patcher.insert(at, `${lead}<${name}${state}>${writeContent(value, XLIFF12_INLINE)}</${name}>`);
      }
    });
    // Forms beyond the trans-units the plural group has: new trans-units after the last one.
    if (record.parts.length > 0 && unit.target.length > record.parts.length && record.container !== record.parts[0]!.el) {
      const last = record.parts[record.parts.length - 1]!;
      const indent = indentationAt(text, last.el.start) ?? '';
      const step = indentStep(text, this.source.doc.root);
      const source = unit.source[unit.source.length - 1] ?? '';
      const extra = unit.target.slice(record.parts.length).map((value, k) => {
        const id = `${unit.key}[${record.parts.length + k}]`;
        return this.renderTransUnit({ ...unit, key: id, source: [source], target: [value], note: '', comment: '', location: '', flags: '' }, indent, step, eol);
      });
      patcher.insert(last.el.end, extra.map((t) => eol + indent + t).join(''));
    }
  }

  protected patchRemoval(record: XliffRecord, patcher: TextPatcher): void {
    if (record.container) this.cut(patcher, record.container);
  }

  protected patchAdded(records: XliffRecord[], patcher: TextPatcher): void {
    const files = this.files();
    const file = files[files.length - 1];
    const body = file ? childElements(file, 'body')[0] : undefined;
    if (!body) throw new Error('XLIFF file has no <body> to add units to');
    appendChildren(patcher, this.text, this.source.doc.root, body, ({ indent, step, eol }) =>
      records.map((r) => this.renderUnit(r.unit, indent, step, eol)),
    );
  }

  private renderUnit(unit: FormatUnit, indent: string, step: string, eol: string): string {
    if (unit.source.length === 1) return this.renderTransUnit(unit, indent, step, eol);
    const inner = indent + step;
    const parts = unit.target.map((value, i) => {
      const source = unit.source[Math.min(i, unit.source.length - 1)]!;
      const extras = i === 0 ? unit : { ...unit, note: '', comment: '', location: '', flags: '' };
      return eol + inner + this.renderTransUnit({ ...extras, key: `${unit.key}[${i}]`, source: [source], target: [value] }, inner, step, eol);
    });
    return `<group id="${escapeXmlAttribute(unit.key)}" restype="${PLURAL_RESTYPE}">${parts.join('')}${eol}${indent}</group>`;
  }

  /** A trans-unit in the file's indentation (`indent` is its own, `step` one level). */
  private renderTransUnit(unit: FormatUnit, indent: string, step: string, eol: string): string {
    const attrs = [`id="${escapeXmlAttribute(unit.key)}"`];
    if (unit.context !== '' && unit.context !== unit.key && !/\[\d+\]$/.test(unit.key)) attrs.push(`resname="${escapeXmlAttribute(unit.context)}"`);
    const flags = unit.flags.split(',').map((f) => f.trim());
    const max = flags.map((f) => /^max-length:(\d+)$/.exec(f)).find((m) => m);
    if (max) attrs.push(`maxwidth="${max[1]}"`, 'size-unit="char"');
    if (flags.includes('read-only')) attrs.push('translate="no"');
    if (unit.approved) attrs.push('approved="yes"');
    attrs.push('xml:space="preserve"');
    const inner = eol + indent + step;
    let body = `${inner}<source>${writeInline(unit.source[0] ?? '', XLIFF12_INLINE)}</source>`;
    const value = unit.target[0] ?? '';
    if (value !== '' || unit.fuzzy) {
      const state = unit.fuzzy ? ' state="needs-review-translation"' : '';
      body += `${inner}<target${state}>${writeInline(value, XLIFF12_INLINE)}</target>`;
    }
    if (unit.note !== '') body += `${inner}<note>${escapeXmlText(unit.note)}</note>`;
    if (unit.comment !== '') body += `${inner}<note from="translator">${escapeXmlText(unit.comment)}</note>`;
    for (const location of unit.location.split(/,\s*/).filter((l) => l !== '')) {
      const m = /^(.*):(\d+)$/.exec(location);
      const deeper = inner + step;
      let ctx = `${deeper}<context context-type="sourcefile">${escapeXmlText(m ? m[1]! : location)}</context>`;
      if (m) ctx += `${deeper}<context context-type="linenumber">${m[2]}</context>`;
      body += `${inner}<context-group purpose="location">${ctx}${inner}</context-group>`;
    }
    return `<trans-unit ${attrs.join(' ')}>${body}${eol}${indent}</trans-unit>`;
  }
}

