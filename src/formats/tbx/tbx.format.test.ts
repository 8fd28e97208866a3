// TBX specifics: language selection, notes and flags, adding a missing target langSet, new entries, create().
import { describe, expect, it } from 'vitest';
import { TBX3_SAMPLE, TBX_SAMPLE } from './samples.js';
import { tbxFormat } from './tbx.format.js';

const parse = (text: string | Buffer, language?: string) =>
  tbxFormat.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, language ? { language } : {});

describe('tbx', () => {
  it('reads the source language term and the requested target language', () => {
    const units = parse(TBX_SAMPLE, 'cs').units;
    expect(units.map((u) => [u.key, u.source[0], u.target[0]])).toEqual([
      ['t1', 'address bar', 'adresní řádek'],
      ['t2', 'Save & close', 'Uložit & zavřít'],
      ['t3', 'Weblate', ''],
    ]);
    expect(units[0]).toMatchObject({ note: 'The bar at the top', comment: 'Not "adresní lišta"', flags: 'terminology' });
    expect(units[2]!.flags).toBe('read-only');
    expect(parse(TBX_SAMPLE, 'de').units[1]!.target).toEqual(['Speichern & schließen']);
    expect(parse(TBX_SAMPLE).units[0]!.target).toEqual(['adresní řádek']); // first other language
    expect(parse(TBX3_SAMPLE).units[0]).toMatchObject({ key: 'c1', source: ['file'], target: ['fichier'] });
  });

  it('adds the target langSet in the structure of the source one', () => {
    const store = parse(TBX_SAMPLE, 'cs');
    store.updateUnit(2, { target: ['Weblate & spol.'] });
    expect(store.serialize().toString()).toContain(
      '                </langSet>\n                <langSet xml:lang="cs">\n                    <tig>\n' +
        '                        <term>Weblate &amp; spol.</term>\n                    </tig>\n                </langSet>\n            </termEntry>\n            <termEntry id="empty"/>',
    );
  });

  it('appends entries after the last one and removes entries', () => {
    const store = parse(TBX_SAMPLE, 'cs');
    store.addUnit({ key: 't4', source: ['tab'], target: ['karta'], note: 'Browser tab' });
    store.removeUnit(1);
    const out = store.serialize().toString();
    expect(out).toContain(
      '            <termEntry id="empty"/>\n            <termEntry id="t4">\n                <descrip>Browser tab</descrip>\n' +
        '                <langSet xml:lang="en">\n                    <tig>\n                        <term>tab</term>\n',
    );
    expect(out).not.toContain('Save &amp; close');
    expect(parse(out, 'cs').units.map((u) => u.key)).toEqual(['t1', 't3', 't4']);
  });

  it('creates an empty glossary that takes new terms in the language', () => {
    const store = tbxFormat.create({ language: 'sk', template: parse(TBX_SAMPLE, 'cs') });
    const out = store.serialize();
    expect(parse(out, 'sk').units.map((u) => [u.source[0], u.target[0]])).toEqual([['address bar', ''], ['Save & close', ''], ['Weblate', '']]);
    const created = tbxFormat.create({ language: 'sk' });
    created.addUnit({ source: ['key'], target: ['kľúč'] });
    expect(parse(created.serialize(), 'sk').units[0]!.target).toEqual(['kľúč']);
  });
});
