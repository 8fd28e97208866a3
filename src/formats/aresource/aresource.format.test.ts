// Android resource rules: aapt2 escapes and quoting, inline markup, plurals by category, arrays, notes, edits in place.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR } from '../contract/format-contract.js';
import type { ParseOptions } from '../format.js';
import { aresourceFormat } from './aresource.format.js';
import { growthRatio } from '../../../test/helpers/timing.js';

const wrap = (body: string): string => `<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n${body}</resources>\n`;
const parse = (body: string, options?: ParseOptions) => aresourceFormat.parse(Buffer.from(wrap(body)), options);
const value = (raw: string): string => parse(`    <string name="k">${raw}</string>\n`).units[0]!.target[0]!;
const written = (text: string, original = 'x'): string => {
  const store = parse(`    <string name="k">${original}</string>\n`);
  store.updateUnit(0, { target: [text] });
  const out = store.serialize().toString('utf8');
  expect(aresourceFormat.parse(Buffer.from(out)).units[0]!.target[0]).toBe(text);
  return /<string name="k">(.*)<\/string>/s.exec(out)![1]!;
};

describe('reading Android values', () => {
  it('decodes backslash escapes and XML entities', () => {
    expect(value("Don\\'t \\\"quote\\\"\\nline\\ttab \\\\ \\@home \\? \\u00e9 &amp; &lt;b&gt;")).toBe('Don\'t "quote"\nline\ttab \\ @home ? é & <b>');
  });

  it('collapses and trims unquoted whitespace but keeps quoted whitespace', () => {
    expect(value('  Two   spaces\n    and a line  ')).toBe('Two spaces and a line');
    expect(value('"  kept   as is "')).toBe('  kept   as is ');
    expect(value('Age-restricted.\n\\nDue to policies')).toBe('Age-restricted. \nDue to policies');
  });

  it('keeps inline markup verbatim, quotes spanning it', () => {
    expect(value('"Today at <xliff:g id="time">%s</xliff:g>"')).toBe('Today at <xliff:g id="time">%s</xliff:g>');
    expect(value('<b>Bold</b> and <i>it\\\'s</i>')).toBe("<b>Bold</b> and <i>it's</i>");
  });

  it('reads CDATA content with the same rules', () => {
    // aapt2 applies its quote rule inside CDATA too: HTML attributes need \" there.
    expect(value('<![CDATA[<a href=\\"x\\">link</a> \\\'q\\\']]>')).toBe('<a href="x">link</a> \'q\'');
    expect(value('<![CDATA[<a href="x">link</a>]]>')).toBe('<a href=x>link</a>');
  });

  it('maps plural quantities to the language\'s categories, missing ones empty', () => {
    const store = parse('    <plurals name="n">\n        <item quantity="one">one</item>\n        <item quantity="other">other</item>\n    </plurals>\n', {
      pluralCategories: ['one', 'few', 'many', 'other'],
    });
    expect(store.units[0]!.target).toEqual(['one', '', '', 'other']);
  });

  it('keys array items name[index], flags references read-only, skips translatable="false"', () => {
    const store = parse(
      '    <string name="ref">@string/other</string>\n    <string name="no" translatable="false">x</string>\n' +
        '    <string-array name="arr">\n        <item>First</item>\n        <item>@string/ref</item>\n    </string-array>\n' +
        '    <string-array name="fixed" translatable="false">\n        <item>a</item>\n    </string-array>\n',
    );
    expect(store.units.map((u) => [u.key, u.target[0], u.flags])).toEqual([
      ['ref', '@string/other', 'read-only'],
      ['arr[0]', 'First', ''],
      ['arr[1]', '@string/ref', 'read-only'],
    ]);
  });

  it('turns the comments right before a resource into its note and CHAR LIMIT into max-length', () => {
    const store = parse(
      '    <!-- Section header -->\n\n    <!-- Label of the button.\n         Keep it short [CHAR LIMIT=20] -->\n    <string name="a">A</string>\n    <string name="b">B</string>\n',
    );
    expect(store.units[0]!.note).toBe('Label of the button.\nKeep it short [CHAR LIMIT=20]');
    expect(store.units[0]!.flags).toBe('max-length:20');
    expect(store.units[1]!.note).toBe('');
  });
});

describe('writing Android values', () => {
  it('escapes apostrophes, quotes, backslashes, line breaks and markup characters', () => {
    expect(written('It\'s "50%" & <more>\nnext\tline \\ end')).toBe('It\\\'s \\"50%\\" &amp; &lt;more&gt;\\nnext\\tline \\\\ end');
  });

  it('escapes a leading @ or ? so the value is no reference', () => {
    expect(written('@home')).toBe('\\@home');
    expect(written('?attr')).toBe('\\?attr');
  });

  it('quotes values whose spaces would collapse, and keeps AOSP-style quoting', () => {
    expect(written(' padded  value ')).toBe('" padded  value "');
    expect(written("Don't stop", '"quoted"')).toBe('"Don\'t stop"');
  });

  it('keeps balanced inline tags and escapes the rest', () => {
    expect(written('<xliff:g id="n">%d</xliff:g> files <b>now</b> a<b')).toBe('<xliff:g id="n">%d</xliff:g> files <b>now</b> a&lt;b');
  });

  it('keeps CDATA values in CDATA', () => {
    expect(written('<a href="x">new</a>', '<![CDATA[<a href="y">old</a>]]>')).toBe('<![CDATA[<a href=\\"x\\">new</a>]]>');
  });

  it('rewrites only the edited value', () => {
    const body = '    <string name="a">A</string>\n    <string name="b" msgid="123">B</string>\n';
    const store = parse(body);
    store.updateUnit(1, { target: ['Bé'] });
    expect(store.serialize().toString('utf8')).toBe(wrap(body.replace('>B<', '>Bé<')));
  });

  it('adds missing plural items after the existing ones', () => {
    const body = '    <plurals name="n">\n        <item quantity="one">1 soubor</item>\n        <item quantity="other">%d souborů</item>\n    </plurals>\n';
    const store = parse(body, { pluralCategories: ['one', 'few', 'other'] });
    store.updateUnit(0, { target: ['1 soubor', '%d soubory', '%d souborů'] });
    expect(store.serialize().toString('utf8')).toBe(wrap(body.replace('souborů</item>\n', 'souborů</item>\n        <item quantity="few">%d soubory</item>\n')));
  });

  it('appends strings, plurals and array items in the file\'s indentation', () => {
    const store = parse('    <string name="a">A</string>\n    <string-array name="arr">\n        <item>One</item>\n    </string-array>\n', {
      pluralCategories: ['one', 'other'],
    });
    store.addUnit({ key: 'b', source: ['b'], target: ['B'], note: 'A note' });
    store.addUnit({ key: 'p', source: ['p'], target: ['1 item', '%d items'] });
    store.addUnit({ key: 'arr[1]', source: ['arr[1]'], target: ['Two'] });
    store.addUnit({ key: 'fresh[0]', source: ['fresh[0]'], target: ['New array'] });
    expect(store.serialize().toString('utf8')).toBe(
      wrap(
        '    <string name="a">A</string>\n    <string-array name="arr">\n        <item>One</item>\n        <item>Two</item>\n    </string-array>\n' +
          '    <!-- A note -->\n    <string name="b">B</string>\n' +
          '    <plurals name="p">\n        <item quantity="one">1 item</item>\n        <item quantity="other">%d items</item>\n    </plurals>\n' +
          '    <string-array name="fresh">\n        <item>New array</item>\n    </string-array>\n',
      ),
    );
  });

  it('removes a resource with its line', () => {
    const store = parse('    <string name="a">A</string>\n    <string name="b">B</string>\n');
    store.removeUnit(0);
    expect(store.serialize().toString('utf8')).toBe(wrap('    <string name="b">B</string>\n'));
  });

  it('reads the real NewPipe Hebrew plurals with Hebrew categories', () => {
    const file = path.join(REAL_WORLD_DIR, 'aresource/newpipe/values-he/strings.xml');
    if (!fs.existsSync(file)) return;
    const store = aresourceFormat.parse(fs.readFileSync(file), { pluralCategories: ['one', 'two', 'other'] });
    const plural = store.units.find((u) => u.target.length === 3 && u.target.every((t) => t !== ''));
    expect(plural).toBeDefined();
    expect(store.units.find((u) => u.key === 'did_you_mean')?.target[0]).toBe('כוונתך הייתה „%1$s”?');
  });

  it('parses 100,000 commented strings in linear time', () => {
    const bodyOf = (n: number) => Array.from({ length: n }, (_, i) => `    <!-- note ${i} -->\n    <string name="k${i}">Value \\'${i}\\' &amp; <xliff:g id="x">%s</xliff:g></string>\n`).join('');
    const bodies = new Map([10_000, 100_000].map((n) => [n, bodyOf(n)]));
    const store = parse(bodies.get(100_000)!);
    expect(store.units.length).toBe(100_000);
    expect(store.units[99_999]!.note).toBe('note 99999');
    const { ratio, smallMs, largeMs } = growthRatio((n) => parse(bodies.get(n)!), 10_000);
    console.log(`aresource: 10k units parsed in ${smallMs.toFixed(0)} ms, 100k in ${largeMs.toFixed(0)} ms`);
    expect(ratio).toBeLessThan(30); // 10 when linear (more with garbage collection), 100 when quadratic
  });
});
