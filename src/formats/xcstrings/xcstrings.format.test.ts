// Unit tests of the String Catalog format: one language's view of the shared file, states, variations, new localizations.
import { describe, expect, it } from 'vitest';
import type { ParseOptions } from '../format.js';
import { CATALOG } from './samples.js';
import { xcstringsFormat, xcstringsLanguages } from './xcstrings.format.js';

const CS: ParseOptions = { language: 'cs', pluralCategories: ['one', 'few', 'many', 'other'] };
const bytes = Buffer.from(CATALOG, 'utf8');
const parse = (options: ParseOptions, data: Uint8Array = bytes) => xcstringsFormat.parse(data, options);

describe('xcstrings format', () => {
  it('lists the languages the catalogue holds', () => {
    expect(xcstringsLanguages(bytes).sort()).toEqual(['cs', 'de', 'en']);
  });

  it('shows one language: plural by category, device variations and substitutions as units of their own', () => {
    const units = parse(CS).units;
    expect(units.map((u) => [u.key, u.target, u.fuzzy, u.location])).toEqual([
      ['%lld files', ['%lld soubor', '%lld soubory', '', '%lld souborů'], false, ''],
      ['Open the settings', ['Otevřít nastavení'], true, ''],
      ['Tap to continue[device=iphone]', ['Klepnutím pokračujte'], false, 'device: iphone'],
      ['Tap to continue[device=mac]', ['Kliknutím pokračujte'], false, 'device: mac'],
      ['You have %#@apples@ and %#@pears@', ['Máte %#@apples@ a %#@pears@'], true, ''],
      ['You have %#@apples@ and %#@pears@[substitution=apples]', ['%arg jablko', '', '', '%arg jablek'], false, 'substitution: apples'],
    ]);
    expect(units[0]!.note).toBe('Number of files in the folder');
  });

  it('leaves out keys not to translate and stale keys, keeping them in the file', () => {
    const store = parse(CS);
    expect(store.units.some((u) => u.key === 'Old label' || u.key === '')).toBe(false);
    store.updateUnit(1, { target: ['Otevřít'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('"Old label" : {\n      "extractionState" : "stale"');
    expect(out).toContain('"" : {\n      "shouldTranslate" : false\n    }');
  });

  it('edits only its language: the same key in another language keeps its bytes', () => {
    const store = parse(CS);
    store.updateUnit(1, { target: ['Otevřít nastavení hned'], fuzzy: false });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('"cs" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "Otevřít nastavení hned"');
    expect(out).toContain('"de" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "Einstellungen öffnen"');
    expect(parse({ language: 'de' }, Buffer.from(out)).units.map((u) => u.target)).toEqual(parse({ language: 'de' }).units.map((u) => u.target));
  });

  it('marks fuzzy as needs_review and back as translated', () => {
    const store = parse(CS);
    store.updateUnit(0, { fuzzy: true });
    const back = parse(CS, store.serialize());
    expect(back.units[0]!.fuzzy).toBe(true);
    expect(store.serialize().toString('utf8')).toContain('"state" : "needs_review",\n                  "value" : "%lld soubor"');
  });

  it('adds a missing plural form in category order', () => {
    const store = parse(CS);
    store.updateUnit(0, { target: ['%lld soubor', '%lld soubory', '%lld souboru', '%lld souborů'] });
    const out = store.serialize().toString('utf8');
    expect(out.indexOf('"many"')).toBeGreaterThan(out.indexOf('"few"'));
    expect(out.indexOf('"many"')).toBeLessThan(out.indexOf('"one"'));
    expect(parse(CS, Buffer.from(out)).units[0]!.target[2]).toBe('%lld souboru');
  });

  it('reads a source string without a source localization as its key, and writes one only when the text differs', () => {
    const en = parse({ language: 'en' });
    const cancel = en.units.findIndex((u) => u.key === 'Cancel');
    expect(en.units[cancel]!.target).toEqual(['Cancel']);
    en.updateUnit(cancel, { target: ['Cancel'] });
    expect(en.serialize().equals(bytes)).toBe(true);
    en.updateUnit(cancel, { target: ['Cancel now'] });
    expect(parse({ language: 'en' }, en.serialize()).units[cancel]!.target).toEqual(['Cancel now']);
  });

  it('gives a new language its localization, placed in sorted order, with the spelling Xcode uses', () => {
    const store = parse({ language: 'pt_BR' });
    expect(store.units.length).toBe(0);
    store.addUnit({ key: 'Open the settings', source: ['Open the settings'], target: ['Abrir ajustes'] });
    const out = store.serialize().toString('utf8');
    expect(out).toContain('"de" : {\n          "stringUnit" : {\n            "state" : "translated",\n            "value" : "Einstellungen öffnen"\n          }\n        },\n        "pt-BR" : {');
    expect(parse({ language: 'pt_BR' }, Buffer.from(out)).units.map((u) => u.target)).toEqual([['Abrir ajustes']]);
  });

  it('adds device variations under the device, and removes a language without touching the others', () => {
    const store = parse({ language: 'de' });
    store.addUnit({ key: 'Tap to continue[device=iphone]', source: ['x'], target: ['Tippen zum Fortfahren'] });
    store.removeUnit(0);
    const back = parse({ language: 'de' }, store.serialize());
    expect(back.units.map((u) => [u.key, u.target[0]])).toEqual([['Tap to continue[device=iphone]', 'Tippen zum Fortfahren']]);
    expect(parse(CS, store.serialize()).units.map((u) => u.target)).toEqual(parse(CS).units.map((u) => u.target));
  });

  it('adds a language to every key to translate as "new" with the source text, and removes it again', () => {
    const ops = xcstringsFormat.sharedFile!;
    const added = ops.addLanguage(bytes, { language: 'pt_BR', pluralCategories: ['one', 'many', 'other'] });
    expect(ops.languages(added).sort()).toEqual(['cs', 'de', 'en', 'pt-BR']);
    const view = parse({ language: 'pt_BR' }, added);
    const cancel = view.units.find((u) => u.key === 'Cancel');
    expect(cancel).toMatchObject({ target: ['Cancel'], fuzzy: true });
    expect(view.units.some((u) => u.key === 'Old label' || u.key === '')).toBe(false);
    expect(Buffer.from(ops.addLanguage(added, { language: 'pt-BR' })).equals(Buffer.from(added))).toBe(true);
    expect(parse(CS, added).units).toEqual(parse(CS).units);
    const removed = ops.removeLanguage(added, 'pt_BR');
    expect(ops.languages(removed).sort()).toEqual(['cs', 'de', 'en']);
    for (const language of ['cs', 'de', 'en']) expect(parse({ language }, removed).units).toEqual(parse({ language }).units);
    expect(ops.languages(ops.removeLanguage(bytes, 'cs')).sort()).toEqual(['de', 'en']);
    expect(Buffer.from(ops.addLanguage(bytes, { language: 'en' })).equals(bytes)).toBe(true);
  });

  it('creates an empty catalogue that writes plurals by the categories it is given', () => {
    const store = xcstringsFormat.create({ language: 'cs', pluralCategories: ['one', 'few', 'other'] });
    store.addUnit({ key: 'n files', source: ['n files', 'n files'], target: ['%d soubor', '%d soubory', '%d souborů'] });
    expect(parse({ language: 'cs', pluralCategories: ['one', 'few', 'other'] }, store.serialize()).units[0]!.target).toEqual(['%d soubor', '%d soubory', '%d souborů']);
  });

  it('refuses catalogues over the size bound', () => {
    expect(() => xcstringsFormat.parse(new Uint8Array(65 * 1024 * 1024))).toThrow(/larger than/);
  });
});
