// XLIFF 2 specifics: segment units, state mapping on read and write, in-style additions, create().
import { describe, expect, it } from 'vitest';
import { XLIFF2_SAMPLE } from './samples.js';
import { xliff2Format } from './xliff2.format.js';

const parse = (text: string | Buffer) => xliff2Format.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

describe('xliff2', () => {
  it('maps units, names, notes and states', () => {
    const units = parse(XLIFF2_SAMPLE).units;
    expect(units[0]).toMatchObject({
      key: 'a1',
      context: 'menu.open',
      source: ['Open <ph id="1" equiv="%s"/> & close'],
      target: ['Otevřít <ph id="1" equiv="%s"/> & zavřít'],
      note: 'templates/menu.twig:3',
      comment: 'Short please',
      fuzzy: false,
      approved: false,
    });
    expect(units[1]).toMatchObject({ key: 'b2', target: ['Přečtěte si <a href="%url%">příručku</a>'], approved: true });
    expect(units[2]).toMatchObject({ key: 'c3', fuzzy: true });
    expect(units[3]).toMatchObject({ target: [''], flags: 'read-only' });
    expect(units.slice(4).map((u) => [u.key, u.target[0]])).toEqual([['e5#s1', 'První věta.'], ['e5#s2', 'Druhá věta.']]);
  });

  it('writes states: fuzzy → initial, approved → final, confirmed → translated', () => {
    const store = parse(XLIFF2_SAMPLE);
    store.updateUnit(0, { approved: true });
    store.updateUnit(1, { approved: false });
    store.updateUnit(2, { fuzzy: false });
    store.updateUnit(3, { target: ['Nepřeloženo'], fuzzy: true });
    const out = store.serialize().toString();
    expect(out).toContain('<segment state="final">\n        <source>Open');
    expect(out).toContain('<segment state="translated">\n          <source><![CDATA[Read');
    expect(out).toContain('<segment state="translated">\n        <source>Draft');
    expect(out).toContain('<segment state="initial">\n        <source>Untranslated one</source>\n        <target>Nepřeloženo</target>\n      </segment>');
    const back = parse(out).units;
    expect(back.slice(0, 4).map((u) => [u.fuzzy, u.approved])).toEqual([[false, true], [false, false], [false, false], [true, false]]);
  });

  it('keeps CDATA style for edited CDATA targets', () => {
    const store = parse(XLIFF2_SAMPLE);
    store.updateUnit(1, { target: ['<b>Nový</b> & další'] });
    expect(store.serialize().toString()).toContain('<target><![CDATA[<b>Nový</b> & další]]></target>');
  });

  it('adds units after the last unit of the last file and removes segments', () => {
    const store = parse(XLIFF2_SAMPLE);
    store.addUnit({ key: 'n', context: 'new.name', source: ['New'], target: ['Nový'], note: 'from x.twig' });
    store.removeUnit(5);
    const out = store.serialize().toString();
    expect(out).toContain(
      '    </unit>\n    <unit id="n" name="new.name">\n      <notes>\n        <note>from x.twig</note>\n      </notes>\n' +
        '      <segment state="translated">\n        <source>New</source>\n        <target>Nový</target>\n      </segment>\n    </unit>\n  </file>',
    );
    expect(out).not.toContain('Second sentence');
    expect(parse(out).units.map((u) => u.key)).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'n']);
  });

  it('creates a file for the language with template units', () => {
    const created = xliff2Format.create({ language: 'de', template: parse(XLIFF2_SAMPLE) });
    const back = parse(created.serialize());
    expect(back.header['trgLang']).toBe('de');
    expect(back.units.map((u) => u.source[0])).toEqual(parse(XLIFF2_SAMPLE).units.map((u) => u.source[0]));
    expect(back.units.every((u) => u.target[0] === '')).toBe(true);
  });
});
