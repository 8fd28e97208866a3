// Flat JSON specifics: the offset-keeping parser, its errors and layout detection, and JSON escaping as the file does it.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { encodeJsonString } from './json-escape.js';
import { parseJsonSource } from './json-source.js';
import { jsonFormat } from './json.format.js';

const parse = (text: string) => jsonFormat.parse(Buffer.from(text, 'utf8'));
const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');

function parseError(text: string | Uint8Array): FormatParseError {
  try {
    jsonFormat.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, { filename: 'cs.json' });
  } catch (e) {
    if (e instanceof FormatParseError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('JSON string escaping', () => {
  it('escapes like JSON.stringify but keeps non-ASCII and "/" literal', () => {
    const text = 'Řekl "ahoj" \\ C:\\Temp\n\ttab \u0001 </b> 日本語 😀';
    expect(encodeJsonString(text)).toBe(JSON.stringify(text));
    expect(encodeJsonString('a/b')).toBe('"a/b"');
  });

  it('follows a file that escapes non-ASCII and slashes', () => {
    const style = { asciiOnly: true, escapeSlash: true, upperHex: true };
    expect(encodeJsonString('čeština 😀 a/b', style)).toBe('"\\u010De\\u0161tina \\uD83D\\uDE00 a\\/b"');
  });

  it('writes lone surrogates as escapes so the output stays valid UTF-8', () => {
    expect(encodeJsonString('x\ud800y')).toBe('"x\\ud800y"');
  });
});

describe('JSON source parser', () => {
  it('keeps exact offsets of keys and values', () => {
    const src = parseJsonSource(Buffer.from('{\n  "Open": "Otevřít {0}",\n  "n": 12.5e3\n}\n'));
    const root = src.root;
    if (root.kind !== 'object') throw new Error('object expected');
    const [open, n] = root.entries;
    expect(src.text.slice(open!.key!.start, open!.key!.end)).toBe('"Open"');
    expect(src.text.slice(open!.value.start, open!.value.end)).toBe('"Otevřít {0}"');
    expect(src.text.slice(n!.value.start, n!.value.end)).toBe('12.5e3');
  });

  it('detects indentation, key/value spacing, EOL, final newline and BOM', () => {
    const src = parseJsonSource(Buffer.from('\uFEFF{\r\n\t"a" : "x"\r\n}', 'utf8'));
    expect(src.bom).toBe(true);
    expect(src.style).toMatchObject({ multiline: true, indent: '\t', colon: ' : ', eol: '\r\n', finalNewline: false });
    expect(parseJsonSource(Buffer.from('{"a":"x","b":"y"}')).style).toMatchObject({ multiline: false, colon: ':', inlineSeparator: ',' });
  });

  it('reports what is wrong with the 1-based line of the offending character', () => {
    expect(parseError('{\n  "a": "x"\n  "b": "y"\n}\n')).toMatchObject({ reason: "expected ',' or '}'", line: 3 });
    expect(parseError('[\n  "a"\n  "b"\n]')).toMatchObject({ reason: "expected ',' or ']'", line: 3 });
    expect(parseError('{\n  "a" "x"\n}')).toMatchObject({ reason: "expected ':' after the key", line: 2 });
    expect(parseError('{\n  "a": "x",\n}')).toMatchObject({ reason: "expected a string key after ','", line: 3 });
    expect(parseError('{\n\n  "a": "never closed\n}')).toMatchObject({ reason: 'unterminated string', line: 3 });
    expect(parseError('{\n  "a": "\\q"\n}')).toMatchObject({ reason: "invalid escape '\\q' in string", line: 2 });
    expect(parseError('{\n  "a": 01\n}')).toMatchObject({ reason: 'invalid number', line: 2 });
    expect(parseError('{"a": "x"}\n{"b": "y"}')).toMatchObject({ reason: "unexpected '{' after the JSON value", line: 2 });
    expect(parseError('{\n  "a": "x"\n')).toMatchObject({ line: 3 });
    expect(parseError('').line).toBe(1);
    expect(parseError('"just text"').reason).toBe('expected a JSON object at the top level');
    expect(parseError('{"a": x}').message).toBe("cs.json:1: unexpected 'x', expected a value");
  });

  it('rejects invalid UTF-8 and absurd nesting', () => {
    expect(parseError(Buffer.from([0x7b, 0x0a, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])).line).toBe(2);
    expect(parseError('{"a":' + '['.repeat(10000) + ']'.repeat(10000) + '}').reason).toBe('nesting too deep');
  });
});

describe('flat JSON store', () => {
  const FILE = '{\n    "Open": "Otev\\u0159\\u00edt",\n    "count": 3,\n    "list": [1, 2],\n    "Save": "Uložit",\n    "Save": "Duplicate"\n}\n';

  it('lists string members as units and keeps the rest', () => {
    const store = parse(FILE);
    expect(store.units.map((u) => [u.key, u.target[0]])).toEqual([
      ['Open', 'Otevřít'],
      ['Save', 'Uložit'],
      ['Save', 'Duplicate'],
    ]);
    expect(store.units[0]).toMatchObject({ context: 'Open', source: ['Open'], fuzzy: false, note: '' });
  });

  it('splices an edited value and keeps the original escapes when set back', () => {
    const store = parse(FILE);
    store.updateUnit(1, { target: ['Uložit "vše"\n'] });
    expect(out(store)).toBe(FILE.replace('"Uložit"', '"Uložit \\"vše\\"\\n"'));
    store.updateUnit(0, { target: ['Zavřít'] });
    store.updateUnit(0, { target: ['Otevřít'] });
    store.updateUnit(1, { target: ['Uložit'] });
    expect(out(store)).toBe(FILE);
  });

  it('writes new text in the file\'s escaping when it escapes every non-ASCII character', () => {
    const store = parse('{\n  "a": "\\u010de\\u0161tina",\n  "b": "plain"\n}\n');
    store.updateUnit(1, { target: ['žluťoučký/kůň'] });
    expect(out(store)).toContain('"b": "\\u017elu\\u0165ou\\u010dk\\u00fd/k\\u016f\\u0148"');
    const mixed = parse('{\n  "a": "\\u010de\\u0161tina",\n  "b": "čeština"\n}\n');
    mixed.updateUnit(0, { target: ['žluť'] });
    expect(out(mixed)).toContain('"a": "žluť"');
  });

  it('appends in the file\'s style and removes members with their commas', () => {
    const crlf = parse('\uFEFF{\r\n  "a": "Alpha"\r\n}');
    crlf.addUnit({ key: 'b', source: ['b'], target: ['Beta'] });
    expect(out(crlf)).toBe('\uFEFF{\r\n  "a": "Alpha",\r\n  "b": "Beta"\r\n}');
    crlf.removeUnit(0);
    expect(out(crlf)).toBe('\uFEFF{\r\n  "b": "Beta"\r\n}');

    const minified = parse('{"a":"Alpha","b":"Beta","c":"Gamma"}');
    minified.removeUnit(2);
    minified.addUnit({ key: 'd', source: ['d'], target: ['Delta'] });
    expect(out(minified)).toBe('{"a":"Alpha","b":"Beta","d":"Delta"}');
  });

  it('creates an empty object with a final newline and fills it with four-space indentation', () => {
    const store = jsonFormat.create({ language: 'cs' });
    expect(out(store)).toBe('{}\n');
    store.addUnit({ key: 'a', source: ['a'], target: ['Alfa'] });
    expect(out(store)).toBe('{\n    "a": "Alfa"\n}\n');
    store.removeUnit(0);
    expect(out(store)).toBe('{}\n');
  });
});
