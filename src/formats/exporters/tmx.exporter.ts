// TMX 1.4 translation memory from units: one <tu> per translated unit, source and target <tuv>.
import type { FormatUnit } from '../format.js';
import { escapeXmlAttribute, escapeXmlText } from '../xml/scanner.js';
import { type ExportMeta, type Exporter, isTranslated } from './exporter.js';

/** TMX wants RFC 4646 tags: "pt_BR" → "pt-BR". */
export function tmxLanguage(code: string): string {
  return code.replace(/_/g, '-');
}

/** Characters XML 1.0 cannot hold at all (not even as references) are dropped. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

const text = (value: string): string => escapeXmlText(xmlSafe(value));
const attribute = (value: string): string => escapeXmlAttribute(xmlSafe(value));

function tuXml(unit: FormatUnit, source: string, target: string): string {
  const lines = [unit.context !== '' ? `    <tu tuid="${attribute(unit.context)}">` : '    <tu>'];
  if (unit.note !== '') lines.push(`      <note>${text(unit.note)}</note>`);
  if (unit.comment !== '') lines.push(`      <note>${text(unit.comment)}</note>`);
  lines.push(`      <tuv xml:lang="${source}"><seg>${text(unit.source[0] ?? '')}</seg></tuv>`);
  lines.push(`      <tuv xml:lang="${target}"><seg>${text(unit.target[0] ?? '')}</seg></tuv>`);
  lines.push('    </tu>');
  return lines.join('\n');
}

/**
 * TMX 1.4 with srclang = the source language. Only translated units are written (not fuzzy, no
 * empty form); TMX has no plurals, so a plural unit contributes its first source and target form,
 * as Weblate's TMX export does. Notes and translator comments become <note> elements.
 */
export function exportTmx(units: readonly FormatUnit[], meta: ExportMeta): Buffer {
  const source = attribute(tmxLanguage(meta.sourceLanguage));
  const target = attribute(tmxLanguage(meta.language));
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Parla" creationtoolversion="1" segtype="sentence" o-tmf="Parla" adminlang="en" srclang="${source}" datatype="plaintext"/>`,
    '  <body>',
  ];
  for (const unit of units) if (isTranslated(unit)) out.push(tuXml(unit, source, target));
  out.push('  </body>', '</tmx>', '');
  return Buffer.from(out.join('\n'), 'utf8');
}

export const tmxExporter: Exporter = {
  id: 'tmx',
  mimeType: 'application/x-tmx',
  extension: 'tmx',
  export: exportTmx,
};
