// Tests for the YAML reader and writer: keys, scalar styles, edits kept in style, inserted keys, removals, errors.

import { describe, expect, it } from 'vitest';
import { FormatParseError, type ParsedStore } from '../format.js';
import { looksTyped, renderBlock, renderDouble, renderPlain } from './scalars.js';
import { yamlFormat } from './yaml.format.js';
import { growthRatio } from '../../../test/helpers/timing.js';

const parse = (text: string): ParsedStore => yamlFormat.parse(Buffer.from(text, 'utf8'));
const pairs = (store: ParsedStore) => store.units.map((u) => [u.key, u.target[0]]);
const out = (store: ParsedStore): string => store.serialize().toString('utf8');

function edited(text: string, index: number, value: string): string {
  const store = parse(text);
  store.updateUnit(index, { target: [value] });
  const result = out(store);
  expect(parse(result).units[index]!.target).toEqual([value]);
  return result;
}

function parseError(text: string): FormatParseError {
  try {
    parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatParseError);
    return e as FormatParseError;
  }
  throw new Error('expected a FormatParseError');
}

describe('yaml reading', () => {
  it('joins nested keys with dots and list items with [n], skipping empty values and flow collections', () => {
    const store = parse('a:\n  b:\n    c: deep\n  list:\n  - first\n  -\n  - third\n  flow: [x, y]\n  empty:\n  tilde: ~\nroot: top\n');
    expect(pairs(store)).toEqual([
      ['a.b.c', 'deep'],
      ['a.list[0]', 'first'],
      ['a.list[2]', 'third'],
      ['root', 'top'],
    ]);
    expect(store.units[0]).toMatchObject({ context: 'a.b.c', source: ['a.b.c'], fuzzy: false });
  });

  it('reads mappings inside sequences and sequences inside sequences', () => {
    expect(pairs(parse('items:\n  - name: One\n    text: Jedna\n  - - x\n    - y\n'))).toEqual([
      ['items[0].name', 'One'],
      ['items[0].text', 'Jedna'],
      ['items[1][0]', 'x'],
      ['items[1][1]', 'y'],
    ]);
  });

  it('keeps numbers and booleans as their text', () => {
    expect(pairs(parse('precision: 2\nstrict: false\nrate: 1.5\n'))).toEqual([
      ['precision', '2'],
      ['strict', 'false'],
      ['rate', '1.5'],
    ]);
  });

  it('decodes the quoting styles and line folding', () => {
    const store = parse(
      "a: 'it''s: fine'\nb: \"tab\\there \\\"q\\\" \\u00e9 \\x41\"\nc: plain # comment\nd: first\n  second\n\n  third\n" +
        'e: "folded\n  line \\\n  joined"\n"quoted key": v\n',
    );
    expect(pairs(store)).toEqual([
      ['a', "it's: fine"],
      ['b', 'tab\there "q" é A'],
      ['c', 'plain'],
      ['d', 'first second\nthird'],
      ['e', 'folded line joined'],
      ['quoted key', 'v'],
    ]);
  });

  it('decodes literal and folded block scalars with their chomping', () => {
    const store = parse('a: |\n  one\n  two\nb: |-\n  x\n\n  y\nc: |+\n  kept\n\nd: >\n  folded\n  text\n\n  para\n    indented\n  end\ne: |2\n    two extra\n  base\n');
    expect(pairs(store)).toEqual([
      ['a', 'one\ntwo\n'],
      ['b', 'x\n\ny'],
      ['c', 'kept\n\n'],
      ['d', 'folded text\npara\n  indented\nend\n'],
      ['e', '  two extra\nbase\n'],
    ]);
  });

  it('takes the comments right above a key as its note', () => {
    const store = parse('# File header\n\n# About a\na: 1\nsection:\n  # About b\n  # continued\n  b: 2\n# outdented comment\n  c: 3\n');
    expect(store.units.map((u) => [u.key, u.note])).toEqual([
      ['a', 'About a'],
      ['section.b', 'About b\ncontinued'],
      ['section.c', ''],
    ]);
  });

  it('accepts a BOM, a document marker and a document end marker', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\na: 1\n...\n')]);
    const store = yamlFormat.parse(bytes);
    expect(pairs(store)).toEqual([['a', '1']]);
    store.updateUnit(0, { target: ['2'] });
    expect(store.serialize()).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\na: 2\n...\n')]));
  });

  it('rejects malformed YAML and what cannot hold translations, with the line', () => {
    expect(parseError('a: 1\nb: *alias\n')).toMatchObject({ line: 2 });
    expect(parseError('a: 1\nb: *alias\n').reason).toContain('no anchor');
    expect(parseError('a: 1\n? [complex]\n: key\n')).toMatchObject({ line: 2 });
    expect(parseError('a:\n  b: 1\n c: 2\n')).toMatchObject({ line: 3 });
    expect(parseError('a: 1\nb: 2\na: 3\n')).toMatchObject({ line: 3, reason: 'duplicate key "a"' });
    expect(parseError('a: "open\nb: 2\n').line).toBeGreaterThan(0);
    expect(parseError('a: [1, 2\n').line).toBeGreaterThan(0);
    expect(parseError('a: "x" y\n')).toMatchObject({ line: 1 });
    expect(parseError('a: |x\n  t\n')).toMatchObject({ line: 1 });
    expect(parseError('a: b: c\n')).toMatchObject({ line: 1 });
    expect(parseError('a: 1\n---\njust text\n')).toMatchObject({ line: 3 });
  });

  // The yaml package reads about 100,000 units a second here; the bound catches work that grows faster than the file.
  it('parses 100,000 units in bounded time, growing linearly', () => {
    const fileOf = (sections: number) => Buffer.from(Array.from({ length: sections }, (_, i) => `s${i}:\n  title: "Title ${i}"\n  body: Body text ${i}`).join('\n') + '\n');
    const files = new Map([5_000, 50_000].map((n) => [n, fileOf(n)]));
    const started = performance.now();
    expect(yamlFormat.parse(files.get(50_000)!).units.length).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(15_000);
    // The absolute bound is loose for shared machines; the growth from 10,000 to 100,000 units is what catches quadratic work.
    expect(growthRatio((n) => yamlFormat.parse(files.get(n)!), 5_000).ratio).toBeLessThan(30);
  });
});

describe('yaml scalar writing', () => {
  it('writes plain only when the text reads back as the same string', () => {
    expect(renderPlain('Hello world')).toBe('Hello world');
    expect(renderPlain(':day')).toBe(':day');
    for (const text of ['', ' x', 'x ', 'a: b', 'a #b', '#a', '- a', '[a]', '{a}', '"a"', "'a'", '%{count} x', '@a', '*a', '&a', '!a', '|', '>', 'yes', 'No', 'true', '~', 'null', '12', '1.5', '0x1F', '2024-01-01', 'x\ny', 'end:']) {
      expect(renderPlain(text), text).toBeNull();
    }
    expect(renderPlain('12', true)).toBe('12');
    expect(renderPlain('null', true)).toBeNull();
    expect(looksTyped('Hello')).toBe(false);
  });

  it('escapes double-quoted text so that it reads back verbatim', () => {
    const text = 'Say "hi" \\ bye\nnext\ttab \u0001 \u2028 😀 é';
    expect(renderDouble(text)).toBe('"Say \\"hi\\" \\\\ bye\\nnext\\ttab \\x01 \\L 😀 é"');
    expect(parse(`a: ${renderDouble(text)}\n`).units[0]!.target).toEqual([text]);
  });

  it('renders block scalars with the chomping the value needs', () => {
    expect(renderBlock('a\nb', false, '  ', '')).toEqual(['|-', '  a', '  b']);
    expect(renderBlock('a\n\nb\n', false, '  ', ' # c')).toEqual(['| # c', '  a', '', '  b']);
    expect(renderBlock('a\n\n', false, '  ', '')).toEqual(['|+', '  a', '']);
    expect(renderBlock('one two\nthree\n', true, '  ', '')).toEqual(['>', '  one two', '', '  three']);
    expect(renderBlock(' leading', false, '  ', '')).toBeNull();
  });
});

describe('yaml editing', () => {
  it('keeps the style of the edited scalar when the value allows it', () => {
    expect(edited('a: old\nb: x\n', 0, 'new text')).toBe('a: new text\nb: x\n');
    expect(edited("a: 'old'\n", 0, "it's")).toBe("a: 'it''s'\n");
    expect(edited('a: "old"\n', 0, 'plain')).toBe('a: "plain"\n');
    expect(edited('a: old # comment\n', 0, 'new')).toBe('a: new # comment\n');
    expect(edited('precision: 2\n', 0, '3')).toBe('precision: 3\n');
  });

  it('switches to double quotes when the style cannot hold the value', () => {
    expect(edited('a: old\n', 0, 'yes')).toBe('a: "yes"\n');
    expect(edited('a: old\n', 0, 'a: b')).toBe('a: "a: b"\n');
    expect(edited("a: 'old'\n", 0, 'two\nlines')).toBe('a: "two\\nlines"\n');
    expect(edited('a: old\n', 0, '')).toBe('a: ""\n');
  });

  it('rewrites a multi-line scalar on one line', () => {
    expect(edited('a: first\n  second\nb: "x\n  y"\nc: z\n', 0, 'one')).toBe('a: one\nb: "x\n  y"\nc: z\n');
  });

  it('keeps block scalars as blocks, adjusting the chomping indicator', () => {
    expect(edited('a: |-\n  old\nb: x\n', 0, 'line 1\n\nline 2')).toBe('a: |-\n  line 1\n\n  line 2\nb: x\n');
    expect(edited('a: |-\n  old\nb: x\n', 0, 'ends with break\n')).toBe('a: |\n  ends with break\nb: x\n');
    expect(edited('a: >\n  old\nb: x\n', 0, 'p1\np2\n')).toBe('a: >\n  p1\n\n  p2\nb: x\n');
    expect(edited('  # c\nx:\n    a: |\n        deep\n', 0, 'new\n')).toBe('  # c\nx:\n    a: |\n        new\n');
    // A leading space needs an indentation indicator: double quotes instead.
    expect(edited('a: |\n  old\n', 0, ' lead')).toBe('a: " lead"\n');
  });

  it('writes back the original text when a value is set back', () => {
    const text = "a: 'x'  # c\nb: |\n  y\n";
    const store = parse(text);
    store.updateUnit(0, { target: ['changed'] });
    store.updateUnit(1, { target: ['changed'] });
    store.updateUnit(0, { target: ['x'] });
    store.updateUnit(1, { target: ['y\n'] });
    expect(out(store)).toBe(text);
  });

  it('keeps CRLF line breaks in edits and new lines', () => {
    const store = parse('a:\r\n  b: |\r\n    x\r\n');
    store.updateUnit(0, { target: ['one\ntwo\n'] });
    store.addUnit({ key: 'a.c', source: ['a.c'], target: ['new'] });
    expect(out(store)).toBe('a:\r\n  b: |\r\n    one\r\n    two\r\n  c: new\r\n');
  });
});

describe('yaml adding and removing', () => {
  it('inserts new keys into the deepest existing mapping with its indentation', () => {
    const store = parse('title:\n    archive: Archive\n\nmenu:\n    home: Home\n');
    store.addUnit({ key: 'title.tag', source: ['title.tag'], target: ['Tag'] });
    store.addUnit({ key: 'menu.sub.deep', source: ['menu.sub.deep'], target: ['Deep'] });
    store.addUnit({ key: 'menu.sub.other', source: ['menu.sub.other'], target: ['yes'], note: 'Why' });
    store.addUnit({ key: 'top', source: ['top'], target: ['a: b'] });
    expect(out(store)).toBe(
      'title:\n    archive: Archive\n    tag: Tag\n\nmenu:\n    home: Home\n    sub:\n        deep: Deep\n        # Why\n        other: "yes"\ntop: "a: b"\n',
    );
    expect(parse(out(store)).units.map((u) => u.key)).toEqual(['title.archive', 'title.tag', 'menu.home', 'menu.sub.deep', 'menu.sub.other', 'top']);
  });

  it('matches existing keys that contain dots', () => {
    const store = parse('errors:\n  "format.short": x\n');
    expect(store.units[0]!.key).toBe('errors.format.short');
    expect(() => store.addUnit({ key: 'errors.format.short', source: ['k'], target: ['y'] })).toThrow(RangeError);
  });

  it('appends list items and fills empty values in place', () => {
    const store = parse('days:\n- Mon\n- Tue\nempty:\nlater: x\n');
    store.addUnit({ key: 'days[2]', source: ['days[2]'], target: ['Wed'] });
    store.addUnit({ key: 'empty', source: ['empty'], target: ['filled'] });
    expect(out(store)).toBe('days:\n- Mon\n- Tue\n- Wed\nempty: filled\nlater: x\n');
    expect(() => store.addUnit({ key: 'days[9]', source: ['x'], target: ['x'] })).toThrow(RangeError);
    expect(() => store.addUnit({ key: 'later.child', source: ['x'], target: ['x'] })).toThrow(RangeError);
  });

  it('writes keys that would not read back as strings in quotes', () => {
    const store = yamlFormat.create({ language: 'cs' });
    store.addUnit({ key: 'no', source: ['no'], target: ['Ne'] });
    store.addUnit({ key: 'a b.c', source: ['a b.c'], target: ['x'] });
    expect(out(store)).toBe('"no": Ne\na b:\n  c: x\n');
    expect(pairs(parse(out(store)))).toEqual([
      ['no', 'Ne'],
      ['a b.c', 'x'],
    ]);
  });

  it('removes an entry with its comments, and a list item as an empty item so later indexes stay', () => {
    const store = parse('# about a\na: 1\nlist:\n- x\n- y\nb: 2');
    store.removeUnit(1); // list[0]
    store.removeUnit(0); // a
    expect(out(store)).toBe('list:\n-\n- y\nb: 2');
    expect(pairs(parse(out(store)))).toEqual([
      ['list[1]', 'y'],
      ['b', '2'],
    ]);
    const last = parse('a: 1\nb: 2');
    last.removeUnit(1);
    expect(out(last)).toBe('a: 1');
  });

  it('removes the first key of a mapping inside a list item', () => {
    const store = parse('items:\n- name: One\n  text: Jedna\n- name: Two\n');
    store.removeUnit(0);
    expect(out(store)).toBe('items:\n- text: Jedna\n- name: Two\n');
  });

  it('adds keys to a file that ends without a line break and to an empty file', () => {
    const store = parse('a: 1');
    store.addUnit({ key: 'b', source: ['b'], target: ['2'] });
    expect(out(store)).toBe('a: 1\nb: "2"');
    const empty = yamlFormat.create({ language: 'cs' });
    expect(empty.serialize().length).toBe(0);
    empty.addUnit({ key: 'x.w', source: ['x.w'], target: ['z'] });
    expect(out(empty)).toBe('x:\n  w: z\n');
  });
});

describe('yaml nesting limit (fuzz regression: "- - - …" overflowed the stack)', () => {
  it('refuses nesting thousands of levels deep with a FormatParseError', () => {
    expect(parseError('- '.repeat(20_000) + 'x\n').message).toContain('nesting deeper than 500 levels');
    expect(parseError('a:\n' + Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i + 1)}a:\n`).join('')).line).toBeGreaterThan(1);
  });

  it('still reads reasonably deep mappings', () => {
    const text = Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' deep\n';
    expect(parse(text).units.map((u) => u.target)).toEqual([['deep']]);
  });
});

/** Lines of `after` that differ from `before`, for edits that keep the number of lines. */
function differingLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

const ANCHORED =
  'defaults: &defaults\n' +
  '  save: Save\n' +
  '  cancel: Cancel\n' +
  'dialog:\n' +
  '  <<: *defaults\n' +
  '  cancel: Close\n' +
  'list: &items\n' +
  '- one\n' +
  '- two\n' +
  'copy: *items\n' +
  'shared: &text Shared text # comment\n' +
  'reused: *text\n' +
  'tagged: !!str 12\n' +
  'custom: !ruby/object:Foo\n' +
  '  label: Custom\n' +
  'flow: &flow {a: &inner x}\n' +
  'inner: *inner\n';

describe('yaml anchors, aliases, merge keys, tags and documents', () => {
  it('makes units of the values the file spells out, not of aliases or merged keys', () => {
    expect(pairs(parse(ANCHORED))).toEqual([
      ['defaults.save', 'Save'],
      ['defaults.cancel', 'Cancel'],
      ['dialog.cancel', 'Close'],
      ['list[0]', 'one'],
      ['list[1]', 'two'],
      ['shared', 'Shared text'],
      ['tagged', '12'],
      ['custom.label', 'Custom'],
    ]);
  });

  it('round-trips untouched and edits only the edited value, keeping anchors, tags and comments', () => {
    expect(out(parse(ANCHORED))).toBe(ANCHORED);
    const count = parse(ANCHORED).units.length;
    for (let i = 0; i < count; i++) {
      const store = parse(ANCHORED);
      const before = store.units.map((u) => u.target);
      store.updateUnit(i, { target: ['Nový text'] });
      const text = out(store);
      expect(differingLines(ANCHORED, text)).toHaveLength(1);
      expect(parse(text).units.map((u) => u.target)).toEqual(before.map((t, j) => (j === i ? ['Nový text'] : t)));
    }
    expect(edited(ANCHORED, 5, 'Changed')).toContain('shared: &text Changed # comment\nreused: *text\n');
    expect(edited(ANCHORED, 6, '13')).toContain('tagged: !!str 13\n');
  });

  it('adds a key that only a merge key provides as an override in the merging mapping', () => {
    const store = parse(ANCHORED);
    store.addUnit({ key: 'dialog.save', source: ['dialog.save'], target: ['Uložit'] });
    expect(out(store)).toContain('dialog:\n  <<: *defaults\n  cancel: Close\n  save: Uložit\nlist:');
    expect(() => store.addUnit({ key: 'reused.x', source: ['x'], target: ['x'] })).toThrow(RangeError);
    expect(() => store.addUnit({ key: 'copy[2]', source: ['x'], target: ['x'] })).toThrow(RangeError);
    expect(() => store.addUnit({ key: '<<', source: ['x'], target: ['x'] })).not.toThrow();
    expect(parse(out(store)).units.map((u) => u.key)).toContain('dialog.save');
  });

  it('keeps an aliased value in the file when its unit is removed, so the aliases still resolve', () => {
    const store = parse(ANCHORED);
    store.removeUnit(5); // shared, aliased by reused
    store.removeUnit(0); // defaults.save: the mapping stays, one key fewer
    const text = out(store);
    expect(text).toContain('shared: &text Shared text # comment\n');
    expect(text).not.toContain('save: Save');
    expect(() => parse(text)).not.toThrow();
  });

  it('never expands aliases, so an alias bomb costs what its text costs', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++) levels.push(`l${i}: &l${i} [${Array(9).fill(i === 1 ? '*a' : `*l${i - 1}`).join(',')}]`);
    const block = Array.from({ length: 12 }, (_, i) => `b${i}: &b${i}\n${Array.from({ length: 9 }, () => `- ${i === 0 ? 'lol' : `*b${i - 1}`}`).join('\n')}`);
    const started = performance.now();
    const store = parse([...levels, ...block, 'title: Text'].join('\n') + '\n');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(store.units.map((u) => u.key)).toEqual([...Array.from({ length: 9 }, (_, i) => `b0[${i}]`), 'title']);
  });

  it('reads every document of a stream and edits and adds within them', () => {
    const text = '%YAML 1.2\n---\ntitle: Title\n---\nmenu:\n  home: Home\n...\n';
    const store = parse(text);
    expect(pairs(store)).toEqual([
      ['title', 'Title'],
      ['menu.home', 'Home'],
    ]);
    expect(out(store)).toBe(text);
    store.updateUnit(1, { target: ['Domů'] });
    store.addUnit({ key: 'menu.about', source: ['menu.about'], target: ['O nás'] });
    store.addUnit({ key: 'footer', source: ['footer'], target: ['Patička'] });
    expect(out(store)).toBe('%YAML 1.2\n---\ntitle: Title\n---\nmenu:\n  home: Domů\n  about: O nás\nfooter: Patička\n...\n');
    expect(parse(out(store)).units.map((u) => u.key)).toEqual(['title', 'menu.home', 'menu.about', 'footer']);
  });
});

describe('yaml bounds', () => {
  it('reports an alias to an anchor defined later or nowhere', () => {
    expect(parseError('a: *x\nb: &x text\n')).toMatchObject({ line: 1 });
    expect(parseError('a: [&x one]\nb: *y\n')).toMatchObject({ line: 2 });
    expect(pairs(parse('a: [&x one]\nb: *x\nc: ok\n'))).toEqual([['c', 'ok']]);
  });

  it('refuses flow collections nested thousands of levels deep', () => {
    expect(parseError('a: ' + '['.repeat(5000) + ']'.repeat(5000) + '\n').reason).toContain('nesting deeper than 500 levels');
  });
});

describe('yaml plural maps', () => {
  const RU = { pluralCategories: ['one', 'few', 'many', 'other'] };

  it('reads a mapping of CLDR categories as one plural unit in plain YAML too', () => {
    const store = yamlFormat.parse(Buffer.from('title: Заголовок\nposts:\n  one: "%d запись"\n  few: "%d записи"\n  other: "%d записей"\n'), RU);
    expect(store.units.map((u) => [u.key, u.target])).toEqual([
      ['title', ['Заголовок']],
      ['posts', ['%d запись', '%d записи', '', '%d записей']],
    ]);
    store.updateUnit(1, { target: ['%d запись', '%d записи', '%d записей', '%d записи'] });
    expect(out(store)).toBe('title: Заголовок\nposts:\n  one: "%d запись"\n  few: "%d записи"\n  many: "%d записей"\n  other: "%d записи"\n');
  });
});
