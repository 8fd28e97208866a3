// Editable Qt Linguist file: units map to <message> elements and edits are spliced into the text.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import { makeUnit, sameTargets, sizedTarget, XmlAttributeHeaderStore, type XmlRecord, type XmlSource } from '../xml/record-store.js';
import { appendChildren, childElements, detectEol, escapeXmlAttribute, firstChild, getAttribute, indentationAt, indentStep, lastChildElement, openingTag, rewriteStartTag, textContent } from '../xml/scanner.js';
import type { ChildLayout, TextPatcher, XmlElement } from '../xml/scanner.js';
import { DISAMBIGUATION_SEPARATOR, isUnfinishedText, type TsMessage } from './ts-read.js';
import { escapeTsText } from './ts-text.js';

export interface TsRecord extends XmlRecord {
  /** Null for added units. */
  msg: TsMessage | null;
}

export class TsStore extends XmlAttributeHeaderStore<TsRecord> {
  /** The header is the attributes of <TS>: version, language, sourcelanguage. */
  protected override readonly languageAttribute = 'language';
  private numerusLayout: 'lines' | 'inline' | null = null;

  constructor(
    source: XmlSource,
    records: TsRecord[],
    /** Plural forms of the language (numerus messages show at least this many). */
    private readonly pluralCount: number,
  ) {
    super(source, records);
  }

  protected changedUnit(record: TsRecord, change: UnitChange): FormatUnit {
    const unit = record.unit;
    let target = unit.target;
    if (change.target !== undefined) {
      const numerus = unit.source.length > 1;
      if (!numerus && change.target.length > 1) throw new RangeError(`Message ${unit.context} is not numerus but ${change.target.length} forms were given`);
      target = numerus ? sizedTarget(change.target, Math.max(change.target.length, this.pluralCount)) : [change.target[0] ?? ''];
    }
    const fuzzy = (change.fuzzy ?? unit.fuzzy) && !isUnfinishedText(target);
    return { ...unit, target, fuzzy, approved: false };
  }

  protected newRecord(unit: NewUnit): TsRecord {
    const numerus = unit.source.length > 1;
    const target = numerus ? sizedTarget(unit.target, Math.max(unit.target?.length ?? 0, this.pluralCount)) : [unit.target?.[0] ?? ''];
    const context = unit.context || unit.key || '';
    const source = numerus ? [unit.source[0] ?? '', unit.source[0] ?? ''] : [unit.source[0] ?? ''];
    const full = makeUnit({ ...unit, key: unit.key || context, context, source, target, fuzzy: (unit.fuzzy ?? false) && !isUnfinishedText(target), approved: false, obsolete: false });
    return { unit: full, initial: null, msg: null };
  }

  /** Whether the file puts each <numerusform> on its own line (lupdate) or inline (Transifex). */
  private formsOnLines(): boolean {
    if (this.numerusLayout === null) {
      this.numerusLayout = 'lines';
      for (const r of this.records) {
        const form = r.msg?.forms[0];
        if (form) {
          this.numerusLayout = indentationAt(this.text, form.start) === null ? 'inline' : 'lines';
          break;
        }
      }
    }
    return this.numerusLayout === 'lines';
  }

  /** The content of a <translation> holding these numerus forms, in the file's layout. */
  private renderForms(forms: readonly string[], translationIndent: string): string {
    const items = forms.map((f) => `<numerusform>${escapeTsText(f)}</numerusform>`);
    if (!this.formsOnLines()) return items.join('');
    const eol = detectEol(this.text);
    const inner = eol + translationIndent + indentStep(this.text, this.source.doc.root, '    ');
    return items.map((i) => inner + i).join('') + eol + translationIndent;
  }

  private renderTranslationContent(unit: FormatUnit, translationIndent: string): string {
    return unit.source.length > 1 ? this.renderForms(unit.target, translationIndent) : escapeTsText(unit.target[0] ?? '');
  }

  protected patchRecord(record: TsRecord, patcher: TextPatcher): void {
    const { unit, initial, msg } = record;
    if (!initial || !msg) return;
    const changedValue = !sameTargets(unit.target, initial.target);
    if (!changedValue && unit.fuzzy === initial.fuzzy) return;
    const text = this.text;
    const translation = msg.translation;
    const type = translation ? getAttribute(translation, 'type') : undefined;
    const unfinished = unit.fuzzy || isUnfinishedText(unit.target);
    const newType = unfinished ? (type === 'unfinished' ? type : 'unfinished') : type === 'unfinished' ? undefined : type;
    const typeChange: Record<string, string | null> = newType !== type ? { type: newType ?? null } : {};

    if (!translation) {
      const after = lastChildElement(msg.el) ?? msg.el;
      const indent = indentationAt(text, after.start) ?? '';
      const attr = newType ? ` type="${escapeXmlAttribute(newType)}"` : '';
      patcher.insert(after.end, `${detectEol(text)}${indent}<translation${attr}>${this.renderTranslationContent(unit, indent)}</translation>`);
      return;
    }
    const indent = indentationAt(text, translation.start) ?? '';
    if (translation.selfClosing) {
      const start = rewriteStartTag(text, translation, typeChange);
      if (!changedValue) patcher.set(translation.start, translation.end, start);
      else patcher.set(translation.start, translation.end, `${openingTag(start)}${this.renderTranslationContent(unit, indent)}</${translation.name}>`);
      return;
    }
    if (newType !== type) patcher.set(translation.start, translation.startTagEnd, rewriteStartTag(text, translation, typeChange));
    if (!changedValue) return;
    if (!msg.numerus) {
      patcher.set(translation.contentStart, translation.contentEnd, escapeTsText(unit.target[0] ?? ''));
    } else if (msg.forms.length === unit.target.length) {
      msg.forms.forEach((form, i) => {
        const value = unit.target[i]!;
        if (value === initial.target[i]) return;
        this.setContent(patcher, form, escapeTsText(value));
      });
    } else {
      patcher.set(translation.contentStart, translation.contentEnd, this.renderForms(unit.target, indent));
    }
  }

  protected patchRemoval(record: TsRecord, patcher: TextPatcher): void {
    if (record.msg) this.cut(patcher, record.msg.el);
  }

  protected patchAdded(records: TsRecord[], patcher: TextPatcher): void {
    const text = this.text;
    const root = this.source.doc.root;
    const byName = new Map<string, FormatUnit[]>();
    for (const r of records) {
      const name = r.unit.context.split(DISAMBIGUATION_SEPARATOR)[0]!;
      byName.set(name, [...(byName.get(name) ?? []), r.unit]);
    }
    const contexts = new Map<string, XmlElement>();
    for (const ctx of childElements(root, 'context')) {
      const nameEl = firstChild(ctx, 'name');
      contexts.set(nameEl ? textContent(nameEl) : '', ctx);
    }
    const fresh: [string, FormatUnit[]][] = [];
    for (const [name, units] of byName) {
      const ctx = contexts.get(name);
      if (ctx) appendChildren(patcher, text, root, ctx, (layout) => units.map((u) => this.renderMessage(u, layout)));
      else fresh.push([name, units]);
    }
    if (fresh.length === 0) return;
    appendChildren(patcher, text, root, root, (layout) =>
      fresh.map(([name, units]) => {
        const inner: ChildLayout = { ...layout, indent: layout.indent + layout.step };
        const messages = units.map((u) => layout.eol + inner.indent + this.renderMessage(u, inner)).join('');
        return `<context>${layout.eol}${inner.indent}<name>${escapeTsText(name)}</name>${messages}${layout.eol}${layout.indent}</context>`;
      }),
    );
  }

  /** A <message> in lupdate's element order, indented like its siblings. */
  private renderMessage(unit: FormatUnit, { indent, step, eol }: ChildLayout): string {
    const i1 = eol + indent + step;
    const numerus = unit.source.length > 1;
    const separator = unit.context.indexOf(DISAMBIGUATION_SEPARATOR);
    const disambiguation = separator < 0 ? '' : unit.context.slice(separator + 1);
    const attrs = (unit.key !== '' && unit.key !== unit.context ? ` id="${escapeXmlAttribute(unit.key)}"` : '') + (numerus ? ' numerus="yes"' : '');
    let out = `<message${attrs}>`;
    for (const location of unit.location.split(/,\s*/).filter((l) => l !== '')) {
      const m = /^(.*):([+-]?\d+)$/.exec(location);
      out += `${i1}<location filename="${escapeXmlAttribute(m ? m[1]! : location)}"${m ? ` line="${m[2]}"` : ''}/>`;
    }
    out += `${i1}<source>${escapeTsText(unit.source[0] ?? '')}</source>`;
    if (unit.previousSource) out += `${i1}<oldsource>${escapeTsText(unit.previousSource)}</oldsource>`;
    if (disambiguation) out += `${i1}<comment>${escapeTsText(disambiguation)}</comment>`;
    if (unit.note) out += `${i1}<extracomment>${escapeTsText(unit.note)}</extracomment>`;
    if (unit.comment) out += `${i1}<translatorcomment>${escapeTsText(unit.comment)}</translatorcomment>`;
    const type = unit.fuzzy || isUnfinishedText(unit.target) ? ' type="unfinished"' : '';
    out += `${i1}<translation${type}>${this.renderTranslationContent(unit, indent + step)}</translation>`;
    return `${out}${eol}${indent}</message>`;
  }
}
