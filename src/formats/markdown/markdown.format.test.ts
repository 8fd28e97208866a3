// Markdown document rules: block structure, container prefixes on edit, tables, untranslated blocks, template alignment.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR } from '../contract/format-contract.js';
import { markdownFormat } from './markdown.format.js';

type Store = ReturnType<typeof markdownFormat.parse>;
const parse = (text: string, template?: Store): Store => markdownFormat.parse(Buffer.from(text, 'utf8'), template ? { template } : {});
const texts = (text: string): string[] => parse(text).units.map((u) => u.target[0]!);
const notes = (text: string): string[] => parse(text).units.map((u) => u.note);
const out = (store: Store): string => store.serialize().toString('utf8');

describe('markdown segments', () => {
  it('finds ATX and setext headings without their markers', () => {
    expect(texts('# Title #\n\n## Sub ##   \n\nSetext *one*\nsecond line\n===\n\nTwo\n---\n\n#hashtag is text\n')).toEqual([
      'Title',
      'Sub',
      'Setext *one*\nsecond line',
      'Two',
      '#hashtag is text',
    ]);
  });

  it('keeps inline markup, links, images, autolinks and inline HTML in the paragraph', () => {
    const md = 'Read **this** [link](http://x "Link title") ![alt](a.png) <https://example.com> <kbd>Ctrl</kbd> `code` \\*not em\\*\n';
    expect(texts(md)).toEqual([md.slice(0, -1)]);
  });

  it('strips block quote and list prefixes from the text', () => {
    expect(texts('> Quoted line one\n> line two\n>\n> Second quote paragraph\n')).toEqual(['Quoted line one\nline two', 'Second quote paragraph']);
    expect(texts('- Item one\n  continued\n- Item two\n  - Nested item\n\n1. First\n2) Second\n')).toEqual([
      'Item one\ncontinued',
      'Item two',
      'Nested item',
      'First',
      'Second',
    ]);
    expect(notes('> q\n\n- i\n\np\n')).toEqual(['block quote', 'list item', 'paragraph']);
  });

  it('takes lazy continuation lines into the paragraph', () => {
    expect(texts('> Lazy start\ncontinues here\n\n- item\nlazy too\n')).toEqual(['Lazy start\ncontinues here', 'item\nlazy too']);
  });

  it('leaves task boxes outside the item text', () => {
    expect(texts('- [ ] Open task\n- [x] Done task\n- [link](x) not a task\n')).toEqual(['Open task', 'Done task', '[link](x) not a task']);
  });

  it('does not translate code, front matter, comments, raw HTML blocks or code-only paragraphs', () => {
    const md = [
      '---',
      'title: Hello',
      '---',
      '```js',
      'const a = "text";',
      '```',
      '',
      '~~~',
      'more code',
      '~~~',
      '',
      '    indented code',
      '',
      '<!-- a',
      'comment -->',
      '',
      '<script>',
      'let x = 1;',
      '</script>',
      '',
      '`tar xf {{file}}`',
      '',
      '``code with ` inside``',
      '',
      '`one` and `two`',
      '',
    ].join('\n');
    expect(texts(md)).toEqual(['`one` and `two`']);
  });

  it('segments the text of HTML blocks as HTML', () => {
    const md = '<details>\n<summary>Click to see</summary>\n<p>Inside <b>html</b></p>\n</details>\n\nAfter\n';
    expect(parse(md).units.map((u) => [u.note, u.target[0]])).toEqual([
      ['<summary>', 'Click to see'],
      ['<p>', 'Inside <b>html</b>'],
      ['paragraph', 'After'],
    ]);
  });

  it('makes every table cell a unit and skips the delimiter row', () => {
    const md = '| Name | Value |\n|:-----|------:|\n| `--x` | Does *x* |\n| a \\| b | |\n\nAfter the table\n';
    expect(texts(md)).toEqual(['Name', 'Value', 'Does *x*', 'a \\| b', 'After the table']);
  });

  it('reads link reference titles', () => {
    expect(texts('[a]: http://x "Double title"\n[b]: <http://y> \'Single\'\n[c]: http://z (Paren)\n[d]: http://w\n[^1]: A footnote\n')).toEqual([
      'Double title',
      'Single',
      'Paren',
      '[^1]: A footnote',
    ]);
  });
});

describe('markdown editing', () => {
  it('writes new lines of a quoted or listed paragraph with the container prefix', () => {
    const store = parse('> Quote\n\n- Item\n  - Nested\n\nPlain\n');
    store.updateUnit(0, { target: ['Citace\nna dva řádky'] });
    store.updateUnit(1, { target: ['Položka\ndruhý řádek'] });
    store.updateUnit(2, { target: ['Vnořená\npoložka'] });
    store.updateUnit(3, { target: ['Prostý\ntext'] });
    const text = out(store);
    expect(text).toBe('> Citace\n> na dva řádky\n\n- Položka\n  druhý řádek\n  - Vnořená\n    položka\n\nProstý\ntext\n');
    expect(parse(text).units.map((u) => u.target[0])).toEqual(['Citace\nna dva řádky', 'Položka\ndruhý řádek', 'Vnořená\npoložka', 'Prostý\ntext']);
  });

  it('reuses the prefix of the original continuation lines', () => {
    const store = parse('>  Wide\n>  quote\n');
    store.updateUnit(0, { target: ['a\nb\nc'] });
    expect(out(store)).toBe('>  a\n>  b\n>  c\n');
  });

  it('keeps quotes, markup, backslashes and line breaks of a paragraph verbatim', () => {
    const tricky = 'Say "hi" & <b>bye</b> \'now\'\nnext line: čeština 日本語 =:# \\ {0} %s';
    const store = parse('Para\n\n> Quoted\n');
    store.updateUnit(0, { target: [tricky] });
    store.updateUnit(1, { target: [tricky] });
    expect(parse(out(store)).units.map((u) => u.target[0])).toEqual([tricky, tricky]);
  });

  it('flattens line breaks in headings and table cells, and escapes pipes in cells', () => {
    const store = parse('# Head\n\n| A | B |\n|---|---|\n| c | d |\n');
    store.updateUnit(0, { target: ['Two\nlines'] });
    store.updateUnit(3, { target: ['x | y\nz'] });
    expect(out(store)).toBe('# Two lines\n\n| A | B |\n|---|---|\n| x \\| y z | d |\n');
  });

  it('escapes a trailing " #" of a heading, which would close it', () => {
    const store = parse('# Head\n\n## C#\n');
    store.updateUnit(0, { target: ['Issue #'] });
    store.updateUnit(1, { target: ['F#'] });
    expect(out(store)).toBe('# Issue \\#\n\n## F#\n');
    expect(parse(out(store)).units.map((u) => u.target[0])).toEqual(['Issue \\#', 'F#']);
  });

  it('escapes the delimiter of a link title', () => {
    const store = parse('[a]: http://x "T"\n');
    store.updateUnit(0, { target: ['Say "hi"'] });
    expect(out(store)).toBe('[a]: http://x "Say \\"hi\\""\n');
  });

  it('keeps CRLF line ends in rewritten paragraphs', () => {
    const store = parse('> One\r\n\r\nTwo\r\n');
    store.updateUnit(0, { target: ['a\nb'] });
    expect(out(store)).toBe('> a\r\n> b\r\n\r\nTwo\r\n');
  });

  it('removes a top-level block with its blank line, and appends paragraphs after a blank line', () => {
    const store = parse('# Title\n\nFirst para\n\nSecond para\n');
    store.removeUnit(1);
    store.addUnit({ source: ['New'], target: ['Nový odstavec'] });
    expect(out(store)).toBe('# Title\n\nSecond para\n\nNový odstavec\n');
  });
});

describe('markdown translations aligned with the template', () => {
  it('reads identical segments as untranslated and keeps the template keys', () => {
    const template = parse('# tar\n\n> Archiving utility.\n\n- [c]reate an archive:\n');
    const translation = parse('# tar\n\n> أداة أرشفة.\n\n- إنشاء أرشيف:\n', template);
    expect(translation.units.map((u) => [u.key, u.source[0], u.target[0]])).toEqual([
      [template.units[0]!.key, 'tar', ''],
      [template.units[1]!.key, 'Archiving utility.', 'أداة أرشفة.'],
      [template.units[2]!.key, '[c]reate an archive:', 'إنشاء أرشيف:'],
    ]);
  });

  it('creates a translation from the template that writes the source where untranslated', () => {
    const source = '# Title\n\n> Quote\n\nText\n';
    const template = parse(source);
    const created = markdownFormat.create({ language: 'cs', template });
    expect(created.units.map((u) => u.target[0])).toEqual(['', '', '']);
    created.updateUnit(1, { target: ['Citace'] });
    expect(out(created)).toBe('# Title\n\n> Citace\n\nText\n');
  });

  it('aligns the real tldr Arabic page with the English one', () => {
    const dir = path.join(REAL_WORLD_DIR, 'markdown/tldr');
    if (!fs.existsSync(dir)) return;
    const template = markdownFormat.parse(fs.readFileSync(path.join(dir, 'pages/common/tar.md')));
    const ar = markdownFormat.parse(fs.readFileSync(path.join(dir, 'pages.ar/common/tar.md')), { template });
    expect(ar.units.length).toBe(template.units.length);
    expect(ar.units[0]!.target).toEqual(['']); // "tar" is the same in both
    expect(ar.units[2]!.source).toEqual(['[c]reate an archive and write it to a [f]ile:']);
    expect(ar.units[2]!.target).toEqual(['إنشاء أرشيف وكتابته إلى ملف:']);
  });
});

describe('markdown limits', () => {
  it('parses 100,000 list items quickly', () => {
    const md = Array.from({ length: 100_000 }, (_, i) => `- Item **number** ${i}\n`).join('');
    const started = performance.now();
    const store = markdownFormat.parse(Buffer.from(md));
    const ms = performance.now() - started;
    console.log(`markdown: 100k units parsed in ${ms.toFixed(0)} ms`);
    expect(store.units.length).toBe(100_000);
    expect(ms).toBeLessThan(1500); // a loaded CI machine; unloaded it takes a third of that
  });
});

describe('markdown container nesting limit (fuzz regression: "- - - …" on one line was quadratic)', () => {
  it('reads list markers nested past 100 levels as text, in linear time', () => {
    const line = '- '.repeat(100) + '- - x';
    expect(texts(`${line}\n`)).toEqual(['- - x']);
    const huge = '- '.repeat(50_000) + 'x\n';
    const start = performance.now();
    const store = parse(huge);
    expect(performance.now() - start).toBeLessThan(1500);
    expect(store.units.map((u) => u.target[0]!.length)).toEqual([huge.length - 201]);
    expect(out(store)).toBe(huge);
  });

  it('still nests ordinary lists and quotes', () => {
    expect(texts('- a\n  - b\n    > c\n')).toEqual(['a', 'b', 'c']);
  });
});
