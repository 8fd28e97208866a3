// Unit tests of the gettext MO format: real catalogues, byte orders, charsets, what a regenerated file holds.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { moFormat } from './mo.format.js';
import { bigEndian, CS_MO, moOf } from './samples.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/mo');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe('mo format', () => {
  it('reads a real catalogue compiled by msgfmt: plurals padded to the header count', () => {
    const store = moFormat.parse(fixture('sphinx-ru.mo'));
    expect(store.pluralForms?.number).toBe(4);
    expect(store.units.length).toBe(768); // 769 strings, one of them the header
    const plural = store.units.find((u) => u.source.length === 2);
    expect(plural?.target.length).toBe(4);
    expect(store.header['Language']).toBe('ru');
  });

  it('reads contexts, plurals and the header of a Parla-written file', () => {
    const store = moFormat.parse(CS_MO);
    expect(store.units.map((u) => [u.context, u.source, u.target])).toEqual([
      ['', ['%d file', '%d files'], ['%d soubor', '%d soubory', '%d souborů']],
      ['', ['Open the file'], ['Otevřít soubor']],
      ['', ['Save all changes now'], ['Uložit všechny změny hned']],
      ['menu', ['File'], ['Soubor']],
    ]);
    expect(store.pluralForms).toEqual({ number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' });
  });

  it('reads big-endian files as well', () => {
    expect(moFormat.parse(bigEndian(CS_MO)).units.map((u) => u.target[0])).toEqual(moFormat.parse(CS_MO).units.map((u) => u.target[0]));
  });

  it('regenerates deterministically: the same content gives the same bytes, whatever the file looked like', () => {
    const fromMsgfmt = moFormat.parse(fixture('sphinx-cs.mo'));
    fromMsgfmt.setHeader('Language', 'cs');
    const once = fromMsgfmt.serialize();
    const again = moFormat.parse(once);
    again.setHeader('Language', 'cs');
    expect(again.serialize().equals(once)).toBe(true);
    expect(moFormat.parse(once).units.map((u) => u.target)).toEqual(moFormat.parse(fixture('sphinx-cs.mo')).units.map((u) => u.target));
  });

  it('leaves out untranslated and fuzzy units, as msgfmt does', () => {
    const store = moFormat.parse(CS_MO);
    store.updateUnit(1, { target: [''] });
    store.updateUnit(2, { fuzzy: true });
    expect(moFormat.parse(store.serialize()).units.map((u) => u.source[0])).toEqual(['%d file', 'File']);
  });

  it('writes a catalogue of another charset in UTF-8 with its header corrected', () => {
    const header = 'Content-Type: text/plain; charset=ISO-8859-2\n';
    // Re-encode the translation "Žluť" in ISO-8859-2 by hand: Ž=0xAE, l, u, ť=0xBB.
    const bytes = moOf(header, [['Yellow', 'Zlut']]);
    const at = bytes.indexOf(Buffer.from('Zlut'));
    bytes[at] = 0xae;
    bytes[at + 3] = 0xbb;
    const store = moFormat.parse(bytes);
    expect(store.units[0]!.target).toEqual(['Žluť']);
    store.updateUnit(0, { target: ['Žlutý'] });
    const out = moFormat.parse(store.serialize());
    expect(out.header['Content-Type']).toBe('text/plain; charset=UTF-8');
    expect(out.units[0]!.target).toEqual(['Žlutý']);
  });

  it('refuses tables that claim more strings than the file holds', () => {
    const bad = Buffer.from(CS_MO);
    bad.writeUInt32LE(0x7fffffff, 8);
    expect(() => moFormat.parse(bad)).toThrow(FormatParseError);
  });
});
