// .NET ResX resources: string <data name><value> entries are units, everything else (schema, typed data) is kept.

import { FormatParseError, type CreateOptions, type FormatUnit, type NewUnit, type ParsedStore, type ParseOptions, type TranslationFormat, type UnitChange } from '../format.js';
import { makeUnit, requiredKey, singleTarget, type XmlRecord, XmlRecordStore, type XmlSource } from '../xml/record-store.js';
import { appendChildren, decodeXmlBytes, escapeXmlAttribute, escapeXmlText, firstChild, getAttribute, parseXml, readXmlSource, textContent } from '../xml/scanner.js';
import type { TextPatcher, XmlElement } from '../xml/scanner.js';

interface ResxRecord extends XmlRecord {
  el: XmlElement | null;
}

/** String resources: no type (or System.String) and no mimetype; ">>"-names are WinForms designer metadata. */
function isStringData(el: XmlElement): boolean {
  const type = getAttribute(el, 'type');
  const name = getAttribute(el, 'name') ?? '';
  return (type === undefined || /^System\.String\b/.test(type)) && getAttribute(el, 'mimetype') === undefined && name !== '' && !name.startsWith('>>');
}

class ResxStore extends XmlRecordStore<ResxRecord> {
  constructor(source: XmlSource) {
    super(source, []);
    const { doc } = source;
    for (const el of doc.root.children) {
      if (el.kind !== 'element' || el.name !== 'data' || !isStringData(el)) continue;
      const name = getAttribute(el, 'name')!;
      const value = firstChild(el, 'value');
      const comment = firstChild(el, 'comment');
      const note = comment ? textContent(comment) : '';
      // "@Invariant" comments (Multilingual App Toolkit, ResXManager) mark text that is not translated.
      const unit = makeUnit({ key: name, context: name, source: [name], target: [value ? textContent(value) : ''], note, flags: /@Invariant\b/.test(note) ? 'read-only' : '' });
      this.records.push({ el, unit, initial: { ...unit, target: [...unit.target] } });
    }
  }

  get header(): Readonly<Record<string, string>> {
    return {};
  }

  /** ResX headers (<resheader>) describe the reader classes, not the translation; the call is ignored. */
  setHeader(): void {}

  protected changedUnit(record: ResxRecord, change: UnitChange): FormatUnit {
    if (change.target === undefined) return record.unit;
    return { ...record.unit, target: singleTarget(record.unit, change.target) };
  }

  protected newRecord(unit: NewUnit): ResxRecord {
    const key = requiredKey(unit);
    return { el: null, initial: null, unit: makeUnit({ key, context: key, source: [key], target: [unit.target?.[0] ?? ''], note: unit.note ?? '' }) };
  }

  protected patchRecord(record: ResxRecord, patcher: TextPatcher): void {
    const value = record.unit.target[0] ?? '';
    if (value === record.initial!.target[0]) return;
    const el = record.el!;
    const valueEl = firstChild(el, 'value');
    const escaped = escapeXmlText(value);
    if (valueEl && !valueEl.selfClosing) patcher.set(valueEl.contentStart, valueEl.contentEnd, escaped);
    else if (valueEl) patcher.set(valueEl.start, valueEl.end, `<value>${escaped}</value>`);
    else appendChildren(patcher, this.text, this.source.doc.root, el, () => [`<value>${escaped}</value>`]);
  }

  protected patchRemoval(record: ResxRecord, patcher: TextPatcher): void {
    this.cut(patcher, record.el!);
  }

  protected patchAdded(records: ResxRecord[], patcher: TextPatcher): void {
    const { doc } = this.source;
    appendChildren(patcher, doc.text, doc.root, doc.root, ({ indent, step, eol }) =>
      records.map(({ unit }) => {
        const inner = `${eol}${indent}${step}<value>${escapeXmlText(unit.target[0] ?? '')}</value>`;
        const comment = unit.note === '' ? '' : `${eol}${indent}${step}<comment>${escapeXmlText(unit.note)}</comment>`;
        return `<data name="${escapeXmlAttribute(unit.key)}" xml:space="preserve">${inner}${comment}${eol}${indent}</data>`;
      }),
    );
  }
}

function parseResx(bytes: Uint8Array, options?: ParseOptions): ParsedStore {
  const source = readXmlSource(bytes, options?.filename);
  const { root } = source.doc;
  if (root.name !== 'root') throw new FormatParseError(`expected a <root> element (ResX), found <${root.name}>`, source.doc.lineAt(root.start), options?.filename);
  return new ResxStore(source);
}

const RESHEADERS =
  '  <resheader name="resmimetype">\n    <value>text/microsoft-resx</value>\n  </resheader>\n' +
  '  <resheader name="version">\n    <value>2.0</value>\n  </resheader>\n' +
  '  <resheader name="reader">\n    <value>System.Resources.ResXResourceReader, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089</value>\n  </resheader>\n' +
  '  <resheader name="writer">\n    <value>System.Resources.ResXResourceWriter, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089</value>\n  </resheader>\n';

/**
 * A new translation: the template's text up to its first <data> element (declaration, schema,
 * resheaders, as Visual Studio writes satellite files) with no resources, or a minimal ResX
 * header without a template.
 */
function createResx(options: CreateOptions): ParsedStore {
  let text = `<?xml version="1.0" encoding="utf-8"?>\n<root>\n${RESHEADERS}</root>\n`;
  let encoding: ReturnType<typeof decodeXmlBytes>['encoding'] = 'utf-8';
  let bom = false;
  if (options.template) {
    const decoded = decodeXmlBytes(options.template.serialize());
    const doc = parseXml(decoded.text);
    const firstData = doc.root.children.find((c) => c.kind === 'element' && c.name === 'data');
    if (doc.root.name === 'root') {
      let cut = firstData ? firstData.start : doc.root.contentEnd;
      while (cut > 0 && (decoded.text[cut - 1] === ' ' || decoded.text[cut - 1] === '\t')) cut--;
      text = decoded.text.slice(0, cut) + decoded.text.slice(doc.root.contentEnd);
      ({ encoding, bom } = decoded);
    }
  }
  return new ResxStore({ doc: parseXml(text), encoding, bom, original: null });
}

/**
 * .NET ResX resources (also WinForms designer files). Units are string <data> entries (no type or
 * mimetype attribute, names not starting with ">>"): key = name, target = <value>, note =
 * <comment> ("@Invariant" in it adds the read-only flag). Values are plain XML text.
 */
export const resxFormat: TranslationFormat = {
  id: 'resx',
  name: '.NET resource file',
  extensions: ['resx', 'resw'],
  monolingual: true,
  mimeType: 'text/microsoft-resx',
  parse: parseResx,
  create: createResx,
};
