// Tests for PHP translation files: the shapes read, PHP escaping on edit, where new keys go, and bounds.

import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { doubleQuoted, singleQuoted } from './php-escape.js';
import { MAX_PHP_DEPTH } from './php-source.js';
import { phpFormat } from './php.format.js';

const parse = (text: string) => phpFormat.parse(Buffer.from(text, 'utf8'));
const pairs = (text: string) => parse(text).units.map((u) => [u.key, u.target[0]]);

describe('php reading', () => {
  it('reads assignments (the variable is not part of the key), nested offsets, arrays and define()', () => {
    const text = `<?php\n$lang['a'] = 'A';\n$lang['js']['b'] = "B\\n\\x41\\u{e9}";\n$lang['list'] = array('x' => 'X', 5 => 'five', 'more' => ['y' => 'Y']);\ndefine('CONST_NAME', 'C');\n`;
    expect(pairs(text)).toEqual([
      ['a', 'A'],
      ['js.b', 'B\nAé'],
      ['list.x', 'X'],
      ['list.5', 'five'],
      ['list.more.y', 'Y'],
      ['CONST_NAME', 'C'],
    ]);
  });

  it('reads a returned array, joins concatenated literals and skips values that are not literals', () => {
    expect(pairs("<?php\nreturn ['a' => 'one' . \"two\", 'b' => $x, 'c' => <<<EOT\nheredoc\nEOT, 'd' => 'D'];\n")).toEqual([
      ['a', 'onetwo'],
      ['d', 'D'],
    ]);
  });

  it('takes the comments right above an entry as its note, not a header separated by a blank line', () => {
    const store = parse("<?php\n/* File header */\n\n// First\n# and second\n$l['a'] = 'x'; // trailing\n$l['b'] = 'y';\n");
    expect(store.units.map((u) => u.note)).toEqual(['First\nand second', '']);
  });

  it('refuses syntax errors with their line, text outside PHP, and arrays nested too deep', () => {
    for (const [text, line] of [
      ["<?php\n$a['x'] = 'y'\n$a['z'] = 'w';\n", 3],
      ['Hello <?php $a = 1;', undefined],
      [`<?php return ${'['.repeat(MAX_PHP_DEPTH + 2)}'x'${']'.repeat(MAX_PHP_DEPTH + 2)};`, 1],
    ] as const) {
      let error: unknown;
      try {
        parse(text);
      } catch (e) {
        error = e;
      }
      expect(error, text.slice(0, 40)).toBeInstanceOf(FormatParseError);
      if (line !== undefined) expect((error as FormatParseError).line).toBe(line);
    }
  });

  it('never runs the file: code reads as no units', () => {
    expect(pairs("<?php\nsystem('rm -rf /');\n$x = strtoupper('a');\n")).toEqual([]);
  });
});

describe('php escaping', () => {
  it('escapes single- and double-quoted literals so PHP reads the exact text', () => {
    expect(singleQuoted("It's C:\\n")).toBe("'It\\'s C:\\\\n'");
    expect(doubleQuoted('Say "hi" $name\n\t\\')).toBe('"Say \\"hi\\" \\$name\\n\\t\\\\"');
  });

  it('rewrites only the edited literal, in its own quote style', () => {
    const text = "<?php\n$l['a']   = 'one';\n$l['b'] = \"two\";\n";
    const store = parse(text);
    store.updateUnit(0, { target: ["it's"] });
    store.updateUnit(1, { target: ['$x "y"'] });
    expect(store.serialize().toString()).toBe("<?php\n$l['a']   = 'it\\'s';\n$l['b'] = \"\\$x \\\"y\\\"\";\n");
    expect(pairs(store.serialize().toString())).toEqual([
      ['a', "it's"],
      ['b', '$x "y"'],
    ]);
  });

  it('replaces a concatenation with one literal', () => {
    const store = parse("<?php\nreturn ['a' => 'x' . 'y'];\n");
    store.updateUnit(0, { target: ['z'] });
    expect(store.serialize().toString()).toBe("<?php\nreturn ['a' => 'z'];\n");
  });
});

describe('php adding and removing', () => {
  it('adds keys to an assignment file as assignments to its variable', () => {
    const store = parse("<?php\n$messages['a'] = 'A';\n");
    store.addUnit({ key: 'group.b', source: ['group.b'], target: ['B'] });
    expect(store.serialize().toString()).toBe("<?php\n$messages['a'] = 'A';\n$messages['group']['b'] = 'B';\n");
  });

  it('adds keys into the nested array they belong to, keeping its indentation', () => {
    const store = parse("<?php\nreturn [\n    'a' => 'A',\n    'n' => [\n        'x' => 'X',\n    ],\n];\n");
    store.addUnit({ key: 'n.y', source: ['n.y'], target: ['Y'] });
    store.addUnit({ key: 'm.p.q', source: ['m.p.q'], target: ['Q'] });
    store.addUnit({ key: 'm.p.r', source: ['m.p.r'], target: ['R'] });
    expect(store.serialize().toString()).toBe(
      "<?php\nreturn [\n    'a' => 'A',\n    'n' => [\n        'x' => 'X',\n        'y' => 'Y',\n    ],\n    'm' => ['p' => ['q' => 'Q', 'r' => 'R']],\n];\n",
    );
    expect(pairs(store.serialize().toString()).map(([k]) => k)).toEqual(['a', 'n.x', 'n.y', 'm.p.q', 'm.p.r']);
  });

  it('removes an entry with its comment lines', () => {
    const store = parse("<?php\nreturn [\n    // about a\n    'a' => 'A',\n    'b' => 'B'\n];\n");
    store.removeUnit(0);
    expect(store.serialize().toString()).toBe("<?php\nreturn [\n    'b' => 'B'\n];\n");
  });

  it('creates files in the template\'s style', () => {
    const assigned = phpFormat.create({ language: 'cs', template: parse("<?php\n$labels['a'] = 'A';\n") });
    assigned.addUnit({ key: 'a', source: ['a'], target: ['Á'] });
    expect(assigned.serialize().toString()).toBe("<?php\n$labels['a'] = 'Á';\n");
    const returned = phpFormat.create({ language: 'cs' });
    returned.addUnit({ key: 'a', source: ['a'], target: ['Á'] });
    expect(returned.serialize().toString()).toBe("<?php\n\nreturn [\n    'a' => 'Á',\n];\n");
  });
});

describe('php adding into one-line arrays', () => {
  it('separates several new keys in an empty `[]`', () => {
    const store = parse('<?php return [];');
    store.addUnit({ key: 'a', source: ['a'], target: ['A'] });
    store.addUnit({ key: 'b', source: ['b'], target: ['B'] });
    expect(store.serialize().toString()).toBe("<?php return ['a' => 'A', 'b' => 'B'];");
  });
});
