// MO export: table layout read back, byte-identical to GNU msgfmt --no-hash, and readable by msgunfmt.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatUnit } from '../format.js';
import type { ExportMeta } from './exporter.js';
import { moExporter, moHeader } from './mo.exporter.js';

function unit(fields: Partial<FormatUnit> & { source: string[]; target: string[] }): FormatUnit {
  return { key: '', context: '', fuzzy: false, approved: false, note: '', comment: '', location: '', flags: '', previousSource: '', obsolete: false, ...fields };
}

const META: ExportMeta = {
  sourceLanguage: 'en',
  language: 'cs',
  pluralForms: { number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' },
  project: 'Parla',
  component: 'Core',
};

const UNITS: FormatUnit[] = [
  unit({ source: ['Open %s'], target: ['Otevřít %s'], context: 'menu' }),
  unit({ source: ['Open %s'], target: ['Otevřít soubor %s'] }),
  unit({ source: ['One file', '%d files'], target: ['Jeden soubor', '%d soubory', '%d souborů'] }),
  unit({ source: ['Fuzzy one'], target: ['Nejisté'], fuzzy: true }),
  unit({ source: ['Untranslated'], target: [''] }),
  unit({ source: ['Say "hi"\n\tnow \\ here'], target: ['Řekni „ahoj“\n\tteď \\ tady'] }),
  unit({ source: ['Apple'], target: ['Jablko'] }),
  unit({ source: ['Zebra'], target: ['Zebra'] }),
  unit({ source: ['Ängel'], target: ['Anděl'] }),
];

/** Reads an MO file's tables into [original, translation] pairs. */
function readMo(mo: Buffer): [string, string][] {
  expect(mo.readUInt32LE(0)).toBe(0x950412de);
  expect(mo.readUInt32LE(4)).toBe(0);
  const n = mo.readUInt32LE(8);
  const originals = mo.readUInt32LE(12);
  const translations = mo.readUInt32LE(16);
  expect(mo.readUInt32LE(20)).toBe(0);
  const at = (table: number, i: number): string => {
    const length = mo.readUInt32LE(table + 8 * i);
    const offset = mo.readUInt32LE(table + 8 * i + 4);
    expect(mo[offset + length]).toBe(0);
    return mo.toString('utf8', offset, offset + length);
  };
  return Array.from({ length: n }, (_, i) => [at(originals, i), at(translations, i)]);
}

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const poString = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** The same catalog as a PO file, for msgfmt. */
function toPo(units: FormatUnit[], meta: ExportMeta): string {
  const entries = [`msgid ""\nmsgstr ${poString(moHeader(meta))}\n`];
  for (const u of units) {
    let e = u.fuzzy ? '#, fuzzy\n' : '';
    if (u.context) e += `msgctxt ${poString(u.context)}\n`;
    e += `msgid ${poString(u.source[0]!)}\n`;
    if (u.source.length > 1) {
      e += `msgid_plural ${poString(u.source[1]!)}\n`;
      u.target.forEach((t, i) => (e += `msgstr[${i}] ${poString(t)}\n`));
    } else e += `msgstr ${poString(u.target[0]!)}\n`;
    entries.push(e);
  }
  return entries.join('\n');
}

function withTemp<T>(run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parla-mo-'));
  try {
    return run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('mo exporter', () => {
  it('writes the header entry first, then translated units sorted by their original bytes', () => {
    const entries = readMo(moExporter.export(UNITS, META));
    expect(entries.map(([o]) => o)).toEqual([
      '',
      'Apple',
      'One file\u0000%d files',
      'Open %s',
      'Say "hi"\n\tnow \\ here',
      'Zebra',
      'menu\u0004Open %s',
      'Ängel',
    ]);
    expect(entries[0]![1]).toBe(
      'Project-Id-Version: Parla (Core)\nLanguage: cs\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n' +
        'Content-Transfer-Encoding: 8bit\nPlural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\nX-Generator: Parla\n',
    );
    expect(Object.fromEntries(entries)['One file\u0000%d files']).toBe('Jeden soubor\u0000%d soubory\u0000%d souborů');
    expect(Object.fromEntries(entries)['menu\u0004Open %s']).toBe('Otevřít %s');
  });

  it('leaves out fuzzy, untranslated, partly translated, obsolete and duplicate units', () => {
    const entries = readMo(
      moExporter.export(
        [
          unit({ source: ['A'], target: ['a'], fuzzy: true }),
          unit({ source: ['B'], target: [''] }),
          unit({ source: ['C', 'Cs'], target: ['c', ''] }),
          unit({ source: ['D'], target: ['d'], obsolete: true }),
          unit({ source: ['E'], target: ['e'] }),
          unit({ source: ['E'], target: ['e again'] }),
          unit({ source: [''], target: ['would replace the header'] }),
        ],
        { ...META, pluralForms: undefined },
      ),
    );
    expect(entries.map(([o, t]) => [o, t.startsWith('Project-Id-Version') ? 'header' : t])).toEqual([
      ['', 'header'],
      ['E', 'e'],
    ]);
    expect(entries[0]![1]).not.toContain('Plural-Forms');
  });

  it('is byte-identical to GNU msgfmt --no-hash', (context) => {
    if (!has('msgfmt')) {
      console.warn('mo.exporter.test: GNU msgfmt is not installed, skipping the comparison');
      return context.skip();
    }
    withTemp((dir) => {
      fs.writeFileSync(path.join(dir, 'cs.po'), toPo(UNITS, META));
      execFileSync('msgfmt', ['--no-hash', '-o', path.join(dir, 'cs.mo'), path.join(dir, 'cs.po')]);
      const expected = fs.readFileSync(path.join(dir, 'cs.mo'));
      expect(moExporter.export(UNITS, META).equals(expected)).toBe(true);
    });
  });

  it('reads back with msgunfmt', (context) => {
    if (!has('msgunfmt')) {
      console.warn('mo.exporter.test: GNU msgunfmt is not installed, skipping the check');
      return context.skip();
    }
    withTemp((dir) => {
      const file = path.join(dir, 'cs.mo');
      fs.writeFileSync(file, moExporter.export(UNITS, META));
      const po = execFileSync('msgunfmt', [file], { encoding: 'utf8' });
      expect(po).toContain('msgctxt "menu"\nmsgid "Open %s"\nmsgstr "Otevřít %s"');
      expect(po).toContain('msgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "Jeden soubor"\nmsgstr[1] "%d soubory"\nmsgstr[2] "%d souborů"');
      expect(po).toContain('"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"');
      expect(po).not.toContain('Fuzzy one');
      expect(po).not.toContain('Untranslated');
    });
  });

  it('declares its download metadata', () => {
    expect([moExporter.id, moExporter.mimeType, moExporter.extension]).toEqual(['mo', 'application/x-gettext-catalog', 'mo']);
  });
});
