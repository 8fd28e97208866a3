// TMX export: well-formed TMX 1.4, one <tu> per translated unit, tuid from the context, text escaped.
import { describe, expect, it } from 'vitest';
import type { FormatUnit } from '../format.js';
import { childElements, firstChild, getAttribute, parseXml, textContent } from '../xml/scanner.js';
import type { ExportMeta } from './exporter.js';
import { tmxExporter, tmxLanguage } from './tmx.exporter.js';

function unit(fields: Partial<FormatUnit> & { source: string[]; target: string[] }): FormatUnit {
  return { key: '', context: '', fuzzy: false, approved: false, note: '', comment: '', location: '', flags: '', previousSource: '', obsolete: false, ...fields };
}

const META: ExportMeta = { sourceLanguage: 'en', language: 'pt_BR', project: 'Parla', component: 'Core' };

describe('tmx exporter', () => {
  const tricky = 'Say "hi" & <b>bye</b> \'now\'\nnext line: čeština 日本語 ]]> {0} %s';
  const units = [
    unit({ source: ['Open'], target: ['Abrir'], context: 'menu.open', note: 'File menu', comment: 'short!' }),
    unit({ source: [tricky], target: [tricky + ' (pt)'] }),
    unit({ source: ['One file', '%d files'], target: ['Um arquivo', '%d arquivos'], context: 'files' }),
    unit({ source: ['Fuzzy'], target: ['Nebuloso'], fuzzy: true }),
    unit({ source: ['Empty'], target: [''] }),
    unit({ source: ['Control\u0001char'], target: ['Controle\u0001'] }),
  ];
  const out = tmxExporter.export(units, META).toString('utf8');
  const doc = parseXml(out);

  it('writes TMX 1.4 with source and target languages', () => {
    expect(doc.root.name).toBe('tmx');
    expect(getAttribute(doc.root, 'version')).toBe('1.4');
    const header = firstChild(doc.root, 'header')!;
    expect(getAttribute(header, 'srclang')).toBe('en');
    for (const name of ['creationtool', 'creationtoolversion', 'segtype', 'o-tmf', 'adminlang', 'datatype']) expect(getAttribute(header, name)).toBeTruthy();
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">')).toBe(true);
  });

  it('writes one <tu> per translated unit with tuid = context and escaped text', () => {
    const tus = childElements(firstChild(doc.root, 'body')!, 'tu');
    expect(tus).toHaveLength(4);
    expect(tus.map((tu) => getAttribute(tu, 'tuid') ?? null)).toEqual(['menu.open', null, 'files', null]);
    const segs = (i: number) => childElements(tus[i]!, 'tuv').map((tuv) => [getAttribute(tuv, 'xml:lang'), textContent(firstChild(tuv, 'seg')!)]);
    expect(segs(0)).toEqual([
      ['en', 'Open'],
      ['pt-BR', 'Abrir'],
    ]);
    expect(segs(1)).toEqual([
      ['en', tricky],
      ['pt-BR', tricky + ' (pt)'],
    ]);
    // TMX has no plurals: the first forms.
    expect(segs(2)).toEqual([
      ['en', 'One file'],
      ['pt-BR', 'Um arquivo'],
    ]);
    // Characters XML 1.0 cannot carry are dropped rather than making the file unreadable.
    expect(segs(3)).toEqual([
      ['en', 'Controlchar'],
      ['pt-BR', 'Controle'],
    ]);
    expect(childElements(tus[0]!, 'note').map(textContent)).toEqual(['File menu', 'short!']);
  });

  it('maps language codes to RFC 4646 tags', () => {
    expect(tmxLanguage('zh_Hant_TW')).toBe('zh-Hant-TW');
    expect(tmxLanguage('cs')).toBe('cs');
  });

  it('writes an empty body when nothing is translated', () => {
    const empty = parseXml(tmxExporter.export([], META).toString('utf8'));
    expect(childElements(firstChild(empty.root, 'body')!, 'tu')).toHaveLength(0);
    expect([tmxExporter.id, tmxExporter.mimeType, tmxExporter.extension]).toEqual(['tmx', 'application/x-tmx', 'tmx']);
  });
});
