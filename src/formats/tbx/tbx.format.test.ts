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

describe('tbx target language set without a term (fuzz regression: writing an edit threw)', () => {
  const file = (cs: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en">\n  <text>\n    <body>\n      <termEntry id="greeting">\n` +
    `        <langSet xml:lang="en">\n          <tig>\n            <term>Hello</term>\n          </tig>\n        </langSet>\n        ${cs}\n` +
    `      </termEntry>\n    </body>\n  </text>\n</martif>\n`;

  it('puts the term into the existing language set and keeps its notes', () => {
    for (const cs of ['<langSet xml:lang="cs"/>', '<langSet xml:lang="cs">\n          <descrip type="definition">A greeting</descrip>\n        </langSet>']) {
      const store = tbxFormat.parse(Buffer.from(file(cs)), { language: 'cs' });
      expect(store.units[0]!.target).toEqual(['']);
      store.updateUnit(0, { target: ['Ahoj'] });
      const out = store.serialize().toString('utf8');
      expect(out).toContain('<langSet xml:lang="cs">\n');
      expect(out.match(/xml:lang="cs"/g)).toHaveLength(1);
      if (cs.includes('descrip')) expect(out).toContain('<descrip type="definition">A greeting</descrip>\n          <tig>\n            <term>Ahoj</term>\n          </tig>\n        </langSet>');
      expect(tbxFormat.parse(Buffer.from(out), { language: 'cs' }).units.map((u) => u.target)).toEqual([['Ahoj']]);
    }
  });
});

describe('tbx language attribute of added language sets (fuzz regression)', () => {
  it('is one the reader knows, even when a language set carries another "…lang" attribute', () => {
    const text =
      `<?xml version="1.0" encoding="UTF-8"?>\n<martif type="TBX" xml:lang="en">\n  <text>\n    <body>\n` +
      `      <termEntry id="a">\n        <langSet xml:lang="en">\n          <tig>\n            <term>Hello</term>\n          </tig>\n        </langSet>\n      </termEntry>\n` +
      `      <termEntry id="b">\n        <langSet Axml:lang="en">\n          <tig>\n            <term>Odd</term>\n          </tig>\n        </langSet>\n      </termEntry>\n` +
      `    </body>\n  </text>\n</martif>\n`;
    const store = tbxFormat.parse(Buffer.from(text), { language: 'cs' });
    store.updateUnit(0, { target: ['Ahoj'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('<langSet xml:lang="cs">');
    expect(tbxFormat.parse(Buffer.from(out), { language: 'cs' }).units[0]!.target).toEqual(['Ahoj']);
  });
});
