// Qt Linguist specifics: lupdate escaping, numerus layouts, unfinished/vanished handling, additions, create().
import { describe, expect, it } from 'vitest';
import { CS, TS_SAMPLE, TS_TRANSIFEX } from './samples.js';
import { escapeTsText } from './ts-text.js';
import { tsFormat } from './ts.format.js';

const parse = (text: string | Buffer, options: Parameters<typeof tsFormat.parse>[1] = CS) =>
  tsFormat.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, options);

describe('ts reading', () => {
  it('maps contexts, disambiguation, comments, locations and states', () => {
    const units = parse(TS_SAMPLE).units;
    expect(units).toHaveLength(4); // the vanished message is not a unit
    expect(units[0]).toMatchObject({
      key: 'MainWindow\u0004menu',
      context: 'MainWindow\u0004menu',
      source: ['&Open "%1"'],
      target: ['&Otevřít "%1"'],
      note: 'File menu entry',
      comment: 'Keep the accelerator',
      location: '../mainwindow.ui:14',
      fuzzy: false,
    });
    expect(units[1]).toMatchObject({ context: 'MainWindow', source: ['%n file(s)', '%n file(s)'], target: ['%n soubor', '%n soubory', '%n souborů'] });
    expect(units[2]).toMatchObject({ source: ["It's <b>bold</b>"], fuzzy: true });
    expect(units[3]).toMatchObject({ context: 'Dialog', target: [''], fuzzy: false });
  });

  it('pads numerus forms to the language plural count', () => {
    const units = parse(TS_TRANSIFEX, { pluralCategories: ['one', 'few', 'many', 'other'] }).units;
    expect(units[0]!.target).toEqual(['', '', '', '']);
  });
});

describe('ts writing', () => {
  it('escapes like lupdate, control characters as <byte>', () => {
    expect(escapeTsText(`It's "<b>" & more`)).toBe('It&apos;s &quot;&lt;b&gt;&quot; &amp; more');
    expect(escapeTsText('a\u001bb')).toBe('a<byte value="x1b"/>b');
    const store = parse(TS_SAMPLE);
    store.updateUnit(0, { target: ['bell\u0007 & "q"'] });
    expect(parse(store.serialize()).units[0]!.target).toEqual(['bell\u0007 & "q"']);
  });

  it('drops type="unfinished" when a translation is confirmed and adds it for fuzzy', () => {
    const store = parse(TS_SAMPLE);
    store.updateUnit(2, { fuzzy: false });
    store.updateUnit(3, { target: ['Zrušit'] });
    store.updateUnit(0, { fuzzy: true });
    const out = store.serialize().toString();
    expect(out).toContain('<translation>To je &lt;b&gt;tučné&lt;/b&gt;</translation>');
    expect(out).toContain('<translation>Zrušit</translation>');
    expect(out).toContain('<translation type="unfinished">&amp;Otevřít &quot;%1&quot;</translation>');
    expect(out).toContain('<translation type="vanished">Starý text</translation>');
  });

  it('fills Transifex self-closed and inline numerus translations in their layout', () => {
    const store = parse(TS_TRANSIFEX);
    store.updateUnit(0, { target: ['%n záznam', '%n záznamy', '%n záznamů'] });
    store.updateUnit(1, { target: ['Chcete uložit?'] });
    const out = store.serialize().toString();
    expect(out).toContain('<translation><numerusform>%n záznam</numerusform><numerusform>%n záznamy</numerusform><numerusform>%n záznamů</numerusform></translation>');
    expect(out).toContain('<translation>Chcete uložit?</translation>');
    expect(out.endsWith('</TS>')).toBe(true);
  });

  it('rewrites numerus forms when their number changes, one per line as lupdate does', () => {
    const store = parse(TS_SAMPLE, { pluralCategories: ['one', 'few', 'many', 'other'] });
    store.updateUnit(1, { target: ['a', 'b', 'c', 'd'] });
    expect(store.serialize().toString()).toContain(
      '        <translation>\n            <numerusform>a</numerusform>\n            <numerusform>b</numerusform>\n' +
        '            <numerusform>c</numerusform>\n            <numerusform>d</numerusform>\n        </translation>',
    );
  });

  it('adds messages to their context, or to a new context at the end', () => {
    const store = parse(TS_SAMPLE);
    store.addUnit({ context: 'Dialog', source: ['Apply'], target: ['Použít'], location: 'dialog.cpp:7' });
    store.addUnit({ context: 'Other\u0004verb', source: ['%n item(s)', '%n items'], target: ['a', 'b', 'c'], note: 'Count' });
    const out = store.serialize().toString();
    expect(out).toContain(
      '        <translation type="vanished">Starý text</translation>\n    </message>\n    <message>\n' +
        '        <location filename="dialog.cpp" line="7"/>\n        <source>Apply</source>\n        <translation>Použít</translation>\n    </message>\n</context>\n<context>\n',
    );
    expect(out).toContain(
      '<context>\n    <name>Other</name>\n    <message numerus="yes">\n        <source>%n item(s)</source>\n        <comment>verb</comment>\n' +
        '        <extracomment>Count</extracomment>\n        <translation>\n            <numerusform>a</numerusform>\n',
    );
    const back = parse(out).units;
    expect(back.map((u) => u.context)).toEqual(['MainWindow\u0004menu', 'MainWindow', 'MainWindow', 'Dialog', 'Dialog', 'Other\u0004verb']);
  });

  it('creates an empty file, or one with the template messages unfinished', () => {
    const empty = tsFormat.create({ language: 'de' }).serialize().toString();
    expect(empty).toBe('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="de">\n</TS>\n');
    const created = tsFormat.create({ language: 'cs', template: parse(TS_SAMPLE), pluralCategories: CS.pluralCategories });
    const back = parse(created.serialize());
    expect(back.units.map((u) => u.context)).toEqual(parse(TS_SAMPLE).units.map((u) => u.context));
    expect(back.units[1]!.target).toEqual(['', '', '']);
    expect(created.serialize().toString()).toContain('<translation type="unfinished"></translation>');
  });
});
