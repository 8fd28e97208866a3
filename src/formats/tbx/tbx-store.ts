// Editable TBX glossary: units map to term entries; edits rewrite the target term or add its language set.

import type { FormatUnit, NewUnit, UnitChange } from '../format.js';
import { makeUnit, XmlAttributeHeaderStore, type XmlRecord, type XmlSource } from '../xml/record-store.js';
import { appendChildren, detectEol, escapeXmlAttribute, escapeXmlText, indentationAt, indentStep } from '../xml/scanner.js';
import type { ChildLayout, TextPatcher, XmlElement } from '../xml/scanner.js';
import { collectEntries, langSetsOf, termPath, type TbxEntry } from './tbx-read.js';

export interface TbxRecord extends XmlRecord {
  entry: TbxEntry | null;
}

/** Element names and spacing new entries copy from the file. */
interface TbxStyle {
  entry: string;
  langSet: string;
  langAttr: string;
  /** Elements from a langSet down to its term. */
  path: string[];
  /** Indentation step inside a langSet (may differ from the file's, e.g. 2 vs 4). */
  innerStep: string | null;
}

export class TbxStore extends XmlAttributeHeaderStore<TbxRecord> {
  constructor(
    source: XmlSource,
    records: TbxRecord[],
    readonly sourceLanguage: string,
    readonly targetLanguage: string,
  ) {
    super(source, records);
  }

  /** Attributes of the root (type, xml:lang) and the languages the units use. */
  protected override headerFields(): Record<string, string> {
    return { ...super.headerFields(), 'source-language': this.sourceLanguage, 'target-language': this.targetLanguage };
  }

  /** The languages come from the units, not from an attribute: they cannot be set. */
  protected override headerAttribute(name: string): string | null {
    return name === 'source-language' || name === 'target-language' ? null : name;
  }

  protected changedUnit(record: TbxRecord, change: UnitChange): FormatUnit {
    if (change.target !== undefined && change.target.length > 1) throw new RangeError(`TBX terms have one form, ${change.target.length} were given`);
    const target = change.target !== undefined ? [change.target[0] ?? ''] : record.unit.target;
    return { ...record.unit, target, fuzzy: false, approved: false };
  }

  protected newRecord(unit: NewUnit): TbxRecord {
    const key = unit.key || unit.context || '';
    const full = makeUnit({ ...unit, key, context: key, source: [unit.source[0] ?? ''], target: [unit.target?.[0] ?? ''], fuzzy: false, approved: false, obsolete: false });
    return { unit: full, initial: null, entry: null };
  }

  private style(): TbxStyle {
    const entries: XmlElement[] = [];
    collectEntries(this.source.doc.root, entries);
    const v3 = this.source.doc.root.name === 'tbx';
    for (let i = entries.length - 1; i >= 0; i--) {
      const langSet = langSetsOf(entries[i]!)[0];
      if (!langSet) continue;
      const path = termPath(langSet);
      if (path.length === 0) continue;
      const own = indentationAt(this.text, langSet.start);
      const first = langSet.children.find((c): c is XmlElement => c.kind === 'element');
      const inner = first ? indentationAt(this.text, first.start) : null;
      const innerStep = own !== null && inner !== null && inner.startsWith(own) && inner.length > own.length ? inner.slice(own.length) : null;
      // Only the names langOf() reads back: any other "…lang" attribute would write a language set no reader finds.
      const langAttr = langSet.attributes.find((a) => a.name === 'xml:lang' || a.name === 'lang')?.name ?? 'xml:lang';
      return { entry: entries[i]!.name, langSet: langSet.name, langAttr, path, innerStep };
    }
    return v3
      ? { entry: 'conceptEntry', langSet: 'langSec', langAttr: 'xml:lang', path: ['termSec', 'term'], innerStep: null }
      : { entry: 'termEntry', langSet: 'langSet', langAttr: 'xml:lang', path: ['tig', 'term'], innerStep: null };
  }

  /** A langSet holding one term, `indent` being the langSet's own indentation. */
  private renderLangSet(style: TbxStyle, lang: string, term: string, indent: string, step: string, eol: string): string {
    const inner = style.innerStep ?? step;
    let open = '';
    let close = '';
    style.path.forEach((name, depth) => {
      const pad = eol + indent + inner.repeat(depth + 1);
      if (depth === style.path.length - 1) open += `${pad}<${name}>${escapeXmlText(term)}</${name}>`;
      else {
        open += `${pad}<${name}>`;
        close = `${pad}</${name}>` + close;
      }
    });
    return `<${style.langSet} ${style.langAttr}="${escapeXmlAttribute(lang)}">${open}${close}${eol}${indent}</${style.langSet}>`;
  }

  protected patchRecord(record: TbxRecord, patcher: TextPatcher): void {
    const { unit, initial, entry } = record;
    if (!initial || !entry || unit.target[0] === initial.target[0]) return;
    const value = unit.target[0]!;
    const text = this.text;
    const term = entry.targetTerm;
    if (term) this.setContent(patcher, term, escapeXmlText(value));
    else if (!entry.target) {
      const last = entry.langSets[entry.langSets.length - 1]!;
      const indent = indentationAt(text, last.start);
      const eol = detectEol(text);
      const step = indentStep(text, this.source.doc.root);
      const rendered = this.renderLangSet(this.style(), this.targetLanguage, value, indent ?? '', step, indent === null ? '' : eol);
      patcher.insert(last.end, (indent === null ? '' : eol + indent) + rendered);
    } else {
      // The target language set holds no term yet (notes only, or <langSet/>): the term goes into it. Throwing here
      // made every edit of such a file fail on write although the file had been read without complaint.
      const target = entry.target;
      const indent = indentationAt(text, target.start);
      const step = indentStep(text, this.source.doc.root);
      const rendered = this.renderLangSet(this.style(), this.targetLanguage, value, indent ?? '', step, indent === null ? '' : detectEol(text));
      if (target.selfClosing) patcher.set(target.start, target.end, rendered);
      else {
        let at = target.contentEnd;
        while (at > target.contentStart && /\s/.test(text[at - 1]!)) at--;
        patcher.insert(at, rendered.slice(rendered.indexOf('>') + 1, rendered.lastIndexOf('</')).trimEnd());
      }
    }
  }

  protected patchRemoval(record: TbxRecord, patcher: TextPatcher): void {
    if (record.entry) this.cut(patcher, record.entry.el);
  }

  protected patchAdded(records: TbxRecord[], patcher: TextPatcher): void {
    const entries: XmlElement[] = [];
    collectEntries(this.source.doc.root, entries);
    const container = entries.length > 0 ? entries[entries.length - 1]!.parent! : this.findBody();
    const style = this.style();
    appendChildren(patcher, this.text, this.source.doc.root, container, (layout) => records.map((r) => this.renderEntry(style, r.unit, layout)));
  }

  private findBody(): XmlElement {
    const find = (el: XmlElement): XmlElement | undefined => {
      if (el.name === 'body') return el;
      for (const c of el.children) if (c.kind === 'element') {
        const hit = find(c);
        if (hit) return hit;
      }
      return undefined;
    };
    const body = find(this.source.doc.root);
    if (!body) throw new Error('TBX file has no <body> to add entries to');
    return body;
  }

  private renderEntry(style: TbxStyle, unit: FormatUnit, { indent, step, eol }: ChildLayout): string {
    const inner = indent + step;
    const attrs = (unit.key ? ` id="${escapeXmlAttribute(unit.key)}"` : '') + (unit.flags ? ` weblate-flags="${escapeXmlAttribute(unit.flags)}"` : '');
    let out = `<${style.entry}${attrs}>`;
    if (unit.note) out += `${eol}${inner}<descrip>${escapeXmlText(unit.note)}</descrip>`;
    out += eol + inner + this.renderLangSet(style, this.sourceLanguage, unit.source[0] ?? '', inner, step, eol);
    if (unit.target[0]) out += eol + inner + this.renderLangSet(style, this.targetLanguage, unit.target[0], inner, step, eol);
    return `${out}${eol}${indent}</${style.entry}>`;
  }
}
