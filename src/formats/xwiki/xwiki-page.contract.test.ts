// The shared format contract run on the XWiki page formats: handcrafted pages and real ones in test/fixtures.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { xwikiFullPageFormat, xwikiPagePropertiesFormat } from './xwiki-page.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (id: string) => path.relative(REAL_WORLD_DIR, path.join(FIXTURES, id));

const page = (content: string, extra = '') =>
  `<?xml version="1.1" encoding="UTF-8"?>\n\n<xwikidoc version="1.3" reference="Space.Translations" locale="">\n  <web>Space</web>\n  <name>Translations</name>\n  <language/>\n  <defaultLanguage>en</defaultLanguage>\n  <translation>0</translation>\n  <title>Translations</title>\n  <content>${content}</content>\n${extra}</xwikidoc>\n`;

describeFormatContract({
  format: xwikiPagePropertiesFormat,
  samples: [
    {
      name: 'comments, {0} with doubled apostrophes, escaped markup',
      units: 3,
      bytes: page("# Users\nusers.done=User account disabled\nusers.failed=Failed to disable the ''{0}'' account\nusers.count={1,choice,1#1 page|1&lt;{1} pages} &amp; more\n", '  <object>\n    <name>Space.Translations</name>\n  </object>\n'),
    },
    { name: 'empty content', units: 0, bytes: page('') },
    { name: 'self-closing content', units: 0, bytes: page('').replace('<content></content>', '<content/>') },
  ],
  malformed: [
    { name: 'not an XWiki page', bytes: '<?xml version="1.0"?>\n<resources/>\n', expectLine: true },
    { name: 'no content element', bytes: '<xwikidoc>\n  <title>x</title>\n</xwikidoc>\n', expectLine: true },
    { name: 'unclosed element', bytes: '<xwikidoc>\n  <content>a=b\n</xwikidoc>\n', expectLine: true },
    { name: 'malformed \\u escape in the content', bytes: page('a=ok\nb=\\u12G4\n'), expectLine: true },
  ],
  fixtures: [fixture('xwiki-page-properties')],
  createOptions: { language: 'cs' },
});

// Every full page has the units "content" and "title" at most: the samples leave the title empty, so the
// contract's new unit (the title) has room; the real files hold both.
const untitled = (content: string) => page(content).replace('<title>Translations</title>', '<title/>');

describeFormatContract({
  format: xwikiFullPageFormat,
  samples: [
    { name: 'multi-line content with wiki markup, no title', units: 1, bytes: untitled('= Heading =\n\nSome **bold** text with a [[link&gt;&gt;Main.WebHome]].\n\n{{toc/}}') },
    { name: 'one-line content, empty title element', units: 1, bytes: untitled('Hello &amp; welcome').replace('<title/>', '<title></title>') },
  ],
  malformed: [
    { name: 'not an XWiki page', bytes: '<?xml version="1.0"?>\n<html/>\n', expectLine: true },
    { name: 'mismatched end tag', bytes: '<xwikidoc>\n  <content>x</title>\n</xwikidoc>\n', expectLine: true },
  ],
  fixtures: [fixture('xwiki-fullpage')],
  newUnit: { key: 'title', context: 'title', source: ['Sandbox'], target: ['Pískoviště'] },
  createOptions: { language: 'cs' },
});
