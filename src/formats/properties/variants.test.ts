// Unit tests of the Java properties dialects: UTF-16 byte orders, GWT plural forms, XWiki apostrophes.
import { describe, expect, it } from 'vitest';
import { gwtFormat, propertiesUtf16Format, xwikiJavaPropertiesFormat } from './variants.js';

const CS = { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] };

describe('properties-utf16', () => {
  it('writes an edit in the byte order of the file, and new files as UTF-16LE with a mark', () => {
    const be = Buffer.from('a=Alpha\n', 'utf16le').swap16();
    const store = propertiesUtf16Format.parse(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    store.updateUnit(0, { target: ['Álfa'] });
    const out = store.serialize();
    expect([...out.subarray(0, 2)]).toEqual([0xfe, 0xff]);
    expect(Buffer.from(out.subarray(2)).swap16().toString('utf16le')).toBe('a=Álfa\n');
    const created = propertiesUtf16Format.create({ language: 'cs' });
    created.addUnit({ key: 'b', source: ['b'], target: ['Béta'] });
    expect(created.serialize().equals(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('b=Béta\n', 'utf16le')]))).toBe(true);
  });
});

describe('gwt', () => {
  it('reads key and key[category] as one plural unit and adds a missing form as key[category]', () => {
    const store = gwtFormat.parse(Buffer.from('files=Máte {0} souborů\nfiles[one]=Máte jeden soubor\nfiles[\\=0]=Nic\n'), CS);
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['files', ['Máte jeden soubor', '', '', 'Máte {0} souborů']],
      ['files[=0]', ['Nic']],
    ]);
    store.updateUnit(0, { target: ['Máte jeden soubor', 'Máte {0} soubory', '', 'Máte {0} souborů!'] });
    const out = store.serialize().toString('utf8');
    expect(out).toBe('files=Máte {0} souborů!\nfiles[one]=Máte jeden soubor\nfiles[\\=0]=Nic\nfiles[few]=Máte {0} soubory\n');
    expect(gwtFormat.parse(Buffer.from(out), CS).units[0]!.target).toEqual(['Máte jeden soubor', 'Máte {0} soubory', '', 'Máte {0} souborů!']);
  });

  it('adds and removes a plural unit with all its forms', () => {
    const store = gwtFormat.create(CS);
    store.addUnit({ key: 'n', source: ['n'], target: ['jeden', 'několik', 'mnoho', 'hodně'] });
    store.addUnit({ key: 'title', source: ['title'], target: ['Obchod'] });
    expect(store.serialize().toString('utf8')).toBe('n=hodně\nn[one]=jeden\nn[few]=několik\nn[many]=mnoho\ntitle=Obchod\n');
    store.removeUnit(0);
    expect(store.serialize().toString('utf8')).toBe('title=Obchod\n');
  });
});

describe('xwiki-java-properties', () => {
  it("doubles apostrophes in messages with a {0} parameter only, and escapes non-ASCII", () => {
    const store = xwikiJavaPropertiesFormat.parse(Buffer.from("a=Voulez-vous supprimer ''{0}'' ?\nb=L'espace\n"));
    expect(store.units.map((u) => u.target[0])).toEqual(["Voulez-vous supprimer '{0}' ?", "L'espace"]);
    store.updateUnit(0, { target: ["Supprimer l'élément {0} ?"] });
    store.updateUnit(1, { target: ["L'été"] });
    expect(store.serialize().toString('latin1')).toBe("a=Supprimer l''\\u00E9l\\u00E9ment {0} ?\nb=L'\\u00E9t\\u00E9\n");
  });
});
