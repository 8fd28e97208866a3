// ResX rules: which <data> are units, XML escaping of values, edits in place, new entries, new translation files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_DIR } from '../contract/format-contract.js';
import { resxFormat } from './resx.format.js';

const doc = (body: string): string => `<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <resheader name="resmimetype">\n    <value>text/microsoft-resx</value>\n  </resheader>\n${body}</root>\n`;
const parse = (body: string) => resxFormat.parse(Buffer.from(doc(body)));

describe('resx', () => {
  it('reads string data with comments and skips typed, mime and designer entries', () => {
    const store = parse(
      '  <data name="A" xml:space="preserve"><value>Text &amp; more</value><comment>Note</comment></data>\n' +
        '  <data name="Point" type="System.Drawing.Point, System.Drawing"><value>1, 2</value></data>\n' +
        '  <data name="Icon" mimetype="application/x-microsoft.net.object.bytearray.base64"><value>AAAA</value></data>\n' +
        '  <data name="&gt;&gt;label.Name"><value>label</value></data>\n' +
        '  <data name="S" type="System.String, mscorlib"><value>typed string</value></data>\n' +
        '  <data name="Empty"><value /></data>\n',
    );
    expect(store.units.map((u) => [u.key, u.target[0], u.note])).toEqual([
      ['A', 'Text & more', 'Note'],
      ['S', 'typed string', ''],
      ['Empty', '', ''],
    ]);
  });

  it('escapes <, & and > and keeps line breaks', () => {
    const store = parse('  <data name="A" xml:space="preserve">\n    <value>old</value>\n  </data>\n  <data name="E"><value/></data>\n');
    store.updateUnit(0, { target: ['a < b & c > d\nnext "quoted" \'single\''] });
    store.updateUnit(1, { target: ['filled'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('<value>a &lt; b &amp; c &gt; d\nnext "quoted" \'single\'</value>');
    expect(out).toContain('<data name="E"><value>filled</value></data>');
    expect(resxFormat.parse(Buffer.from(out)).units.map((u) => u.target[0])).toEqual(['a < b & c > d\nnext "quoted" \'single\'', 'filled']);
  });

  it('appends data entries in the file\'s indentation, with a comment from the note', () => {
    const store = parse('  <data name="A" xml:space="preserve">\n    <value>a</value>\n  </data>\n');
    store.addUnit({ key: 'B', source: ['B'], target: ['b & c'], note: 'Explain' });
    expect(store.serialize().toString('utf8')).toBe(
      doc('  <data name="A" xml:space="preserve">\n    <value>a</value>\n  </data>\n  <data name="B" xml:space="preserve">\n    <value>b &amp; c</value>\n    <comment>Explain</comment>\n  </data>\n'),
    );
  });

  it('creates a translation with the template\'s header and no resources', () => {
    const template = parse('  <assembly alias="x" name="y" />\n  <data name="A" xml:space="preserve">\n    <value>a</value>\n  </data>\n');
    const created = resxFormat.create({ language: 'cs', template });
    expect(created.serialize().toString('utf8')).toBe(doc('  <assembly alias="x" name="y" />\n'));
    expect(resxFormat.create({ language: 'cs' }).serialize().toString('utf8')).toContain('<value>text/microsoft-resx</value>');
  });

  it('reads the WinForms designer file of ShareX: only texts, @Invariant flagged read-only', () => {
    const file = path.join(REAL_WORLD_DIR, 'resx/sharex/Forms/AboutForm.resx');
    if (!fs.existsSync(file)) return;
    const store = resxFormat.parse(fs.readFileSync(file));
    expect(store.units.every((u) => u.key.endsWith('.Text'))).toBe(true);
    expect(store.units.find((u) => u.key === 'lblProductName.Text')?.flags).toBe('read-only');
  });
});
