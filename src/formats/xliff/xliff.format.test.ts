// XLIFF 1.2 specifics: field mapping, state attributes on edit, in-style additions, plural groups, create().
import { describe, expect, it } from 'vitest';
import { XLIFF_SAMPLE } from './samples.js';
import { xliff11Format, xliffFormat } from './xliff.format.js';

const parse = (text: string) => xliffFormat.parse(Buffer.from(text, 'utf8'));

describe('xliff reading', () => {
  it('maps ids, notes, locations, flags and states', () => {
    const units = parse(XLIFF_SAMPLE).units;
    expect(units[0]).toMatchObject({
      key: 'menu.open',
      context: 'menu',
      source: ['Open <x id="1" ctype="x-file"/> & close'],
      target: ['Otevřít <x id="1" ctype="x-file"/> & zavřít'],
      note: 'Menu item',
      comment: 'Keep it short',
      location: 'src/main.c:10',
      flags: 'max-length:20',
      fuzzy: false,
      approved: false,
    });
    expect(units[1]).toMatchObject({ key: 'files', source: ['One file', '%d files', '%d files'], target: ['Jeden soubor', '%d soubory', '%d souborů'] });
    expect(units[2]).toMatchObject({ key: 'close', approved: true, target: ['Zavřít <g id="b">okno</g> hned teď'] });
    expect(units[3]).toMatchObject({ fuzzy: true, approved: false });
    expect(units[4]).toMatchObject({ target: [''], flags: 'read-only', fuzzy: false });
  });

  it('reads needs-translation with a text as fuzzy and final as approved', () => {
    const units = parse(
      '<xliff version="1.2"><file><body><trans-unit id="a"><source>A</source><target state="needs-translation">A</target></trans-unit>' +
        '<trans-unit id="b"><source>B</source><target state="final">Bé</target></trans-unit>' +
        '<trans-unit id="c"><source>C</source><target state="needs-translation"/></trans-unit></body></file></xliff>',
    ).units;
    expect(units.map((u) => [u.fuzzy, u.approved])).toEqual([[true, false], [false, true], [false, false]]);
  });
});

describe('xliff writing', () => {
  it('writes fuzzy and approved through state and approved attributes, and back', () => {
    const store = parse(XLIFF_SAMPLE);
    store.updateUnit(0, { fuzzy: true });
    store.updateUnit(3, { fuzzy: false, approved: true });
    const out = store.serialize().toString();
    expect(out).toContain('<target state="needs-review-translation">Otevřít');
    expect(out).toContain('<trans-unit id="review" approved="yes">');
    expect(out).toContain('<target state="translated">Potřebuje');
    const back = parse(out);
    expect([back.units[0]!.fuzzy, back.units[3]!.approved, back.units[3]!.fuzzy]).toEqual([true, true, false]);
    store.updateUnit(0, { fuzzy: false });
    store.updateUnit(3, { fuzzy: true, approved: false });
    expect(store.serialize().toString()).toBe(XLIFF_SAMPLE);
  });

  it('adds a target after the source of a unit without one, in the unit indentation', () => {
    const store = parse(XLIFF_SAMPLE);
    store.updateUnit(4, { target: ['Zatím nic & <g id="1">víc</g>'] });
    expect(store.serialize().toString()).toContain(
      '        <source>Nothing yet</source>\n        <target>Zatím nic &amp; <g id="1">víc</g></target>\n      </trans-unit>',
    );
  });

  it('keeps CDATA targets as CDATA and opens self-closing targets', () => {
    const text = '<xliff version="1.2"><file><body><trans-unit id="a"><source>A</source><target><![CDATA[<b>x</b>]]></target></trans-unit>' +
      '<trans-unit id="b"><source>B</source><target state="new"/></trans-unit></body></file></xliff>';
    const store = parse(text);
    store.updateUnit(0, { target: ['<i>y</i> ]]> z'] });
    store.updateUnit(1, { target: ['Bé'] });
    const out = store.serialize().toString();
    expect(out).toContain('<target><![CDATA[<i>y</i> ]]]]><![CDATA[> z]]></target>');
    expect(out).toContain('<target state="new">Bé</target>');
    expect(parse(out).units.map((u) => u.target[0])).toEqual(['<i>y</i> ]]> z', 'Bé']);
  });

  it('adds units after the last one of the last body, plural ones as gettext groups', () => {
    const store = parse(XLIFF_SAMPLE);
    store.addUnit({ key: 'n', source: ['%d new', '%d new ones'], target: ['%d nový', '%d nové', '%d nových'], note: 'Counted' });
    const out = store.serialize().toString();
    expect(out).toContain(
      '      </trans-unit>\n      <group id="n" restype="x-gettext-plurals">\n        <trans-unit id="n[0]" xml:space="preserve">\n' +
        '          <source>%d new</source>\n          <target>%d nový</target>\n          <note>Counted</note>\n        </trans-unit>\n',
    );
    expect(parse(out).units[5]).toMatchObject({ key: 'n', source: ['%d new', '%d new ones', '%d new ones'], target: ['%d nový', '%d nové', '%d nových'] });
  });

  it('extends a plural group when the language has more forms', () => {
    const store = parse(XLIFF_SAMPLE);
    store.updateUnit(1, { target: ['a', 'b', 'c', 'd'] });
    const unit = xliffFormat.parse(store.serialize()).units[1]!;
    expect(unit.target).toEqual(['a', 'b', 'c', 'd']);
    expect(unit.source).toEqual(['One file', '%d files', '%d files', '%d files']);
  });

  it('creates an empty file, or one holding the template units with empty targets', () => {
    const template = parse(XLIFF_SAMPLE);
    const created = xliffFormat.create({ language: 'de', template });
    const back = xliffFormat.parse(created.serialize());
    expect(back.header['target-language']).toBe('de');
    expect(back.units.map((u) => u.key)).toEqual(template.units.map((u) => u.key));
    expect(back.units.every((u) => u.target.every((t) => t === ''))).toBe(true);
    expect(back.units[1]!.source).toEqual(['One file', '%d files', '%d files']);
    const plain = xliff11Format.create({ language: 'fr' }).serialize().toString();
    expect(plain).toContain('version="1.1"');
    expect(plain).toContain('target-language="fr"');
  });
});
