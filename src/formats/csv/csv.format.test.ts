// CSV specifics: translate-toolkit columns and aliases, quoting in the file's style, dialect/EOL/encoding kept, Godot tables.
import { describe, expect, it } from 'vitest';
import { FormatParseError } from '../format.js';
import { csvFormat, csvSimpleFormat } from './csv.format.js';

const text = (b: Buffer): string => b.toString('utf8');

describe('csv (bilingual)', () => {
  it('maps translate-toolkit columns to unit fields', () => {
    const store = csvFormat.parse(
      Buffer.from(
        '"location","source","target","id","fuzzy","context","translator_comments","developer_comments"\r\n' +
          '"src/a.c:1","Open","Otevřít","","False","menu","check it","File menu"\r\n' +
          '"","Close","Zavřít","close.id","True","","",""\r\n',
      ),
    );
    expect(store.units[0]).toMatchObject({ key: 'menu', context: 'menu', source: ['Open'], target: ['Otevřít'], fuzzy: false, location: 'src/a.c:1', comment: 'check it', note: 'File menu' });
    expect(store.units[1]).toMatchObject({ key: 'close.id', context: 'close.id', fuzzy: true, approved: false });
  });

  it('accepts translate-toolkit header aliases and keeps unknown columns', () => {
    const input = 'original,translation,state,extra\nCat,Kočka,x,keep me\n';
    const store = csvFormat.parse(Buffer.from(input));
    expect(store.units[0]).toMatchObject({ source: ['Cat'], target: ['Kočka'], fuzzy: true });
    store.updateUnit(0, { target: ['Kocour'], fuzzy: false });
    expect(text(store.serialize())).toBe('original,translation,state,extra\nCat,Kocour,,keep me\n');
  });

  it('reads files without a header positionally, like translate-toolkit', () => {
    const three = csvFormat.parse(Buffer.from('"a.c:1","Dog","Pes"\n'));
    expect(three.units[0]).toMatchObject({ location: 'a.c:1', source: ['Dog'], target: ['Pes'] });
    const two = csvFormat.parse(Buffer.from('Dog,Pes\n'));
    expect(two.units[0]).toMatchObject({ source: ['Dog'], target: ['Pes'] });
  });

  it('writes fuzzy in the file\'s own style', () => {
    const store = csvFormat.parse(Buffer.from('source,target,fuzzy\na,b,False\nc,d,0\n'));
    store.updateUnit(0, { fuzzy: true });
    store.updateUnit(1, { fuzzy: true });
    expect(text(store.serialize())).toBe('source,target,fuzzy\na,b,True\nc,d,1\n');
  });

  it('quotes edited cells only where the file would', () => {
    const minimal = csvFormat.parse(Buffer.from('source,target\nA,B\nC,D\n'));
    minimal.updateUnit(0, { target: ['x, "y"'] });
    minimal.updateUnit(1, { target: ['plain'] });
    expect(text(minimal.serialize())).toBe('source,target\nA,"x, ""y"""\nC,plain\n');
    const all = csvFormat.parse(Buffer.from('"source","target"\n"A","B"\n'));
    all.updateUnit(0, { target: ['plain'] });
    all.addUnit({ source: ['New'], target: ['Nový'] });
    expect(text(all.serialize())).toBe('"source","target"\n"A","plain"\n"New","Nový"\n');
  });

  it('keeps the delimiter, quote character, CRLF, a BOM and UTF-16', () => {
    const bom = Buffer.from('\uFEFFsource;target\r\nA;B\r\n', 'utf8');
    const store = csvFormat.parse(bom);
    store.updateUnit(0, { target: ['x;y'] });
    store.addUnit({ source: ['C'], target: ['D'] });
    expect(store.serialize().equals(Buffer.from('\uFEFFsource;target\r\nA;"x;y"\r\nC;D\r\n', 'utf8'))).toBe(true);

    const single = csvFormat.parse(Buffer.from("'source','target'\n'a','it''s'\n"));
    expect(single.units[0]!.target).toEqual(["it's"]);
    single.updateUnit(0, { target: ["x'y, z"] });
    expect(text(single.serialize())).toBe("'source','target'\n'a','x''y, z'\n");

    const tab = csvFormat.parse(Buffer.from('source\ttarget\nA\tB\n'));
    expect(tab.units[0]!.target).toEqual(['B']);

    const utf16 = Buffer.from('\uFEFFsource,target\nŽába,Frog\n', 'utf16le');
    const u16 = csvFormat.parse(utf16);
    expect(u16.units[0]!.source).toEqual(['Žába']);
    expect(u16.serialize().equals(utf16)).toBe(true);
    u16.updateUnit(0, { target: ['Žabka'] });
    expect(u16.serialize().equals(Buffer.from('\uFEFFsource,target\nŽába,Žabka\n', 'utf16le'))).toBe(true);
  });

  it('keeps multi-line values and blank lines', () => {
    const input = 'source,target\n"two\r\nlines","dva\r\nřádky"\n\nA,B\n\n';
    const store = csvFormat.parse(Buffer.from(input));
    expect(store.units.map((u) => u.target[0])).toEqual(['dva\r\nřádky', 'B']);
    store.addUnit({ source: ['C'], target: ['D'] });
    expect(text(store.serialize())).toBe('source,target\n"two\r\nlines","dva\r\nřádky"\n\nA,B\nC,D\n\n');
  });

  it('appends and removes rows in files without a final newline', () => {
    const store = csvFormat.parse(Buffer.from('source,target\nA,B'));
    store.addUnit({ source: ['C'], target: ['D'] });
    expect(text(store.serialize())).toBe('source,target\nA,B\nC,D');
    store.removeUnit(1);
    expect(text(store.serialize())).toBe('source,target\nA,B');
  });

  it('reports the line of an unterminated quote', () => {
    try {
      csvFormat.parse(Buffer.from('source,target\nA,B\nC,"never closed\nmore\n'), { filename: 'x.csv' });
      expect.fail('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(FormatParseError);
      expect((e as FormatParseError).line).toBe(3);
      expect((e as FormatParseError).message).toMatch(/^x\.csv:3: unterminated quoted field/);
    }
  });

  it('reads Godot tables by language and adds a missing language column', () => {
    const godot = ',en,de\nKEY_A,Apple,Apfel\nKEY_B,"Pear, ripe",Birne\n';
    const de = csvFormat.parse(Buffer.from(godot), { language: 'de' });
    expect(de.units[1]).toMatchObject({ key: 'KEY_B', context: 'KEY_B', source: ['Pear, ripe'], target: ['Birne'] });
    const noLanguage = csvFormat.parse(Buffer.from(godot));
    expect(noLanguage.units[0]!.target).toEqual(['Apfel']);

    const cs = csvFormat.parse(Buffer.from(godot), { language: 'cs' });
    expect(cs.units.map((u) => u.target)).toEqual([[''], ['']]);
    cs.updateUnit(1, { target: ['Hruška'] });
    const out = text(cs.serialize());
    expect(out).toBe(',en,de,cs\nKEY_A,Apple,Apfel\nKEY_B,"Pear, ripe",Birne,Hruška\n');
    expect(csvFormat.parse(Buffer.from(out), { language: 'cs' }).units.map((u) => u.target[0])).toEqual(['', 'Hruška']);
  });

  it('creates a translate-toolkit file, with the template\'s units when given', () => {
    const empty = csvFormat.create({ language: 'cs' });
    expect(text(empty.serialize())).toBe('"location","source","target","id","fuzzy","context","translator_comments","developer_comments"\r\n');
    const template = csvFormat.parse(Buffer.from('source,target,context\nOpen,Open,menu\n'));
    const created = csvFormat.create({ language: 'cs', template });
    expect(text(created.serialize()).split('\r\n')[1]).toBe('"","Open","","","False","menu","",""');
    expect(created.units[0]).toMatchObject({ source: ['Open'], context: 'menu', target: [''] });
  });

  it('parses and writes 100,000 rows', () => {
    const rows = ['"source","target","context"'];
    for (let i = 0; i < 100_000; i++) rows.push(`"Source text number ${i}","Cílový text, číslo ${i}","ctx.${i}"`);
    const bytes = Buffer.from(rows.join('\n') + '\n');
    let started = performance.now();
    const store = csvFormat.parse(bytes);
    const parseMs = performance.now() - started;
    store.updateUnit(50_000, { target: ['změněno'] });
    started = performance.now();
    const edited = store.serialize();
    const serializeMs = performance.now() - started;
    console.log(`100k CSV rows, ${(bytes.length / 1e6).toFixed(1)} MB: parse ${parseMs.toFixed(0)} ms, serialize after an edit ${serializeMs.toFixed(0)} ms`);
    expect(store.units.length).toBe(100_000);
    expect(csvFormat.parse(edited).units[50_000]!.target).toEqual(['změněno']);
    // Generous bound: shared CI machines are slow; linear time is what matters.
    expect(parseMs).toBeLessThan(5000);
  });
});

describe('csv-simple (monolingual)', () => {
  it('uses the first column as key and the second as text', () => {
    const store = csvSimpleFormat.parse(Buffer.from('"%count items","%count položek"\nBack,Zpět\n'));
    expect(store.units[0]).toMatchObject({ key: '%count items', context: '%count items', source: ['%count items'], target: ['%count položek'] });
    expect(store.units[1]!.target).toEqual(['Zpět']);
  });

  it('recognises a header row of column names', () => {
    const withHeader = csvSimpleFormat.parse(Buffer.from('source,target\nhello,Ahoj\n'));
    expect(withHeader.units.map((u) => u.key)).toEqual(['hello']);
    const valueFirst = csvSimpleFormat.parse(Buffer.from('value,key\nAhoj,hello\n'));
    expect(valueFirst.units[0]).toMatchObject({ key: 'hello', target: ['Ahoj'] });
    const data = csvSimpleFormat.parse(Buffer.from('Source,Zdroj\n'));
    expect(data.units.map((u) => u.key)).toEqual(['Source']);
  });

  it('creates an empty file and appends quoted CRLF rows', () => {
    const store = csvSimpleFormat.create({ language: 'cs' });
    expect(store.serialize().length).toBe(0);
    store.addUnit({ key: 'app.title', source: ['app.title'], target: ['Název'] });
    store.addUnit({ key: 'app.empty', source: ['app.empty'], target: [''] });
    expect(text(store.serialize())).toBe('"app.title","Název"\r\n"app.empty",""\r\n');
  });
});

describe('csv decoding of hostile bytes', () => {
  it('rejects UTF-16 with an odd number of bytes (fuzz regression: a RangeError from swap16)', () => {
    expect(() => csvFormat.parse(Buffer.from([0xfe, 0xff, 0x00]))).toThrow(FormatParseError);
    expect(() => csvFormat.parse(Buffer.concat([Buffer.from('\uFEFFsource,target\n', 'utf16le'), Buffer.from([0x41])]))).toThrow(FormatParseError);
  });
});

describe('csv values starting with a single quote (fuzz regression)', () => {
  it('are quoted so that the first record does not make the next read pick \' as the quote character', () => {
    for (const format of [csvFormat, csvSimpleFormat]) {
      const store = format.parse(Buffer.from('Hello\n'));
      store.updateUnit(0, { target: ["' x"] });
      const bytes = store.serialize();
      expect(bytes.toString('utf8')).toContain('"\' x"');
      expect(format.parse(bytes).units.map((u) => u.target)).toEqual([["' x"]]);
    }
  });
});
