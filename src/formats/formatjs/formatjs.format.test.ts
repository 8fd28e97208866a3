// Unit tests of the FormatJS JSON format: both shapes, descriptions, new ids in the file's shape.
import { describe, expect, it } from 'vitest';
import { formatjsFormat } from './formatjs.format.js';

const parse = (text: string) => formatjsFormat.parse(Buffer.from(text, 'utf8'));
const EXTRACTED = '{\n  "a": {\n    "defaultMessage": "Hello {name}",\n    "description": "greeting"\n  },\n  "b": {\n    "description": "no message yet"\n  }\n}\n';

describe('formatjs format', () => {
  it('reads descriptors: defaultMessage is the text, description the note', () => {
    const units = parse(EXTRACTED).units;
    expect(units.map((u) => [u.key, u.target, u.note])).toEqual([
      ['a', ['Hello {name}'], 'greeting'],
      ['b', [''], 'no message yet'],
    ]);
  });

  it('reads compiled messages and skips members that are no message', () => {
    const units = parse('{\n  "x": "X",\n  "ast": [{"type": 0, "value": "y"}],\n  "group": {"inner": "z"}\n}\n').units;
    expect(units.map((u) => u.key)).toEqual(['x']);
  });

  it('writes a message into a descriptor that has only a description, before it', () => {
    const store = parse(EXTRACTED);
    store.updateUnit(1, { target: ['Zpráva'] });
    const text = store.serialize().toString('utf8');
    expect(text).toContain('"b": {\n    "defaultMessage": "Zpráva",\n    "description": "no message yet"\n  }');
    expect(parse(text).units[1]!.target).toEqual(['Zpráva']);
  });

  it('adds descriptors to extracted files and strings to compiled ones', () => {
    const extracted = parse(EXTRACTED);
    extracted.addUnit({ key: 'c', source: ['c'], target: ['Nový'], note: 'new one' });
    expect(extracted.serialize().toString('utf8')).toContain('"c": {\n    "defaultMessage": "Nový",\n    "description": "new one"\n  }\n}');
    const compiled = parse('{\n  "x": "X"\n}\n');
    compiled.addUnit({ key: 'y', source: ['y'], target: ['Y'] });
    expect(compiled.serialize().toString('utf8')).toBe('{\n  "x": "X",\n  "y": "Y"\n}\n');
  });

  it('creates an empty object whose first id becomes a descriptor', () => {
    const store = formatjsFormat.create({ language: 'cs' });
    store.addUnit({ key: 'k', source: ['k'], target: ['T'] });
    expect(JSON.parse(store.serialize().toString('utf8'))).toEqual({ k: { defaultMessage: 'T' } });
  });
});
