// Nested JSON specifics: dotted keys, arrays, new keys creating nested objects in the file's indentation.
import { describe, expect, it } from 'vitest';
import { jsonNestedFormat } from './json-nested.format.js';

const parse = (text: string) => jsonNestedFormat.parse(Buffer.from(text, 'utf8'));
const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const unit = (key: string, text: string) => ({ key, source: [key], target: [text] });

const FILE = '{\n  "labels": {\n    "paste": "Vložit",\n    "chartType_bar": "Sloupcový graf"\n  },\n  "days": ["Po", "Út"],\n  "version": 2\n}\n';

describe('nested JSON', () => {
  it('joins object keys with dots and addresses array items with [n]', () => {
    expect(parse(FILE).units.map((u) => [u.key, u.target[0]])).toEqual([
      ['labels.paste', 'Vložit'],
      ['labels.chartType_bar', 'Sloupcový graf'],
      ['days[0]', 'Po'],
      ['days[1]', 'Út'],
    ]);
  });

  it('adds a key into its existing section and creates missing sections in the file\'s indentation', () => {
    const store = parse(FILE);
    store.addUnit(unit('labels.copy', 'Kopírovat'));
    store.addUnit(unit('alerts.errors.load', 'Nelze načíst "soubor"'));
    expect(out(store)).toBe(
      '{\n  "labels": {\n    "paste": "Vložit",\n    "chartType_bar": "Sloupcový graf",\n    "copy": "Kopírovat"\n  },\n  "days": ["Po", "Út"],\n  "version": 2,\n' +
        '  "alerts": {\n    "errors": {\n      "load": "Nelze načíst \\"soubor\\""\n    }\n  }\n}\n',
    );
    expect(parse(out(store)).units.map((u) => u.key)).toContain('alerts.errors.load');
  });

  it('keeps a dotted name when a section name is taken by a string', () => {
    const store = parse('{\n\t"title": "Nadpis"\n}\n');
    store.addUnit(unit('title.sub', 'Podnadpis'));
    expect(out(store)).toBe('{\n\t"title": "Nadpis",\n\t"title.sub": "Podnadpis"\n}\n');
    expect(parse(out(store)).units.map((u) => u.key)).toEqual(['title', 'title.sub']);
  });

  it('removes the sections a removal leaves empty', () => {
    const store = parse('{\n  "a": {\n    "b": {\n      "c": "Jen jeden"\n    }\n  },\n  "d": "Další"\n}\n');
    store.removeUnit(0);
    expect(out(store)).toBe('{\n  "d": "Další"\n}\n');
  });

  it('edits a value inside a nested object without touching its neighbours', () => {
    const store = parse(FILE);
    store.updateUnit(1, { target: ['Pruhový graf'] });
    store.updateUnit(3, { target: ['Úterý'] });
    expect(out(store)).toBe(FILE.replace('Sloupcový graf', 'Pruhový graf').replace('"Út"', '"Úterý"'));
  });
});
